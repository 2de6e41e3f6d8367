// What the files that test the admin against a gateway of their own share: signing in
// on its page, and subscribers made the way readers make them (the newsletter's JSON
// endpoint, the links of the emails an SMTP sink received).
import assert from "node:assert/strict";
import { goto, waitForPage } from "./page.mjs";

/** Opens the admin's page on `adminUrl` and signs in; waits until it says so. */
export async function signInAdmin(page, adminUrl, user, password) {
  await goto(page, `${adminUrl}/admin/newsletter`);
  await waitForPage(page);
  const form = page.getByRole("form", { name: "Admin sign in" });
  await form.getByLabel("User name", { exact: true }).fill(user);
  await form.getByLabel("Password", { exact: true }).fill(password);
  await form.getByRole("button", { name: "Sign in" }).click();
  await page.getByText(`Signed in as ${user}`).waitFor();
}

/** Subscribes `email` on the site at `siteUrl`, as the newsletter page does. */
export async function subscribe(siteUrl, email, name = "") {
  const res = await fetch(`${siteUrl}/api/newsletter/subscriptions`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: siteUrl },
    body: JSON.stringify({ email, name, website: "" }),
  });
  assert.equal(res.status, 202, `subscribing ${email}: ${res.status} ${await res.text()}`);
}

/** The one link to `path` in an email's text. */
export function linkIn(message, path) {
  const links = [...new Set(message.text.match(/https?:\/\/[^\s<>"]+/g) ?? [])].filter(
    (l) => new URL(l).pathname === path,
  );
  assert.equal(links.length, 1, `expected one ${path} link in ${JSON.stringify(message.subject)}`);
  return links[0];
}

/** Opens the link to `path` in `message` (with `init`), which must answer 200. */
export async function follow(message, path, init) {
  const res = await fetch(linkIn(message, path), init);
  assert.equal(res.status, 200, `${path}: ${res.status}`);
}

/** What the one-click unsubscribe of a mail client posts (RFC 8058). */
export const ONE_CLICK = {
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
  body: "List-Unsubscribe=One-Click",
};

/**
 * Readers of the site at `siteUrl`, in every state: they subscribe; the `confirmed` and
 * `unsubscribed` confirm by their email's link; the `unsubscribed` then leave by their
 * welcome email's one-click link. Waits for the confirmed ones' welcome emails, so that
 * nothing they set off arrives later.
 */
export async function seedReaders(
  siteUrl,
  sink,
  { confirmed = [], unconfirmed = [], unsubscribed = [] },
) {
  for (const email of [...confirmed, ...unconfirmed, ...unsubscribed])
    await subscribe(siteUrl, email);
  for (const email of [...confirmed, ...unsubscribed])
    await follow(await sink.waitForMail(email, /^Confirm/), "/newsletter/confirm");
  for (const email of unsubscribed)
    await follow(await sink.waitForMail(email, /^Welcome/), "/newsletter/unsubscribe", ONE_CLICK);
  for (const email of confirmed) await sink.waitForMail(email, /^Welcome/);
}

/**
 * A gateway's settings for testing the admin with mail: the sink as its SMTP server, the
 * outbox polled every 200 ms, rate limits out of the way, and `user` signing in with the
 * password whose bcrypt hash is `hash`.
 */
export function mailingAdminEnv(sink, user, hash) {
  return {
    ...sink.gatewayEnv(),
    PORTFOLIO_OUTBOX_POLL_INTERVAL: "200ms",
    PORTFOLIO_RATE_LIMIT_PER_MINUTE: "1000",
    PORTFOLIO_ADMIN_USER: user,
    PORTFOLIO_ADMIN_PASSWORD_HASH: hash,
  };
}
