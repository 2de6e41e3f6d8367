// Subscribers in and out (docs/decisions/0038): the owner exports the list of one site with the
// admin's 'Export CSV', imports the file into a fresh site (a second bin/gateway with
// its own data directory) through the admin's Import form, and gets the same list:
// every address with its name, state and times. The one unconfirmed subscriber gets
// the new site's confirmation email (SMTP sink); the confirmed and unsubscribed ones
// get nothing. Importing the same file again adds nobody and lists every row as
// refused. This file's gateways and sink are killed by PID when it is done.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, describe } from "node:test";
import { follow, mailingAdminEnv, ONE_CLICK, signInAdmin, subscribe } from "../lib/admin.mjs";
import { passwordHash, startGateway } from "../lib/gateway.mjs";
import { startSmtpSink } from "../lib/smtpsink.mjs";
import { e2eTest } from "../lib/suite.mjs";

const USER = "owner";
const PASSWORD = "e2e admin password, long enough";

let sink;
let from; // the site the list leaves
let to; // the fresh site it moves to

const tag = `${Date.now()}.${Math.random().toString(36).slice(2, 8)}`;
const readers = {
  confirmed: [`ada.${tag}@example.org`, `grace.${tag}@example.org`],
  unconfirmed: `lazy.${tag}@example.org`,
  unsubscribed: `gone.${tag}@example.org`,
};

const mailTo = (address, subject) => sink.waitForMail(address, subject);

/** The export's rows without the header, by email, less `source` (where each came from). */
function listOf(csv) {
  const rows = csv.trim().split("\n").slice(1);
  return rows.map((r) => r.split(",").slice(0, 6).join(",")).sort();
}

describe("subscribers in and out", () => {
  before(async () => {
    sink = await startSmtpSink();
    const hash = passwordHash(PASSWORD);
    const env = mailingAdminEnv(sink, USER, hash);
    [from, to] = await Promise.all([startGateway({ env }), startGateway({ env })]);

    // On the first site: two confirmed, one who never confirms, one who left.
    const everyone = [...readers.confirmed, readers.unconfirmed, readers.unsubscribed];
    for (const email of everyone) await subscribe(from.url, email, `Reader ${email.split(".")[0]}`);
    for (const email of [...readers.confirmed, readers.unsubscribed])
      await follow(await mailTo(email, /^Confirm/), "/newsletter/confirm");
    await follow(
      await mailTo(readers.unsubscribed, /^Welcome/),
      "/newsletter/unsubscribe",
      ONE_CLICK,
    );
    for (const email of readers.confirmed) await mailTo(email, /^Welcome/);
    // The unconfirmed reader's first ask too, before the sink forgets it.
    await from.outboxIdle();
    await sink.clear();
  });

  after(async () => {
    await Promise.all([from?.stop(), to?.stop()]);
    await sink?.stop();
  });

  e2eTest("export from one site, import into a fresh one: the same list", async ({ page }) => {
    await signInAdmin(page, from.adminUrl, USER, PASSWORD);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    assert.match(download.suggestedFilename(), /^subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = await download.path();
    const exported = readFileSync(file, "utf8");
    assert.equal(
      exported.split("\n")[0],
      "email,name,state,subscribedAt,confirmedAt,unsubscribedAt,source,suppressed,suppressedAt",
    );
    assert.equal(listOf(exported).length, 4, exported);

    await signInAdmin(page, to.adminUrl, USER, PASSWORD);
    await page.getByLabel("CSV file").setInputFiles(file);
    await page.getByRole("button", { name: "Import" }).click();
    const status = page.getByRole("status").filter({ hasText: "Read 4 rows" });
    await status.waitFor();
    assert.match(
      await status.innerText(),
      /added 4 \(2 confirmed subscribers kept confirmed, 1 confirmation email queued, 1 unsubscribed address kept unsubscribed\); refused 0/,
    );
    await page.getByText("4 in all.").waitFor(); // the list below shows them

    const res = await page.request.get(`${to.adminUrl}/api/admin/subscribers.csv`);
    assert.equal(res.status(), 200);
    const again = await res.text();
    assert.deepEqual(listOf(again), listOf(exported));
    for (const row of again.trim().split("\n").slice(1)) assert.match(row, /,import,,$/);

    // The unconfirmed reader is asked again, by the new site; nobody else hears of it.
    const ask = await mailTo(readers.unconfirmed, /^Confirm/);
    assert.ok(ask.text.includes(to.url), "the confirmation link is the new site's");
    // The import queued its emails before it answered: once the outbox is idle, every
    // one of them has reached the sink.
    await to.outboxIdle();
    const others = (await sink.messages()).filter((m) => !m.to.includes(readers.unconfirmed));
    assert.deepEqual(
      others.map((m) => `${m.to} ${m.subject}`),
      [],
    );

    // The same file again: nobody added, every row refused with its line and reason.
    await page.getByLabel("CSV file").setInputFiles(file);
    await page.getByRole("button", { name: "Import" }).click();
    await page.getByRole("status").filter({ hasText: "refused 4" }).waitFor();
    const refused = page.getByRole("region", { name: "Refused rows" });
    const sentences = await refused.getByRole("listitem").allInnerTexts();
    assert.equal(sentences.length, 4);
    for (const line of sentences) assert.match(line, /^Line \d+ \(.+@.+\): .+\.$/);
    const text = await refused.innerText();
    assert.ok(text.includes("already on the list (confirmed)"), text);
    assert.ok(text.includes("unsubscribed earlier"), text);
  });
});
