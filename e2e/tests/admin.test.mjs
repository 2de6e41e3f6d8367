// The admin end to end: /admin/newsletter (the admin remote) against the built
// bin/gateway with an admin whose password hash `bin/gateway hash-password` made. The
// page asks for a sign-in, refuses a wrong password, shows the real subscriber counts,
// and 'Publish' ('Republish' once sent) sends the edition through the outbox to an SMTP sink this file starts
// (services/mail/cmd/smtpsink): one email per confirmed subscriber. The suite's shared
// gateway has no admin: there the page says to look for the setup link in the gateway's
// log; a gateway of this file's own, with no admin either, is set up through the link
// it logged. No state of the page logs a console error. Its own gateways and sink are
// killed by PID when the file is done.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe } from "node:test";
import { linkIn, mailingAdminEnv, seedReaders } from "../lib/admin.mjs";
import { axeViolations } from "../lib/axe.mjs";
import { passwordHash, startGateway } from "../lib/gateway.mjs";
import {
  eventually,
  expectToast,
  goto,
  holdRequests,
  requestsTo,
  waitForPage,
} from "../lib/page.mjs";
import { REPO_ROOT } from "../lib/paths.mjs";
import { startSmtpSink } from "../lib/smtpsink.mjs";
import { e2eTest } from "../lib/suite.mjs";

const editions = JSON.parse(
  readFileSync(join(REPO_ROOT, "content", "dist", "newsletter-index.json"), "utf8"),
).editions;
const USER = "owner";
const PASSWORD = "e2e admin password, long enough";
/** Where the owner's mail goes: contact notifications, and a test of an edition. */
const OWNER_EMAIL = "owner@portfolio-e2e.test";

let sink;
let gateway;
/** Absolute URL on the admin's own origin of this file's gateway, where its pages and API are (docs/decisions/0047). */
const adm = (path) => `${gateway.adminUrl}${path}`;
/** The subscribers seeded in before(): who an edition must reach, and who not. */
const readers = { confirmed: [], unconfirmed: [], unsubscribed: [] };

const loginForm = (page) => page.getByRole("form", { name: "Admin sign in" });
const userField = (page) => loginForm(page).getByLabel("User name", { exact: true });
const passwordField = (page) => loginForm(page).getByLabel("Password", { exact: true });
const signInButton = (page) =>
  loginForm(page).getByRole("button", { name: /^(Sign in|Signing in\.\.\.)$/ });
const signedIn = (page) => page.getByText(`Signed in as ${USER}`);
const statCard = (page, title) =>
  page
    .getByRole("heading", { name: title, exact: true })
    .locator('xpath=ancestor::*[contains(@class,"rounded")][1]');
const editionItem = (page, title) =>
  page
    .getByRole("list", { name: "Editions" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: title, exact: true }) });

const header = (msg, name) => (msg.headers?.[name] ?? []).join(", ");
const unique = (what) =>
  `${what}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.org`;

async function signIn(page, password = PASSWORD) {
  await userField(page).fill(USER);
  await passwordField(page).fill(password);
  await signInButton(page).click();
}

async function openAdmin(page, url = adm("/admin/newsletter")) {
  await goto(page, url);
  await waitForPage(page);
}

// A wrong password is answered 401, which the browser logs: expected after that action only.
const wrongPassword = {
  allowConsoleErrors: [(p) => /status of 401/.test(p.text) && /\/api\/admin\/session$/.test(p.url)],
};

describe("admin", () => {
  before(async () => {
    sink = await startSmtpSink();
    // The hash the owner would make: bcrypt of the password read from stdin.
    const hash = passwordHash(PASSWORD);
    assert.match(hash, /^\$2[aby]\$12\$/);
    gateway = await startGateway({
      env: {
        ...mailingAdminEnv(sink, USER, hash),
        PORTFOLIO_OWNER_EMAIL: OWNER_EMAIL,
      },
    });

    // Two confirmed subscribers, one who never confirms, one who confirmed and left.
    readers.confirmed = [unique("ada"), unique("grace")];
    readers.unconfirmed = [unique("lazy")];
    readers.unsubscribed = [unique("gone")];
    await seedReaders(gateway.url, sink, readers);
    await sink.clear();
  });

  after(async () => {
    await gateway?.stop();
    await sink?.stop();
  });

  e2eTest(
    "without an admin, the page says to look for the setup link in the gateway's log and the API is closed",
    async ({ page, adminURL }) => {
      await openAdmin(page, `${adminURL}/admin/newsletter`);
      const notice = page.getByRole("region", { name: "The admin is not set up yet" });
      await notice.waitFor();
      const text = await notice.innerText();
      for (const want of [
        "setup link in its log",
        "/admin/newsletter#setup=",
        "PORTFOLIO_ADMIN_USER",
        "PORTFOLIO_ADMIN_PASSWORD_HASH",
        "bin/gateway hash-password",
      ]) {
        assert.ok(text.includes(want), `the notice does not mention ${want}: ${text}`);
      }
      assert.equal(await loginForm(page).count(), 0, "no sign-in form without an admin");
      assert.deepEqual(await axeViolations(page, "not set up"), []);
      const res = await page.request.get(`${adminURL}/api/admin/stats`);
      assert.equal(res.status(), 503);
      assert.equal((await res.json()).error.code, "not_configured");
    },
  );

  // Lighthouse counts a failed request as a console error: the page's own requests all
  // succeed while signed out, with or without an admin (the suite also fails any test
  // on a console error).
  for (const [state, url] of [
    ["no admin", (base) => `${base}/admin/newsletter`],
    ["an admin, signed out", () => adm("/admin/newsletter")],
  ]) {
    e2eTest(
      `/admin/newsletter signed out (${state}) makes no failed request and logs no console error`,
      async ({ page, adminURL, problems }) => {
        const failed = [];
        page.on("response", (r) => {
          if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
        });
        await openAdmin(page, url(adminURL));
        await page
          .getByRole(state === "no admin" ? "region" : "form", {
            name: state === "no admin" ? "The admin is not set up yet" : "Admin sign in",
          })
          .waitFor();
        await page.waitForLoadState("networkidle");
        assert.deepEqual(failed, []);
        assert.deepEqual(
          problems.filter((p) => p.kind === "console.error"),
          [],
        );
      },
    );
  }

  // docs/decisions/0068-the-admin-page-served-signed-out.md
  e2eTest(
    "signed out, the sign-in form comes in the served page: shown before any script runs, hydrated in place; a session gets the frame that asks",
    async ({ page }) => {
      const served = async (request) =>
        (await (await request.get(adm("/admin/newsletter"))).text()).replace(/\s+/g, " ");
      // Without a cookie: the form, no session check.
      const plain = await fetch(adm("/admin/newsletter"));
      assert.match(plain.headers.get("vary") ?? "", /Cookie/);
      const html = await plain.text();
      assert.ok(html.includes("Admin sign in"), "the served page has no sign-in form");
      assert.ok(!html.includes("Checking your session…"), "the served page checks the session");

      // Without JavaScript it could not be sent: hidden, and the page says why.
      const noJs = await page.context().browser().newContext({ javaScriptEnabled: false });
      try {
        const bare = await noJs.newPage();
        await bare.goto(adm("/admin/newsletter"));
        assert.ok(await bare.getByText(/The admin needs JavaScript/).isVisible());
        assert.equal(await loginForm(bare).isVisible(), false, "a form no one can send is shown");
      } finally {
        await noJs.close();
      }

      // Painted with no script at all: the form is there to fill in.
      await page.route(/\.(m?js)(\?|$)/, (route) =>
        route.fulfill({ contentType: "text/javascript", body: "" }),
      );
      await goto(page, adm("/admin/newsletter"));
      await userField(page).waitFor();
      assert.ok(await passwordField(page).isVisible());
      assert.equal(await page.getByText("Checking your session…").count(), 0);
      await page.unroute(/\.(m?js)(\?|$)/);

      // With its scripts: typed into before it is hydrated, kept once it is.
      await goto(page, adm("/admin/newsletter"));
      await userField(page).fill(USER);
      await page.locator('[data-island="admin:site-admin"][data-hydrated]').waitFor();
      await page.waitForLoadState("networkidle");
      assert.equal(await userField(page).inputValue(), USER);
      await passwordField(page).fill(PASSWORD);
      await signInButton(page).click();
      await signedIn(page).waitFor();

      // Signed in, the page served to this browser is the frame that asks.
      const withSession = await served(page.request);
      assert.ok(withSession.includes("Checking your session…"), "a session was served the form");
      assert.ok(!withSession.includes("Admin sign in"));
      await openAdmin(page);
      await signedIn(page).waitFor();
      assert.equal(await loginForm(page).count(), 0);
    },
  );

  e2eTest(
    "first run: the setup link from the gateway's log sets the admin up, signs in; sign out and in again",
    async ({ page, problems }) => {
      const fresh = await startGateway();
      try {
        const line = fresh
          .logs()
          .split("\n")
          .map((l) => {
            try {
              return JSON.parse(l);
            } catch {
              return {};
            }
          })
          .find((e) => e.setup_url);
        assert.ok(line, `no setup link in the gateway's log:\n${fresh.logs()}`);
        const link = line.setup_url;
        assert.match(
          link,
          new RegExp(
            `^${fresh.adminUrl.replace(/[.]/g, "\\.")}/admin/newsletter#setup=[A-Za-z0-9_-]{43}$`,
          ),
        );
        const token = link.split("#setup=")[1];

        // Nobody without the log sees it: not the page, not the probe.
        const before = await page.request.get(`${fresh.adminUrl}/admin/newsletter`);
        assert.ok(!(await before.text()).includes(token), "the admin page shows the setup token");
        const probe = await page.request.get(`${fresh.adminUrl}/api/admin/session`);
        assert.deepEqual(await probe.json(), { authenticated: false, configured: false });

        const owner = "first-owner";
        const password = "chosen at first run, long enough";
        await openAdmin(page, link);
        const form = page.getByRole("form", { name: "Set up the admin" });
        await form.waitFor();
        // The browser checks first: a short password and a mismatch are refused there.
        await form.getByLabel("User name", { exact: true }).fill(owner);
        await form.getByLabel("Password", { exact: true }).fill("short");
        await form.getByRole("button", { name: "Set up and sign in" }).click();
        await form.getByText("The password must be at least 12 characters.").waitFor();
        const found = await axeViolations(page, "setup form with its error");
        await form.getByLabel("Password", { exact: true }).fill(password);
        await form.getByLabel("Confirm password", { exact: true }).fill(password);
        await form.getByRole("button", { name: "Set up and sign in" }).click();
        await page.getByText(`Signed in as ${owner}`).waitFor();
        assert.equal(new URL(page.url()).hash, "", "the used link leaves the address bar");
        await page.getByRole("list", { name: "Editions" }).waitFor();

        // Sign out, and in again with what was chosen.
        await page.getByRole("button", { name: "Sign out" }).click();
        await loginForm(page).waitFor();
        await userField(page).fill(owner);
        await passwordField(page).fill(password);
        await signInButton(page).click();
        await page.getByText(`Signed in as ${owner}`).waitFor();

        // The link works once: opened again, it is the sign-in form, and the API says so.
        const again = await page.request.post(`${fresh.adminUrl}/api/admin/setup`, {
          headers: { Origin: fresh.adminUrl },
          data: { token, user: "mallory", password: "another long password" },
        });
        assert.equal(again.status(), 409);
        assert.ok(problems.length === 0, JSON.stringify(problems));
        assert.deepEqual(found, []);
      } finally {
        // The page first: a dashboard left open asks its gateway again, and one stopped
        // under it would be its error.
        await page.close().catch(() => {});
        await fresh.stop();
      }
    },
  );

  e2eTest(
    "sign in, real counts, 'Publish' sends one email per confirmed subscriber (then 'Republish'), sign out",
    wrongPassword,
    async ({ page }) => {
      await openAdmin(page);
      await loginForm(page).waitFor();
      assert.equal(await signedIn(page).count(), 0);
      const noSession = await page.request.get(adm("/api/admin/stats"));
      assert.equal(noSession.status(), 401, "the API answers 401 before signing in");

      // A wrong password: the server's message, the password emptied and focused.
      await signIn(page, "not the password");
      const problem = loginForm(page).getByRole("alert");
      await eventually(async () =>
        assert.equal((await problem.innerText()).trim(), "Wrong user name or password."),
      );
      assert.equal(await passwordField(page).inputValue(), "");
      assert.equal(await passwordField(page).evaluate((el) => el === document.activeElement), true);
      assert.equal(await signedIn(page).count(), 0);

      await signIn(page);
      await signedIn(page).waitFor();
      const cookies = await page.context().cookies(gateway.adminUrl);
      const session = cookies.find((c) => c.name === "portfolio_admin");
      assert.ok(session, `no session cookie: ${JSON.stringify(cookies.map((c) => c.name))}`);
      assert.equal(session.httpOnly, true);
      assert.equal(session.sameSite, "Strict");
      assert.equal(
        await page.evaluate(() => document.cookie.includes("portfolio_admin")),
        false,
        "scripts must not read the session",
      );
      // The device cookie (decision 0032) goes back to the sign-in endpoint only.
      const device = (await page.context().cookies(`${gateway.adminUrl}/api/admin/session`)).find(
        (c) => c.name === "portfolio_admin_device",
      );
      assert.ok(device, "no device cookie after signing in");
      assert.deepEqual(
        [device.path, device.httpOnly, device.sameSite],
        ["/api/admin/session", true, "Strict"],
      );
      assert.equal(
        cookies.some((c) => c.name === "portfolio_admin_device"),
        false,
        "the device cookie is sent to pages",
      );

      // The real numbers: two confirmed, one unconfirmed, one unsubscribed.
      const total = statCard(page, "Total Subscribers");
      await eventually(async () => {
        const text = (await total.innerText()).replace(/\s+/g, " ");
        assert.match(text, /Total Subscribers 2 confirmed · 1 unconfirmed · 1 unsubscribed/);
      });

      // Publish edition #1 (never sent: 'Publish'): 'Publishing...' while it runs, then the
      // toast with the count, and 'Republish' from then on.
      const edition = editions[0];
      const item = editionItem(page, edition.title);
      const button = item.getByRole("button", { name: /^(Publish|Republish|Publishing\.\.\.)$/ });
      assert.equal((await button.innerText()).trim(), "Publish");
      assert.match(await item.innerText(), /Not published yet/);
      const release = await holdRequests(page, "**/api/admin/editions/*/publish");
      const posts = requestsTo(page, `/api/admin/editions/${edition.id}/publish`);
      // It asks first, naming the edition and how many it goes to; Cancel sends nothing.
      await button.click();
      const confirm = page.getByRole("dialog", {
        name: `Publish “${edition.title}”?`,
        exact: true,
      });
      await confirm.waitFor();
      assert.match(await confirm.innerText(), /emailed now to 2 confirmed subscribers/);
      await confirm.getByRole("button", { name: "Cancel" }).click();
      await confirm.waitFor({ state: "detached" });
      assert.equal(
        await button.evaluate((b) => b === document.activeElement),
        true,
        "focus back on Publish",
      );
      assert.deepEqual(posts, [], "Cancel sent nothing");
      await button.click();
      await confirm.getByRole("button", { name: "Send to 2 subscribers" }).click();
      await eventually(async () =>
        assert.equal((await button.innerText()).trim(), "Publishing..."),
      );
      assert.equal(
        await button.isDisabled(),
        true,
        "the button must be disabled while 'Publishing...'",
      );
      release();
      await expectToast(page, "Newsletter Published!", `Sent "${edition.title}" to 2 subscribers`);
      await eventually(async () => assert.equal((await button.innerText()).trim(), "Republish"));
      assert.equal(await button.isEnabled(), true);
      assert.deepEqual(posts, ["POST"]);
      await eventually(async () =>
        assert.match(await item.innerText(), /Last published .+ to 2 subscribers/),
      );

      // The sink got the edition once per confirmed subscriber, and nobody else.
      let mail;
      try {
        mail = await sink.waitForMessages(2, { from: gateway });
      } catch (err) {
        err.message += `\n--- gateway output ---\n${gateway.logs()}`;
        throw err;
      }
      assert.equal(
        mail.length,
        2,
        `expected exactly two emails, got ${JSON.stringify(mail.map((m) => [m.to, m.subject]))}`,
      );
      assert.deepEqual(mail.map((m) => m.to.join()).sort(), [...readers.confirmed].sort());
      const unsubscribeLinks = new Set();
      for (const m of mail) {
        assert.equal(m.error, undefined, `the sink could not parse a message: ${m.error}`);
        assert.equal(m.subject, `DevOps Digest - ${edition.month} - ${edition.title}`);
        const link = linkIn(m, "/newsletter/unsubscribe");
        assert.equal(header(m, "List-Unsubscribe"), `<${link}>`);
        assert.equal(header(m, "List-Unsubscribe-Post"), "List-Unsubscribe=One-Click");
        assert.ok(m.html.includes(link), "the HTML part carries the same unsubscribe link");
        unsubscribeLinks.add(link);
      }
      assert.equal(unsubscribeLinks.size, 2, "each subscriber has their own unsubscribe link");

      // Sign out: the form returns, and the session is gone on the server too.
      await page.getByRole("button", { name: "Sign out" }).click();
      await loginForm(page).waitFor();
      await eventually(async () =>
        assert.equal(await userField(page).evaluate((el) => el === document.activeElement), true),
      );
      assert.equal(await signedIn(page).count(), 0);
      const afterSignOut = await page.request.get(adm("/api/admin/stats"), {
        headers: { Cookie: `portfolio_admin=${session.value}` },
      });
      assert.equal(afterSignOut.status(), 401, "the old session must not work after signing out");
    },
  );

  e2eTest(
    "preview an edition's email (sandboxed HTML, plain text), then send a test: one email, to the owner alone",
    async ({ page }) => {
      const found = [];
      await sink.clear();
      await openAdmin(page);
      await signIn(page);
      await signedIn(page).waitFor();
      const edition = editions[1];
      const subject = `DevOps Digest - ${edition.month} - ${edition.title}`;
      const item = editionItem(page, edition.title);
      await item.getByRole("button", { name: "Preview" }).click();

      const dialog = page.getByRole("dialog", { name: `Preview of “${edition.title}”` });
      await dialog.getByText(subject, { exact: true }).waitFor();
      assert.match(await dialog.innerText(), new RegExp(`To\\s+.*<${OWNER_EMAIL}>`));
      // The email's own markup, in an iframe sandboxed of everything: the site's CSP lets
      // its inline styles through (the suite fails the test on any console error, CSP
      // reports included), and it cannot run a script or reach this page.
      const frame = dialog.locator("iframe");
      assert.equal(await frame.getAttribute("sandbox"), "");
      assert.equal(await frame.getAttribute("title"), `HTML part of “${edition.title}”`);
      const html = dialog.frameLocator("iframe");
      await html.getByText(edition.title, { exact: true }).first().waitFor();
      assert.equal(
        await html.locator("body").evaluate((b) => getComputedStyle(b).backgroundColor),
        "rgb(244, 244, 245)",
        "the email's inline styles apply",
      );
      assert.equal(
        await html.locator("body").evaluate(() => {
          try {
            return window.parent.document.title;
          } catch {
            return "blocked";
          }
        }),
        "blocked",
        "the email reaches into the admin page",
      );
      const text = await dialog.getByRole("region", { name: "Plain-text part" }).innerText();
      assert.ok(text.includes(edition.title), `plain-text part: ${text}`);
      assert.ok(!text.includes("<"), "the plain-text part has no markup");
      found.push(...(await axeViolations(page, "preview dialog")));

      await dialog.getByRole("button", { name: "Send a test" }).click();
      await dialog.waitFor({ state: "detached" });
      await expectToast(page, "Test Sent", `Sent a test of "${edition.title}" to ${OWNER_EMAIL}`);

      const mail = await sink.waitForMessages(1, { from: gateway });
      assert.equal(mail.length, 1, JSON.stringify(mail.map((m) => [m.to, m.subject])));
      assert.deepEqual(mail[0].to, [OWNER_EMAIL]);
      assert.equal(mail[0].subject, `[Test] ${subject}`);
      assert.ok(mail[0].html.includes(edition.title) && mail[0].text.includes(edition.title));
      // Nothing was published: the edition is as it was, the counts unchanged.
      assert.match(await item.innerText(), /Not published yet/);
      assert.deepEqual(found, []);
    },
  );

  e2eTest(
    "axe: no violations on the admin page (sign-in form with its error, dashboard)",
    wrongPassword,
    async ({ page }) => {
      await openAdmin(page);
      await loginForm(page).waitFor();
      const found = await axeViolations(page, "sign-in form");
      await signIn(page, "wrong");
      await eventually(async () =>
        assert.notEqual((await loginForm(page).getByRole("alert").innerText()).trim(), ""),
      );
      found.push(...(await axeViolations(page, "wrong password")));
      await signIn(page);
      await signedIn(page).waitFor();
      await page.getByRole("list", { name: "Editions" }).waitFor();
      await page.getByRole("table", { name: /^Subscribers/ }).waitFor();
      found.push(...(await axeViolations(page, "dashboard")));
      assert.deepEqual(found, []);
    },
  );
});
