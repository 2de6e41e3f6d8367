// The newsletter end to end: /newsletter (the newsletter remote) against the built
// bin/gateway, whose outbox delivers to an SMTP sink this file starts
// (services/mail/cmd/smtpsink). A visitor subscribes, gets the confirmation email, opens
// its link, gets the welcome email and unsubscribes through its link; invalid input,
// a server that fails and a browser without JavaScript get what docs/api.md says. Its
// own gateway (SMTP, fast outbox, a rate limit that never bites) and sink, both killed
// by PID when the file is done.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe } from "node:test";
import { axeViolations } from "../lib/axe.mjs";
import { formFields } from "../lib/content.mjs";
import {
  eventually,
  expectToast,
  goto,
  holdRequests,
  requestsTo,
  themeState,
  toasts,
  useTheme,
  waitForPage,
} from "../lib/page.mjs";
import { REPO_ROOT } from "../lib/paths.mjs";
import { startMailingGateway } from "../lib/smtpsink.mjs";
import { e2eTest } from "../lib/suite.mjs";

const readJSON = (...path) => JSON.parse(readFileSync(join(REPO_ROOT, ...path), "utf8"));
const copy = readJSON("content", "newsletter-page.json");
const site = readJSON("content", "site.json");
const editions = readJSON("content", "dist", "newsletter-index.json").editions;
const subscribers = String(site.stats.newsletterSubscribers);
const withSubscribers = (text) => text.replaceAll("{subscribers}", subscribers);
const v = formFields;

let sink;
let gateway;
/** Absolute URL on this file's gateway (the suite's shared one has no SMTP). */
const at = (path) => `${gateway.url}${path}`;

const form = (page) => page.getByRole("form", { name: copy.form.heading });
const nameField = (page) => form(page).getByRole("textbox", { name: /^Name\b/ });
const emailField = (page) =>
  form(page).getByRole("textbox", { name: copy.form.fields.email.label, exact: true });
const submitButton = (page) =>
  form(page).getByRole("button", { name: /^(Subscribe to DevOps Digest|Subscribing\.\.\.)$/ });
const welcomeHeading = (page) =>
  page.getByRole("heading", { level: 2, name: copy.welcome.heading });

async function openNewsletter(page) {
  await goto(page, at("/newsletter"));
  await waitForPage(page);
  await form(page).waitFor();
}

/** The message under a field, read through its aria-describedby (null when it has none). */
const messageOf = (locator) =>
  locator.evaluate((el) => {
    const id = el.getAttribute("aria-describedby");
    return id ? (document.getElementById(id)?.textContent ?? "") : null;
  });

const isFocused = (locator) => locator.evaluate((el) => el === document.activeElement);

async function values(page) {
  return { name: await nameField(page).inputValue(), email: await emailField(page).inputValue() };
}

/** Every email the sink got for `address`, waiting (bounded) until there are `count`. */
async function mailFor(address, count) {
  try {
    return await eventually(
      async () => {
        const mine = (await sink.messages()).filter((m) => m.to.includes(address));
        assert.ok(
          mine.length >= count,
          `expected ${count} email(s) to ${address}, got ${mine.length}`,
        );
        return mine;
      },
      { timeout: 15_000, interval: 100 },
    );
  } catch (err) {
    err.message += `\n--- gateway output ---\n${gateway.logs()}`;
    throw err;
  }
}

/** The one link in an email's text that goes to `path` under the gateway's public URL. */
function linkIn(message, path) {
  const links = [...new Set(message.text.match(/https?:\/\/[^\s<>"]+/g) ?? [])].filter(
    (l) => new URL(l).pathname === path,
  );
  assert.equal(
    links.length,
    1,
    `expected one ${path} link in ${JSON.stringify(message.subject)}:\n${message.text}`,
  );
  const link = links[0];
  assert.ok(
    link.startsWith(`${gateway.url}${path}?token=`),
    `the link must be under the gateway's public URL ${gateway.url}: ${link}`,
  );
  return link;
}

const header = (msg, name) => (msg.headers?.[name] ?? []).join(", ");

const unique = (what) =>
  `${what}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.org`;

describe("newsletter", () => {
  before(async () => {
    ({ sink, gateway } = await startMailingGateway());
  });

  after(async () => {
    await gateway?.stop();
    await sink?.stop();
  });

  e2eTest(
    "the page: header, badges, 'What to Expect', the form, the six editions' excerpts, 'Don't Miss Out'",
    {
      context: { reducedMotion: "reduce" },
    },
    async ({ page }) => {
      await openNewsletter(page);
      assert.deepEqual(await page.locator("main h1").allInnerTexts(), [copy.heading]);
      assert.equal(copy.heading, "DevOps Digest");
      const badges = await page
        .getByRole("list", { name: copy.badgesLabel })
        .getByRole("listitem")
        .allInnerTexts();
      assert.deepEqual(
        badges.map((b) => b.trim()),
        ["Monthly", `${subscribers} Subscribers`, "Zero Spam"],
      );
      assert.equal(subscribers, "35");
      const main = page.locator("main");
      assert.equal(
        await main.getByRole("link", { name: "Home", exact: true }).getAttribute("href"),
        "/",
      );
      assert.equal(
        await main.getByRole("link", { name: "Back to Blog" }).getAttribute("href"),
        "/blog",
      );

      const expectations = await page
        .locator("main h3")
        .evaluateAll((hs) => hs.map((h) => h.textContent.trim()));
      assert.deepEqual(expectations.slice(0, 4), [
        "Real War Stories",
        "Tool Deep Dives",
        "Architecture Adventures",
        "3 AM Wisdom",
      ]);
      assert.equal(
        await page.getByRole("heading", { level: 2, name: "What to Expect" }).count(),
        1,
      );

      assert.deepEqual(await values(page), { name: "", email: "" });
      assert.equal(await emailField(page).getAttribute("type"), "email");
      assert.equal(await emailField(page).evaluate((el) => el.required), true);
      assert.equal(await nameField(page).evaluate((el) => el.required), false);
      assert.equal((await submitButton(page).innerText()).trim(), "Subscribe to DevOps Digest");

      // Editions: the archive, each card the edition's excerpt (its text is on its page).
      const section = page.getByRole("region", { name: copy.editions.heading });
      await section.scrollIntoViewIfNeeded();
      const cards = section.getByRole("article");
      assert.equal(await cards.count(), 6);
      const newestFirst = [...editions].reverse();
      for (let i = 0; i < 6; i++) {
        const card = cards.nth(i);
        const e = newestFirst[i];
        assert.equal((await card.getByRole("heading", { level: 3 }).innerText()).trim(), e.title);
        assert.equal(await card.locator("time").getAttribute("datetime"), e.date);
        assert.equal((await card.locator("time").innerText()).trim(), e.month);
        assert.deepEqual(
          (
            await card.getByRole("list", { name: "Tags" }).getByRole("listitem").allInnerTexts()
          ).map((t) => t.trim()),
          e.tags,
        );
        assert.ok((await card.innerText()).includes(e.excerpt), `#${e.id}: the excerpt`);
        assert.equal(
          await card.getByRole("link", { name: e.title, exact: true }).getAttribute("href"),
          `/newsletter/${e.id}`,
        );
        assert.equal(await card.locator("pre").count(), 0, `#${e.id}: its text is on its page`);
      }

      const cta = page.getByRole("region", { name: "Don't Miss Out" });
      assert.match(await cta.innerText(), /Join 35\+ engineers/);
      assert.equal(withSubscribers(copy.cta.text).startsWith("Join 35+ engineers"), true);

      // 'Subscribe Now' with the pointer: to 400 px, where the form is on this screen.
      await cta.getByRole("button", { name: "Subscribe Now" }).click();
      await eventually(async () =>
        assert.equal(await page.evaluate(() => Math.round(scrollY)), 400),
      );
      assert.equal(await emailField(page).isVisible(), true);
      const box = await emailField(page).boundingBox();
      assert.ok(
        box && box.y > 0 && box.y + box.height < 800,
        `the email field must be on screen at 400 px: ${JSON.stringify(box)}`,
      );
      assert.equal(
        await isFocused(emailField(page)),
        true,
        "Subscribe Now must put the focus in the email field (the next Tab goes on from there)",
      );
      // ...and from the keyboard: the same, and the focus in the email field.
      await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
      await cta.getByRole("button", { name: "Subscribe Now" }).focus();
      await page.keyboard.press("Enter");
      await eventually(async () =>
        assert.equal(await page.evaluate(() => Math.round(scrollY)), 400),
      );
      assert.equal(
        await isFocused(emailField(page)),
        true,
        "Subscribe Now from the keyboard must focus the email field",
      );
    },
  );

  e2eTest(
    "invalid input: the message under each field, the first invalid field focused, nothing sent",
    async ({ page }) => {
      await sink.clear();
      await openNewsletter(page);
      const posts = requestsTo(page, "/api/newsletter/subscriptions");

      // Nothing typed: the email is required.
      await submitButton(page).click();
      await eventually(async () => assert.equal(await messageOf(emailField(page)), v.invalidEmail));
      assert.equal(v.invalidEmail, "Please enter a valid email address");
      assert.equal(await emailField(page).getAttribute("aria-invalid"), "true");
      assert.equal(
        await isFocused(emailField(page)),
        true,
        "the email field should have the focus",
      );
      assert.equal(await messageOf(nameField(page)), null, "an empty name is fine");

      // A short name and a bad address: both messages, the name (first) focused.
      await nameField(page).fill("J");
      await emailField(page).fill("jane@example");
      await submitButton(page).click();
      await eventually(async () => assert.equal(await messageOf(nameField(page)), v.nameTooShort));
      assert.equal(v.nameTooShort, "Name must be at least 2 characters");
      assert.equal(await messageOf(emailField(page)), v.invalidEmail);
      assert.equal(await isFocused(nameField(page)), true, "the name field should have the focus");
      assert.equal(await nameField(page).getAttribute("aria-invalid"), "true");
      // The messages are seen by people too, under their fields.
      assert.equal(await page.getByText(v.nameTooShort).isVisible(), true);

      // From now on every change checks again.
      await nameField(page).fill("Jo");
      await eventually(async () => assert.equal(await messageOf(nameField(page)), null));
      assert.equal(await nameField(page).getAttribute("aria-invalid"), null);
      await emailField(page).fill("jane@example.org");
      await eventually(async () => assert.equal(await messageOf(emailField(page)), null));
      await emailField(page).fill("jane@");
      await eventually(async () => assert.equal(await messageOf(emailField(page)), v.invalidEmail));

      assert.deepEqual(await values(page), { name: "Jo", email: "jane@" }, "the values must stay");
      // A toast would have come with the messages the submits put under the fields.
      assert.equal(
        await toasts(page).count(),
        0,
        "field problems are shown under the fields, not in a toast",
      );

      // Then valid values: their POST comes after any the invalid ones had made, and once
      // it has been answered, such a POST would have been seen.
      await emailField(page).fill(unique("jo.valid"));
      await submitButton(page).click();
      await welcomeHeading(page).waitFor();
      assert.deepEqual(posts, ["POST"], "nothing may be POSTed for invalid input");
    },
  );

  e2eTest(
    "subscribe, confirm by the email's link, get the welcome email, unsubscribe by its link",
    async ({ page, context }) => {
      await sink.clear();
      const address = unique("jane.reader");
      await openNewsletter(page);
      await nameField(page).fill("Jane Reader");
      await emailField(page).fill(address);

      // Hold the request a moment so that the pending state can be seen, then let it
      // through to the real gateway.
      const release = await holdRequests(page, "**/api/newsletter/subscriptions");
      const posts = requestsTo(page, "/api/newsletter/subscriptions");
      await submitButton(page).click();
      await eventually(async () =>
        assert.equal((await submitButton(page).innerText()).trim(), copy.form.pendingLabel),
      );
      assert.equal(copy.form.pendingLabel, "Subscribing...");
      assert.equal(
        await submitButton(page).isDisabled(),
        true,
        "the button must be disabled while 'Subscribing...'",
      );
      release();

      // The welcome card replaces the form; the toast says so too.
      await welcomeHeading(page).waitFor();
      assert.equal(await form(page).count(), 0, "the form must be gone");
      const card = welcomeHeading(page).locator(
        'xpath=ancestor::div[contains(@class,"bg-success")][1]',
      );
      const cardText = await card.innerText();
      assert.match(cardText, /subscribed/);
      assert.match(cardText, /check your email for a confirmation link/i);
      const background = await card.evaluate((el) => getComputedStyle(el).backgroundColor);
      assert.notEqual(background, "rgba(0, 0, 0, 0)", "the welcome card is tinted green");
      assert.equal(
        await welcomeHeading(page).evaluate((el) => el === document.activeElement),
        true,
        "the focus moves to the welcome card",
      );
      await expectToast(page, copy.toasts.success.title, copy.toasts.success.description);
      assert.equal(copy.toasts.success.title, "Welcome aboard!");
      assert.deepEqual(posts, ["POST"]);
      assert.equal(
        await page.locator(`input[value="${address}"]`).count(),
        0,
        "the values are cleared",
      );

      // The confirmation email, with its link under the gateway's public URL.
      const [confirmation] = await mailFor(address, 1);
      assert.equal(
        confirmation.error,
        undefined,
        `the sink could not parse the message: ${confirmation.error}`,
      );
      assert.deepEqual(confirmation.to, [address]);
      assert.match(confirmation.text + confirmation.html, /DevOps Digest/);
      const confirmLink = linkIn(confirmation, "/newsletter/confirm");
      assert.match(header(confirmation, "List-Unsubscribe"), /\/newsletter\/unsubscribe\?token=/);

      // Opening it confirms.
      const confirmPage = await context.newPage();
      await goto(confirmPage, confirmLink);
      assert.deepEqual(await confirmPage.locator("h1").allInnerTexts(), ["Subscription confirmed"]);

      // Then the welcome email, with its unsubscribe link.
      const mail = await mailFor(address, 2);
      const welcome = mail.find(
        (m) => m !== confirmation && !linkInOrNull(m, "/newsletter/confirm"),
      );
      assert.ok(
        welcome,
        `no welcome email to ${address}: ${JSON.stringify(mail.map((m) => m.subject))}`,
      );
      const unsubscribeLink = linkIn(welcome, "/newsletter/unsubscribe");
      assert.equal(header(welcome, "List-Unsubscribe"), `<${unsubscribeLink}>`);
      assert.equal(header(welcome, "List-Unsubscribe-Post"), "List-Unsubscribe=One-Click");

      // Its link asks first (a GET must not unsubscribe), then the button does.
      await goto(confirmPage, unsubscribeLink);
      const unsubscribe = confirmPage.getByRole("button", { name: "Unsubscribe", exact: true });
      assert.equal(await unsubscribe.count(), 1, "the page has a button Unsubscribe");
      assert.ok(
        !(await confirmPage.locator("body").innerText()).includes(address),
        "the address is shown masked, not whole",
      );
      await Promise.all([confirmPage.waitForNavigation(), unsubscribe.click()]);
      assert.deepEqual(await confirmPage.locator("h1").allInnerTexts(), [
        "You have been unsubscribed",
      ]);
    },
  );

  e2eTest(
    "the server failing: 'Subscription failed', the form and its values stay; a second try works",
    {
      // The browser logs the failed request and the form logs why it failed: expected here.
      allowConsoleErrors: [/status of 50[03]/, /Newsletter: the subscription failed/],
    },
    async ({ page }) => {
      await sink.clear();
      const address = unique("failing");
      const logged = [];
      page.on("console", (msg) => msg.type() === "error" && logged.push(msg.text()));
      const answers = [
        {
          status: 503,
          contentType: "application/json",
          body: JSON.stringify({
            error: {
              code: "unavailable",
              message: "Your subscription could not be saved right now. Please try again later.",
            },
          }),
        },
        { status: 500, contentType: "text/html", body: "<h1>Internal Server Error</h1>" },
      ];
      await page.route("**/api/newsletter/subscriptions", (route) => {
        const answer = answers.shift();
        return answer ? route.fulfill(answer) : route.continue();
      });
      await openNewsletter(page);
      await nameField(page).fill("Jane");
      await emailField(page).fill(address);
      for (const status of [503, 500]) {
        await submitButton(page).click();
        try {
          await expectToast(
            page,
            copy.toasts.failure.title,
            copy.toasts.failure.description,
            "destructive",
          );
        } catch (err) {
          err.message = `${status}: ${err.message}`;
          throw err;
        }
        assert.deepEqual(
          await values(page),
          { name: "Jane", email: address },
          `${status}: the values must stay`,
        );
        assert.equal((await submitButton(page).innerText()).trim(), copy.form.submitLabel);
        assert.equal(await submitButton(page).isEnabled(), true);
        assert.equal(await welcomeHeading(page).count(), 0);
        await page
          .getByRole("region", { name: "Notifications (F8)" })
          .getByRole("button", { name: /close/i })
          .click()
          .catch(() => {});
      }
      assert.equal(copy.toasts.failure.title, "Subscription failed");
      assert.ok(
        logged.some((t) => /Newsletter: the subscription failed/.test(t)),
        `the failure must be logged: ${JSON.stringify(logged)}`,
      );
      assert.deepEqual(
        (await sink.messages()).filter((m) => m.to.includes(address)),
        [],
        "nothing may be sent when the server refused",
      );

      // The server back: the same values go through.
      await submitButton(page).click();
      await welcomeHeading(page).waitFor();
      await mailFor(address, 1);
    },
  );

  e2eTest(
    "without JavaScript the prerendered form posts to / and the gateway answers 'Check your inbox'",
    async ({ page, suite }) => {
      await sink.clear();
      // With JavaScript the app hydrates the prerendered form: one form, the app's.
      await openNewsletter(page);
      assert.equal(
        await page.locator("#root").getByRole("form", { name: copy.form.heading }).count(),
        1,
        "the app renders the form into #root",
      );
      assert.equal(await page.locator("noscript").count(), 0, "no <noscript> stand-in");
      assert.equal(await page.locator('input[name="form-name"]').count(), 1, "one form");

      const noScript = await suite.browser.newContext({
        javaScriptEnabled: false,
        baseURL: gateway.url,
      });
      try {
        const plain = await noScript.newPage();
        await goto(plain, at("/newsletter"));
        // The prerendered page: the whole of it, its form inside #root.
        assert.deepEqual(await plain.locator("h1").allInnerTexts(), ["DevOps Digest"]);
        const f = form(plain);
        assert.equal(await f.count(), 1);
        assert.equal(
          await f.evaluate((el) => el.closest("#root") !== null),
          true,
          "the form is the prerendered one",
        );
        assert.equal(await f.getAttribute("method"), "post");
        assert.equal(await f.getAttribute("action"), "/");
        assert.equal(
          await f.locator('input[type=hidden][name="form-name"]').inputValue(),
          "newsletter",
        );
        // The fields, found by their labels.
        const name = f.getByLabel(`${copy.form.fields.name.label} ${copy.form.optionalLabel}`, {
          exact: true,
        });
        const email = f.getByLabel(copy.form.fields.email.label, { exact: true });
        assert.deepEqual(
          [
            await name.getAttribute("name"),
            await name.getAttribute("type"),
            await name.evaluate((el) => el.required),
          ],
          ["name", "text", false],
        );
        assert.deepEqual(
          [
            await email.getAttribute("name"),
            await email.getAttribute("type"),
            await email.getAttribute("autocomplete"),
            await email.evaluate((el) => el.required),
          ],
          ["email", "email", "email", true],
        );
        // The honeypot as the app hides it: out of sight, of the tab order and of the accessibility tree.
        const honeypot = f.locator('input[name="website"]');
        assert.equal(await honeypot.count(), 1);
        assert.deepEqual(
          [await honeypot.getAttribute("tabindex"), await honeypot.getAttribute("autocomplete")],
          ["-1", "off"],
        );
        assert.equal(
          await honeypot.evaluate(
            (el) => el.closest('[aria-hidden="true"]')?.classList.contains("sr-only") ?? false,
          ),
          true,
        );
        const submit = f.getByRole("button", { name: copy.form.submitLabel, exact: true });
        assert.equal(copy.form.submitLabel, "Subscribe to DevOps Digest");

        // The browser's own checks stand in for the script's: no address, no request.
        let posted = 0;
        plain.on("request", (r) => r.method() === "POST" && posted++);
        await submit.click();
        assert.equal(await email.evaluate((el) => el.validity.valueMissing), true);
        assert.equal(posted, 0);

        const address = unique("no.script");
        await name.fill("Noah Script");
        await email.fill(address);
        const [response] = await Promise.all([plain.waitForNavigation(), submit.click()]);
        assert.equal(response.status(), 200);
        assert.equal(new URL(plain.url()).pathname, "/");
        assert.equal(response.request().method(), "POST");
        assert.match(
          response.request().headers()["content-type"],
          /application\/x-www-form-urlencoded/,
        );
        assert.equal(
          new URLSearchParams(response.request().postData() ?? "").get("website"),
          "",
          "the honeypot is sent empty",
        );
        assert.deepEqual(await plain.locator("h1").allInnerTexts(), ["Check your inbox"]);
        const [confirmation] = await mailFor(address, 1);
        linkIn(confirmation, "/newsletter/confirm");
      } finally {
        await noScript.close();
      }
    },
  );

  e2eTest(
    "axe: no violations on /newsletter without JavaScript, in the light palette (as served) and the dark one",
    {
      context: { reducedMotion: "reduce" },
    },
    async ({ page }) => {
      // The page is loaded as by a browser without JavaScript: the prerendered HTML, no
      // script run. axe needs timers, which a context without JavaScript never
      // fires, so scripts are turned off for the load alone: turning them back on runs none
      // of the page's scripts after the fact.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Emulation.setScriptExecutionDisabled", { value: true });
      await goto(page, at("/newsletter"));
      await cdp.send("Emulation.setScriptExecutionDisabled", { value: false });
      assert.equal(
        await page.locator("#root").getByRole("form", { name: copy.form.heading }).count(),
        1,
        "the prerendered form",
      );
      const found = await axeViolations(page, "without JavaScript");
      // Without JavaScript the theme script does not run, so the page is light; the
      // page uses the design tokens, so the dark palette must pass as well.
      await page.evaluate(
        () =>
          document.documentElement.classList.replace("light", "dark") ||
          document.documentElement.classList.add("dark"),
      );
      found.push(...(await axeViolations(page, "without JavaScript, dark palette")));
      assert.deepEqual(found, []);
    },
  );

  e2eTest(
    "fits a 375 px phone without sideways scrolling",
    {
      context: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true },
    },
    async ({ page }) => {
      await openNewsletter(page);
      await page.getByRole("region", { name: copy.editions.heading }).scrollIntoViewIfNeeded();
      const widths = await page.evaluate(() => ({
        doc: document.documentElement.scrollWidth,
        view: window.innerWidth,
      }));
      assert.ok(
        widths.doc <= widths.view,
        `the page scrolls sideways at 375 px: ${JSON.stringify(widths)}`,
      );
      assert.equal(await emailField(page).isVisible(), true);
    },
  );

  for (const theme of ["light", "dark"]) {
    e2eTest(
      `axe: no violations on /newsletter in the ${theme} theme (as loaded, with field messages, subscribed)`,
      {
        timeout: 120_000,
        context: { colorScheme: theme, reducedMotion: "reduce" },
      },
      async ({ page, context }) => {
        await useTheme(context, theme);
        await openNewsletter(page);
        await page.evaluate(() => document.fonts?.ready);
        assert.equal((await themeState(page)).resolved, theme);
        await page.getByRole("region", { name: copy.editions.heading }).scrollIntoViewIfNeeded();
        const found = await axeViolations(page, "as loaded");
        await nameField(page).fill("J");
        await emailField(page).fill("nope");
        await submitButton(page).click();
        await eventually(async () =>
          assert.equal(await messageOf(nameField(page)), v.nameTooShort),
        );
        found.push(...(await axeViolations(page, "with field messages")));
        await nameField(page).fill("");
        await emailField(page).fill(unique(`axe.${theme}`));
        await submitButton(page).click();
        await welcomeHeading(page).waitFor();
        await expectToast(page, copy.toasts.success.title, copy.toasts.success.description);
        found.push(...(await axeViolations(page, "subscribed, with the toast")));
        assert.deepEqual(found, []);
      },
    );

    e2eTest(
      `axe: no violations on the confirm and unsubscribe pages in the ${theme} theme`,
      {
        context: { colorScheme: theme, reducedMotion: "reduce" },
        // The browser logs the invalid link's 400, which this test asks for.
        allowConsoleErrors: [/status of 400/],
      },
      async ({ page, context }) => {
        await useTheme(context, theme);
        await sink.clear();
        const address = unique(`pages.${theme}`);
        const res = await page.request.post(at("/api/newsletter/subscriptions"), {
          data: { email: address, name: "", website: "" },
          headers: { Origin: gateway.url },
        });
        assert.equal(res.status(), 202, await res.text());
        const [confirmation] = await mailFor(address, 1);
        const found = [];
        await goto(page, linkIn(confirmation, "/newsletter/confirm"));
        assert.deepEqual(await page.locator("h1").allInnerTexts(), ["Subscription confirmed"]);
        found.push(...(await axeViolations(page, "confirmed")));
        await goto(page, linkIn(confirmation, "/newsletter/confirm"));
        found.push(...(await axeViolations(page, "already confirmed")));
        const unsubscribeLink = header(confirmation, "List-Unsubscribe").replace(/^<|>$/g, "");
        await goto(page, unsubscribeLink);
        found.push(...(await axeViolations(page, "unsubscribe")));
        await Promise.all([
          page.waitForNavigation(),
          page.getByRole("button", { name: "Unsubscribe", exact: true }).click(),
        ]);
        assert.deepEqual(await page.locator("h1").allInnerTexts(), ["You have been unsubscribed"]);
        found.push(...(await axeViolations(page, "unsubscribed")));
        await goto(page, at("/newsletter/confirm?token=not-a-token"), { status: 400 });
        found.push(...(await axeViolations(page, "invalid link")));
        assert.deepEqual(found, []);
      },
    );
  }
});

/** Like linkIn, but null instead of failing when the email has no such link. */
function linkInOrNull(message, path) {
  return (
    (message.text.match(/https?:\/\/[^\s<>"]+/g) ?? []).find((l) => new URL(l).pathname === path) ??
    null
  );
}
