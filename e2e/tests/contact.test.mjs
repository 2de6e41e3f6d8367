// The contact form end to end: the browser fills /contact, the built bin/gateway stores
// the message and its outbox delivers both emails to an SMTP sink this file starts
// (services/mail/cmd/smtpsink); invalid input and a server that cannot accept the
// message show the right toasts. Its own gateway (SMTP, fast outbox, no rate limit
// worth the name) and sink, both killed by PID when the file is done.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { AxeBuilder } from '@axe-core/playwright';
import { eventually, expectToast, goto, holdRequests, requestsTo, themeState, useTheme, waitForPage } from '../lib/page.mjs';
import { REPO_ROOT } from '../lib/paths.mjs';
import { startMailingGateway } from '../lib/smtpsink.mjs';
import { e2eTest } from '../lib/suite.mjs';

const contact = JSON.parse(readFileSync(join(REPO_ROOT, 'content', 'contact.json'), 'utf8'));
const { fields } = contact.form;
const v = contact.validation;
const OWNER = 'owner@example.test';

const visitor = {
  name: 'Jane Visitor',
  email: 'jane.visitor@example.org',
  subject: 'job',
  message: 'Hello! I would like to talk about a platform role <b>in Pune</b>.\nSecond line.',
};
const subjectLabel = (value) => contact.form.subjects.find((s) => s.value === value).label;

let sink;
let gateway;
/** Absolute URL on this file's gateway (the suite's shared one has no SMTP). */
const at = (path) => `${gateway.url}${path}`;

const form = (page) => page.getByRole('form', { name: contact.form.heading });
const field = (page, name) => form(page).getByLabel(fields[name].label, { exact: true });
const submitButton = (page) => form(page).getByRole('button', { name: /^(Send Message|Sending\.\.\.)$/ });

async function openContact(page) {
  await goto(page, at('/contact'));
  await waitForPage(page);
  await form(page).waitFor();
}

async function fill(page, values) {
  for (const name of ['name', 'email', 'message']) await field(page, name).fill(values[name]);
  await field(page, 'subject').selectOption(values.subject);
}

async function values(page) {
  return {
    name: await field(page, 'name').inputValue(),
    email: await field(page, 'email').inputValue(),
    subject: await field(page, 'subject').inputValue(),
    message: await field(page, 'message').inputValue(),
  };
}

const header = (msg, name) => (msg.headers?.[name] ?? []).join(', ');

describe('contact form', () => {
  before(async () => {
    ({ sink, gateway } = await startMailingGateway({ PORTFOLIO_OWNER_EMAIL: OWNER }));
  });

  after(async () => {
    await gateway?.stop();
    await sink?.stop();
  });

  e2eTest('a visitor sends a message: success toast, reset form, two emails delivered', async ({ page }) => {
    await sink.clear();
    await openContact(page);
    assert.deepEqual(await values(page), { name: '', email: '', subject: contact.form.defaultSubject, message: '' });
    assert.equal(contact.form.defaultSubject, 'other');
    await fill(page, visitor);

    // Hold the request a moment so that the pending state can be seen, then let it
    // through to the real gateway.
    const release = await holdRequests(page, '**/api/contact');
    const posts = requestsTo(page, '/api/contact');
    await submitButton(page).click();
    await eventually(async () => assert.equal(await submitButton(page).innerText(), contact.form.pendingLabel));
    assert.equal(await submitButton(page).isDisabled(), true, "the button must be disabled while 'Sending...'");
    release();

    await expectToast(page, contact.toasts.success.title, contact.toasts.success.description);
    await eventually(async () =>
      assert.deepEqual(await values(page), { name: '', email: '', subject: 'other', message: '' }, 'the form must reset'),
    );
    assert.equal(await submitButton(page).innerText(), contact.form.submitLabel);
    assert.equal(await submitButton(page).isEnabled(), true);
    assert.deepEqual(posts, ['POST']);

    let mail;
    try {
      mail = await sink.waitForMessages(2, { timeout: 15_000, settle: 1000 });
    } catch (err) {
      err.message += `\n--- gateway output ---\n${gateway.logs()}`;
      throw err;
    }
    assert.equal(mail.length, 2, `expected exactly two emails, got ${mail.length}: ${JSON.stringify(mail.map((m) => [m.to, m.subject]))}`);
    for (const m of mail) assert.equal(m.error, undefined, `the sink could not parse a message: ${m.error}`);

    const owner = mail.find((m) => m.to.includes(OWNER));
    const reply = mail.find((m) => m.to.includes(visitor.email));
    assert.ok(owner, `no email to ${OWNER}: ${JSON.stringify(mail.map((m) => m.to))}`);
    assert.ok(reply, `no email to ${visitor.email}: ${JSON.stringify(mail.map((m) => m.to))}`);
    assert.notEqual(owner, reply);

    assert.deepEqual(owner.to, [OWNER]);
    assert.match(header(owner, 'Reply-To'), new RegExp(visitor.email.replace(/\./g, '\\.')));
    assert.match(owner.subject, new RegExp(subjectLabel(visitor.subject)));
    assert.match(owner.subject, new RegExp(visitor.name));
    for (const line of visitor.message.split('\n')) {
      assert.ok(owner.text.includes(line), `the owner's email must carry the message text (${JSON.stringify(line)}):\n${owner.text}`);
    }
    // HTML in the message is text in the HTML part, never markup.
    assert.ok(!owner.html.includes('<b>in Pune</b>'), 'the message must be escaped in the HTML part');
    assert.ok(owner.html.includes('&lt;b&gt;in Pune&lt;/b&gt;'), 'the escaped message must be in the HTML part');

    assert.deepEqual(reply.to, [visitor.email]);
    // The visitor's name stays out of the subject: the address is unverified.
    assert.equal(reply.subject, 'Thanks for getting in touch with DevOps Portfolio');
    assert.equal(header(reply, 'Auto-Submitted'), 'auto-replied');
    assert.match(header(reply, 'Reply-To'), new RegExp(OWNER.replace(/\./g, '\\.')));
    // The visitor's address is unverified: echoing their text would relay it to anyone.
    for (const part of [reply.text, reply.html]) {
      assert.ok(!part.includes(visitor.message.split('\n')[0]), "the auto-reply must not echo the visitor's message");
    }
  });

  e2eTest("invalid input shows 'Please check your form' with the rule's message and sends nothing", async ({ page }) => {
    await sink.clear();
    await openContact(page);
    const posts = requestsTo(page, '/api/contact');
    const cases = [
      ['a short name', { name: 'J' }, v.nameTooShort, 'name'],
      // The browser's own email check lets this through; the form's (and the gateway's) does not.
      ['an email without a dot in its domain', { email: 'jane@example' }, v.invalidEmail, 'email'],
      ['a short message', { message: 'Too short' }, v.messageTooShort, 'message'],
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
      assert.deepEqual(await values(page), { ...visitor, ...change }, `${what}: the values must stay`);
    }
    // An empty form never gets past the browser's required check.
    for (const name of ['name', 'email', 'message']) await field(page, name).fill('');
    await submitButton(page).click();
    assert.equal(await field(page, 'name').evaluate((el) => el.validity.valueMissing), true);

    await sleep(1000); // anything sent would have reached the sink by now (200 ms outbox poll)
    assert.deepEqual(posts, [], 'nothing may be POSTed for invalid input');
    assert.deepEqual(await sink.messages(), [], 'no email may be sent for invalid input');
  });

  e2eTest("the server answering 503 shows 'Failed to send message' and keeps the values", {
    // The browser logs the 503 and the form logs why it failed: expected here.
    allowConsoleErrors: [/status of 503/, /Contact form: the message could not be sent/],
  }, async ({ page }) => {
    await sink.clear();
    const logged = [];
    page.on('console', (msg) => msg.type() === 'error' && logged.push(msg.text()));
    await page.route('**/api/contact', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'unavailable', message: 'The message could not be stored; try again later' } }),
      }),
    );
    await openContact(page);
    await fill(page, visitor);
    await submitButton(page).click();
    await expectToast(page, contact.toasts.failure.title, contact.toasts.failure.description, 'destructive');
    assert.deepEqual(await values(page), visitor, 'the values must stay after a failure');
    assert.equal(await submitButton(page).innerText(), contact.form.submitLabel);
    assert.equal(await submitButton(page).isEnabled(), true);
    assert.ok(logged.some((t) => /Contact form: the message could not be sent/.test(t)), `the failure must be logged: ${JSON.stringify(logged)}`);
    await sleep(500);
    assert.deepEqual(await sink.messages(), [], 'nothing may be sent when the server refused');
  });

  e2eTest('the honeypot is hidden, out of the tab order and of the accessibility tree', async ({ page }) => {
    await openContact(page);
    const honeypot = form(page).locator('input[name="website"]');
    assert.equal(await honeypot.count(), 1);
    assert.equal(await honeypot.getAttribute('tabindex'), '-1');
    assert.equal(await honeypot.getAttribute('autocomplete'), 'off');
    assert.equal(await honeypot.evaluate((el) => !!el.closest('[aria-hidden="true"]')), true);
    // Clipped to a 1 px box by its wrapper (sr-only): nothing of it shows.
    const box = await honeypot.evaluate((el) => {
      const r = el.closest('[aria-hidden="true"]').getBoundingClientRect();
      return { width: r.width, height: r.height, overflow: getComputedStyle(el.parentElement).overflow };
    });
    assert.ok(box.width <= 1 && box.height <= 1 && box.overflow === 'hidden', `the honeypot must not be visible: ${JSON.stringify(box)}`);
    // Keyboard: name → email → subject → message → send.
    await field(page, 'name').focus();
    const order = [];
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      order.push(await page.evaluate(() => document.activeElement?.id || document.activeElement?.textContent?.trim()));
    }
    assert.deepEqual(order, ['contact-email', 'contact-subject', 'contact-message', contact.form.submitLabel]);
  });

  e2eTest('fits a 375 px phone without sideways scrolling', {
    context: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true },
  }, async ({ page }) => {
    await openContact(page);
    const widths = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, view: window.innerWidth }));
    assert.ok(widths.doc <= widths.view, `the page scrolls sideways at 375 px: ${JSON.stringify(widths)}`);
    for (const name of ['name', 'email', 'subject', 'message']) {
      assert.equal(await field(page, name).isVisible(), true, `${name} must be visible`);
    }
  });

  for (const theme of ['light', 'dark']) {
    e2eTest(`axe: no violations on /contact in the ${theme} theme, with a toast showing`, {
      context: { colorScheme: theme, reducedMotion: 'reduce' },
    }, async ({ page, context }) => {
      await useTheme(context, theme);
      await openContact(page);
      await page.evaluate(() => document.fonts?.ready);
      assert.equal((await themeState(page)).resolved, theme);
      const check = async (state) => {
        const { violations } = await new AxeBuilder({ page }).setLegacyMode().analyze();
        assert.deepEqual(
          violations.map((x) => `${state}: [${x.impact}] ${x.id}: ${x.help} — ${x.nodes.slice(0, 3).map((n) => n.target.join(' ')).join('; ')}`),
          [],
        );
      };
      await check('as loaded');
      await fill(page, { ...visitor, name: 'J' });
      await submitButton(page).click();
      await expectToast(page, v.title, v.nameTooShort);
      await check('with the validation toast');
    });
  }
});
