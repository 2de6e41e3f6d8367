// The contact form end to end: the browser fills /contact, the built bin/gateway stores
// the message and its outbox delivers both emails to an SMTP sink this file starts
// (services/mail/cmd/smtpsink); invalid input and a server that cannot accept the
// message show the right toasts. Its own gateway (SMTP, fast outbox, no rate limit
// worth the name) and sink, both killed by PID when the file is done.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe } from "node:test";
import { AxeBuilder } from "@axe-core/playwright";
import { formFields } from "../lib/content.mjs";
import {
  eventually,
  expectToast,
  goto,
  holdRequests,
  requestsTo,
  themeState,
  useTheme,
  waitForPage,
} from "../lib/page.mjs";
import { REPO_ROOT } from "../lib/paths.mjs";
import { startMailingGateway } from "../lib/smtpsink.mjs";
import { e2eTest } from "../lib/suite.mjs";

const contact = JSON.parse(readFileSync(join(REPO_ROOT, "content", "contact.json"), "utf8"));
const { fields } = contact.form;
// The form's rules as the page shows them: every form's name and email, the message's.
const v = { ...formFields, ...contact.validation };
const OWNER = "owner@example.test";

const visitor = {
  name: "Jane Visitor",
  email: "jane.visitor@example.org",
  subject: "job",
  message: "Hello! I would like to talk about a platform role <b>in Pune</b>.\nSecond line.",
};
const subjectLabel = (value) => contact.form.subjects.find((s) => s.value === value).label;

let sink;
let gateway;
/** Absolute URL on this file's gateway (the suite's shared one has no SMTP). */
const at = (path) => `${gateway.url}${path}`;

const form = (page) => page.getByRole("form", { name: contact.form.heading });
const field = (page, name) => form(page).getByLabel(fields[name].label, { exact: true });
const submitButton = (page) =>
  form(page).getByRole("button", { name: /^(Send Message|Sending\.\.\.)$/ });

async function openContact(page) {
  await goto(page, at("/contact"));
  await waitForPage(page);
  await form(page).waitFor();
}

async function fill(page, values) {
  for (const name of ["name", "email", "message"]) await field(page, name).fill(values[name]);
  await field(page, "subject").selectOption(values.subject);
}

async function values(page) {
  return {
    name: await field(page, "name").inputValue(),
    email: await field(page, "email").inputValue(),
    subject: await field(page, "subject").inputValue(),
    message: await field(page, "message").inputValue(),
  };
}

const header = (msg, name) => (msg.headers?.[name] ?? []).join(", ");

describe("contact form", () => {
  before(async () => {
    ({ sink, gateway } = await startMailingGateway({ PORTFOLIO_OWNER_EMAIL: OWNER }));
  });

  after(async () => {
    await gateway?.stop();
    await sink?.stop();
  });

  e2eTest(
    "a visitor sends a message: success toast, reset form, two emails delivered",
    async ({ page }) => {
      await sink.clear();
      await openContact(page);
      assert.deepEqual(await values(page), {
        name: "",
        email: "",
        subject: contact.form.defaultSubject,
        message: "",
      });
      assert.equal(contact.form.defaultSubject, "other");
      await fill(page, visitor);

      // Hold the request a moment so that the pending state can be seen, then let it
      // through to the real gateway.
      const release = await holdRequests(page, "**/api/contact");
      const posts = requestsTo(page, "/api/contact");
      await submitButton(page).click();
      await eventually(async () =>
        assert.equal(await submitButton(page).innerText(), contact.form.pendingLabel),
      );
      assert.equal(
        await submitButton(page).isDisabled(),
        true,
        "the button must be disabled while 'Sending...'",
      );
      release();

      await expectToast(page, contact.toasts.success.title, contact.toasts.success.description);
      await eventually(async () =>
        assert.deepEqual(
          await values(page),
          { name: "", email: "", subject: "other", message: "" },
          "the form must reset",
        ),
      );
      assert.equal(await submitButton(page).innerText(), contact.form.submitLabel);
      assert.equal(await submitButton(page).isEnabled(), true);
      assert.deepEqual(posts, ["POST"]);

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
        `expected exactly two emails, got ${mail.length}: ${JSON.stringify(mail.map((m) => [m.to, m.subject]))}`,
      );
      for (const m of mail)
        assert.equal(m.error, undefined, `the sink could not parse a message: ${m.error}`);

      const owner = mail.find((m) => m.to.includes(OWNER));
      const reply = mail.find((m) => m.to.includes(visitor.email));
      assert.ok(owner, `no email to ${OWNER}: ${JSON.stringify(mail.map((m) => m.to))}`);
      assert.ok(reply, `no email to ${visitor.email}: ${JSON.stringify(mail.map((m) => m.to))}`);
      assert.notEqual(owner, reply);

      assert.deepEqual(owner.to, [OWNER]);
      assert.match(header(owner, "Reply-To"), new RegExp(visitor.email.replace(/\./g, "\\.")));
      assert.match(owner.subject, new RegExp(subjectLabel(visitor.subject)));
      assert.match(owner.subject, new RegExp(visitor.name));
      for (const line of visitor.message.split("\n")) {
        assert.ok(
          owner.text.includes(line),
          `the owner's email must carry the message text (${JSON.stringify(line)}):\n${owner.text}`,
        );
      }
      // HTML in the message is text in the HTML part, never markup.
      assert.ok(
        !owner.html.includes("<b>in Pune</b>"),
        "the message must be escaped in the HTML part",
      );
      assert.ok(
        owner.html.includes("&lt;b&gt;in Pune&lt;/b&gt;"),
        "the escaped message must be in the HTML part",
      );

      assert.deepEqual(reply.to, [visitor.email]);
      // The visitor's name stays out of the subject: the address is unverified.
      assert.equal(reply.subject, "Thanks for getting in touch with DevOps Portfolio");
      assert.equal(header(reply, "Auto-Submitted"), "auto-replied");
      assert.match(header(reply, "Reply-To"), new RegExp(OWNER.replace(/\./g, "\\.")));
      // The visitor's address is unverified: echoing their text would relay it to anyone.
      for (const part of [reply.text, reply.html]) {
        assert.ok(
          !part.includes(visitor.message.split("\n")[0]),
          "the auto-reply must not echo the visitor's message",
        );
      }
    },
  );

  e2eTest(
    "without JavaScript the form posts to / and the gateway answers with pages: every problem with the values kept, then sent",
    {
      timeout: 60_000,
    },
    async ({ suite }) => {
      await sink.clear();
      const noScript = await suite.browser.newContext({ javaScriptEnabled: false });
      try {
        const plain = await noScript.newPage();
        await goto(plain, at("/contact"));
        // The app's own form, when the served HTML has it (prerendered); until then the
        // HTML is an empty app root, and the test posts the same fields from a minimal
        // form put on a page of the gateway's origin, as the app's form would post them.
        const served = plain.locator(
          'form[method="post"][action="/"]:has(input[name="form-name"][value="contact"])',
        );
        const fromApp = (await served.count()) === 1;
        if (!fromApp) {
          assert.equal(
            await plain.locator("#root").innerHTML(),
            "",
            "an app root without the form must be empty",
          );
          await plain.setContent(`<!doctype html><title>contact</title><main>
          <form method="post" action="/" aria-label="${contact.form.heading}">
            <input type="hidden" name="form-name" value="contact">
            <label for="f-name">${fields.name.label}</label> <input id="f-name" name="name" type="text" required>
            <label for="f-email">${fields.email.label}</label> <input id="f-email" name="email" type="email" required>
            <label for="f-subject">${fields.subject.label}</label> <select id="f-subject" name="subject" required>${contact.form.subjects.map((o) => `<option value="${o.value}"${o.value === contact.form.defaultSubject ? " selected" : ""}>${o.label}</option>`).join("")}</select>
            <label for="f-message">${fields.message.label}</label> <textarea id="f-message" name="message" required></textarea>
            <input name="website" type="text" tabindex="-1" autocomplete="off" hidden>
            <button type="submit">${contact.form.submitLabel}</button>
          </form></main>`);
          assert.equal(
            new URL(plain.url()).origin,
            gateway.url,
            "the form must post from the gateway origin",
          );
        }
        process.stderr.write(
          `  (no-JS contact form: ${fromApp ? "the app's form in the served HTML" : "a minimal form on the gateway origin: the served /contact has no form yet"})\n`,
        );

        const postForm = async (f, values) => {
          for (const name of ["name", "email", "message"])
            await f.getByLabel(fields[name].label, { exact: true }).fill(values[name]);
          await f.getByLabel(fields.subject.label, { exact: true }).selectOption(values.subject);
          const [response] = await Promise.all([
            plain.waitForNavigation(),
            f.getByRole("button", { name: contact.form.submitLabel, exact: true }).click(),
          ]);
          assert.equal(response.request().method(), "POST");
          assert.equal(new URL(response.url()).pathname, "/");
          assert.match(
            response.request().headers()["content-type"],
            /application\/x-www-form-urlencoded/,
          );
          const sent = new URLSearchParams(response.request().postData() ?? "");
          assert.equal(sent.get("form-name"), "contact");
          assert.equal(sent.get("website"), "", "the honeypot is sent empty");
          return response;
        };

        // Passes the browser's own checks (required, type=email), not the site's rules.
        const wrong = {
          name: "J",
          email: visitor.email,
          subject: "speaking",
          message: "Too short",
        };
        const bad = await postForm(fromApp ? served : plain.getByRole("form"), wrong);
        assert.equal(bad.status(), 400);
        assert.deepEqual(await plain.locator("h1").allInnerTexts(), [v.title]);
        const problems = await plain.locator("#contact-nojs-problems li").allInnerTexts();
        assert.deepEqual(
          problems.map((t) => t.trim()),
          [v.nameTooShort, v.messageTooShort],
        );
        const again = plain.getByRole("form", { name: v.title });
        const input = (name) => again.getByLabel(fields[name].label, { exact: true });
        assert.deepEqual(
          [
            await input("name").inputValue(),
            await input("email").inputValue(),
            await input("subject").inputValue(),
            await input("message").inputValue(),
          ],
          [wrong.name, wrong.email, wrong.subject, wrong.message],
          "the values sent are kept",
        );
        for (const [name, message] of [
          ["name", v.nameTooShort],
          ["message", v.messageTooShort],
        ]) {
          assert.equal(await input(name).getAttribute("aria-invalid"), "true");
          assert.equal(
            await plain
              .locator(`#${await input(name).getAttribute("aria-describedby")}`)
              .innerText(),
            message,
          );
        }
        assert.equal(await input("email").getAttribute("aria-invalid"), null);
        assert.deepEqual(await sink.messages(), [], "nothing may be sent for invalid input");

        // Fixed on the gateway's page and sent again: the success page, and both emails.
        const ok = await postForm(again, visitor);
        assert.equal(ok.status(), 200);
        assert.deepEqual(await plain.locator("h1").allInnerTexts(), [contact.toasts.success.title]);
        assert.ok(
          (await plain.locator("main").innerText()).includes(contact.toasts.success.description),
        );
        assert.equal(
          await plain
            .getByRole("link", { name: "Back to the contact page", exact: true })
            .getAttribute("href"),
          "/contact",
        );
        const mail = await sink.waitForMessages(2, { from: gateway });
        assert.deepEqual(mail.map((m) => m.to[0]).sort(), [OWNER, visitor.email].sort());
        const owner = mail.find((m) => m.to.includes(OWNER));
        assert.match(owner.subject, new RegExp(subjectLabel(visitor.subject)));
        assert.ok(
          owner.text.includes(visitor.message.split("\n")[1]),
          `the owner's email lacks the message:\n${owner.text}`,
        );
      } finally {
        await noScript.close();
      }
    },
  );

  e2eTest(
    "axe: no violations on the gateway's page of the contact form with every problem shown, light and dark",
    {
      context: { reducedMotion: "reduce" },
      allowConsoleErrors: [/status of 400/], // the page of a form that broke the rules is a 400
    },
    async ({ page }) => {
      // Posted and loaded as by a browser without JavaScript; axe needs timers, so
      // scripts are off only while the page loads (as in newsletter.test.mjs).
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Emulation.setScriptExecutionDisabled", { value: true });
      await goto(page, at("/contact"));
      await page.setContent(`<!doctype html><title>contact</title><form method="post" action="/">
      <input type="hidden" name="form-name" value="contact"><input name="name" value="J"><input name="email" value="jane@">
      <input name="subject" value="spam"><input name="message" value="short"><input name="website" value=""><button>Send</button></form>`);
      const [response] = await Promise.all([
        page.waitForNavigation(),
        page.getByRole("button", { name: "Send" }).click(),
      ]);
      await cdp.send("Emulation.setScriptExecutionDisabled", { value: false });
      assert.equal(response.status(), 400);
      assert.equal(
        await page.locator("#contact-nojs-problems li").count(),
        4,
        "every field has a problem",
      );
      const axe = async (state) =>
        (await new AxeBuilder({ page }).setLegacyMode().analyze()).violations.map(
          (x) =>
            `${state}: [${x.impact}] ${x.id}: ${x.help} — ${x.nodes
              .slice(0, 3)
              .map((n) => n.target.join(" "))
              .join("; ")}`,
        );
      const found = await axe("light");
      await page.evaluate(
        () =>
          document.documentElement.classList.replace("light", "dark") ||
          document.documentElement.classList.add("dark"),
      );
      found.push(...(await axe("dark")));
      assert.deepEqual(found, []);
    },
  );

  e2eTest(
    "invalid input shows 'Please check your form' with the rule's message and sends nothing",
    async ({ page }) => {
      await sink.clear();
      await openContact(page);
      const posts = requestsTo(page, "/api/contact");
      const cases = [
        ["a short name", { name: "J" }, v.nameTooShort, "name"],
        // The browser's own email check lets this through; the form's (and the gateway's) does not.
        [
          "an email without a dot in its domain",
          { email: "jane@example" },
          v.invalidEmail,
          "email",
        ],
        ["a short message", { message: "Too short" }, v.messageTooShort, "message"],
      ];
      for (const [what, change, message, focused] of cases) {
        await fill(page, { ...visitor, ...change });
        await submitButton(page).click();
        try {
          await expectToast(page, v.title, message);
        } catch (err) {
          err.message = `${what}: ${err.message}`;
          throw err;
        }
        assert.equal(
          await field(page, focused).evaluate((el) => el === document.activeElement),
          true,
          `${what}: the ${focused} field should have the focus`,
        );
        assert.deepEqual(
          await values(page),
          { ...visitor, ...change },
          `${what}: the values must stay`,
        );
      }
      // An empty form never gets past the browser's required check.
      for (const name of ["name", "email", "message"]) await field(page, name).fill("");
      await submitButton(page).click();
      assert.equal(await field(page, "name").evaluate((el) => el.validity.valueMissing), true);

      assert.deepEqual(posts, [], "nothing may be POSTed for invalid input");

      // Then a valid message: its POST and its two emails come after anything the invalid
      // ones had sent, and once they are in, such a surplus would be too.
      await fill(page, visitor);
      await submitButton(page).click();
      await expectToast(page, contact.toasts.success.title, contact.toasts.success.description);
      const mail = await sink.waitForMessages(2, { from: gateway });
      assert.deepEqual(posts, ["POST"], "nothing may be POSTed for invalid input");
      assert.deepEqual(
        mail.map((m) => m.to[0]).sort(),
        [OWNER, visitor.email].sort(),
        "no email may be sent for invalid input",
      );
    },
  );

  e2eTest(
    "the server answering 503 shows 'Failed to send message' and keeps the values",
    {
      // The browser logs the 503 and the form logs why it failed: expected here.
      allowConsoleErrors: [/status of 503/, /Contact form: the message could not be sent/],
    },
    async ({ page }) => {
      await sink.clear();
      const logged = [];
      page.on("console", (msg) => msg.type() === "error" && logged.push(msg.text()));
      await page.route("**/api/contact", (route) =>
        route.fulfill({
          status: 503,
          contentType: "application/json",
          body: JSON.stringify({
            error: {
              code: "unavailable",
              message: "The message could not be stored; try again later",
            },
          }),
        }),
      );
      await openContact(page);
      await fill(page, visitor);
      await submitButton(page).click();
      await expectToast(
        page,
        contact.toasts.failure.title,
        contact.toasts.failure.description,
        "destructive",
      );
      assert.deepEqual(await values(page), visitor, "the values must stay after a failure");
      assert.equal(await submitButton(page).innerText(), contact.form.submitLabel);
      assert.equal(await submitButton(page).isEnabled(), true);
      assert.ok(
        logged.some((t) => /Contact form: the message could not be sent/.test(t)),
        `the failure must be logged: ${JSON.stringify(logged)}`,
      );
      // Sent again once the server accepts it: the two emails of that message, and only
      // those, arrive (the refused attempt sent nothing, by any other way either).
      await page.unroute("**/api/contact");
      await submitButton(page).click();
      await expectToast(page, contact.toasts.success.title, contact.toasts.success.description);
      const mail = await sink.waitForMessages(2, { from: gateway });
      assert.deepEqual(
        mail.map((m) => m.to[0]).sort(),
        [OWNER, visitor.email].sort(),
        "nothing may be sent when the server refused",
      );
    },
  );

  e2eTest(
    "the honeypot is hidden, out of the tab order and of the accessibility tree",
    async ({ page }) => {
      await openContact(page);
      const honeypot = form(page).locator('input[name="website"]');
      assert.equal(await honeypot.count(), 1);
      assert.equal(await honeypot.getAttribute("tabindex"), "-1");
      assert.equal(await honeypot.getAttribute("autocomplete"), "off");
      assert.equal(await honeypot.evaluate((el) => !!el.closest('[aria-hidden="true"]')), true);
      // Clipped to a 1 px box by its wrapper (sr-only): nothing of it shows.
      const box = await honeypot.evaluate((el) => {
        const r = el.closest('[aria-hidden="true"]').getBoundingClientRect();
        return {
          width: r.width,
          height: r.height,
          overflow: getComputedStyle(el.parentElement).overflow,
        };
      });
      assert.ok(
        box.width <= 1 && box.height <= 1 && box.overflow === "hidden",
        `the honeypot must not be visible: ${JSON.stringify(box)}`,
      );
      // Keyboard: name → email → subject → message → send.
      await field(page, "name").focus();
      const order = [];
      for (let i = 0; i < 4; i++) {
        await page.keyboard.press("Tab");
        order.push(
          await page.evaluate(
            () => document.activeElement?.id || document.activeElement?.textContent?.trim(),
          ),
        );
      }
      assert.deepEqual(order, [
        "contact-email",
        "contact-subject",
        "contact-message",
        contact.form.submitLabel,
      ]);
    },
  );

  e2eTest(
    "fits a 375 px phone without sideways scrolling",
    {
      context: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true },
    },
    async ({ page }) => {
      await openContact(page);
      const widths = await page.evaluate(() => ({
        doc: document.documentElement.scrollWidth,
        view: window.innerWidth,
      }));
      assert.ok(
        widths.doc <= widths.view,
        `the page scrolls sideways at 375 px: ${JSON.stringify(widths)}`,
      );
      for (const name of ["name", "email", "subject", "message"]) {
        assert.equal(await field(page, name).isVisible(), true, `${name} must be visible`);
      }
    },
  );

  for (const theme of ["light", "dark"]) {
    e2eTest(
      `axe: no violations on /contact in the ${theme} theme, with a toast showing`,
      {
        context: { colorScheme: theme, reducedMotion: "reduce" },
      },
      async ({ page, context }) => {
        await useTheme(context, theme);
        await openContact(page);
        await page.evaluate(() => document.fonts?.ready);
        assert.equal((await themeState(page)).resolved, theme);
        const check = async (state) => {
          const { violations } = await new AxeBuilder({ page }).setLegacyMode().analyze();
          assert.deepEqual(
            violations.map(
              (x) =>
                `${state}: [${x.impact}] ${x.id}: ${x.help} — ${x.nodes
                  .slice(0, 3)
                  .map((n) => n.target.join(" "))
                  .join("; ")}`,
            ),
            [],
          );
        };
        await check("as loaded");
        await fill(page, { ...visitor, name: "J" });
        await submitButton(page).click();
        await expectToast(page, v.title, v.nameTooShort);
        await check("with the validation toast");
      },
    );
  }
});
