// What every subscriber sees of DevOps Digest, measured in a real browser: a gateway of
// this file's own sends through an SMTP sink (lib/smtpsink.mjs); a reader subscribes and
// confirms (the confirmation and welcome emails), the admin publishes every edition
// through the admin API (on the admin's origin), and each email's HTML part, as the sink received it, is laid
// out in Chromium at 375 px: nothing wider than the phone, one greeting, the edition's
// lists as <li>, its sections as <h2>; its hidden preheader; dark colours when the
// reader's system is dark. The text part has one greeting and no ``` fence. The
// gateway and the sink are killed by PID when the file is done.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe } from "node:test";
import { editionSections } from "../lib/content.mjs";
import { passwordHash } from "../lib/gateway.mjs";
import { REPO_ROOT } from "../lib/paths.mjs";
import { startMailingGateway } from "../lib/smtpsink.mjs";
import { e2eTest } from "../lib/suite.mjs";

/** Every edition with its text and HTML, #1 first. */
const editions = JSON.parse(
  readFileSync(join(REPO_ROOT, "content", "dist", "newsletter.json"), "utf8"),
).editions;
const PHONE = 375;
const READER = `reader.${Date.now()}@example.org`;
const GREETING = "Hi DevOps Enthusiast,"; // the site's to_name default: the reader gave no name
const USER = "owner";
const PASSWORD = "e2e admin password, long enough";

let sink;
let gateway;
/** The admin's session cookies, signed in by before(). */
let adminCookie;
/** The emails the reader got: confirmation, welcome, edition #1, #2, ... */
const mail = new Map();

/** The Markdown list items of an edition's text ("- x", "1. x"), outside code fences. */
function listItems(text) {
  let code = false;
  let n = 0;
  for (const line of text.split("\n")) {
    if (line.startsWith("```")) code = !code;
    else if (!code && /^(?:[-*]|\d+\.) /.test(line)) n++;
  }
  return n;
}

/** The email's HTML part laid out in a page of `width` px and the color scheme. */
async function layOut(browser, html, { width = PHONE, colorScheme = "light" } = {}) {
  const context = await browser.newContext({
    viewport: { width, height: 800 },
    colorScheme,
    javaScriptEnabled: true,
  });
  const page = await context.newPage();
  await page.setContent(html, { waitUntil: "load" });
  const seen = await page.evaluate(() => {
    const text = document.body.innerText;
    const hidden = document.body.firstElementChild;
    return {
      scrollWidth: document.documentElement.scrollWidth,
      // The widest element, for the failure message.
      widest: [...document.body.querySelectorAll("*")]
        .map((el) => ({ tag: el.tagName, right: Math.round(el.getBoundingClientRect().right) }))
        .sort((a, b) => b.right - a.right)[0],
      text,
      h2: [...document.querySelectorAll("h2")].map((h) => h.textContent.trim()),
      li: document.querySelectorAll("li").length,
      dashParagraphs: [...document.querySelectorAll("p")]
        .map((p) => p.textContent.trim())
        .filter((t) => /^(- |\d+\. )/.test(t)),
      preheader: {
        text: hidden.textContent,
        display: getComputedStyle(hidden).display,
        shown: text.includes(hidden.textContent) && hidden.textContent !== "",
      },
      background: getComputedStyle(document.body).backgroundColor,
    };
  });
  await context.close();
  return seen;
}

const count = (text, part) => text.split(part).length - 1;

describe("the emails a subscriber gets", () => {
  before(async () => {
    ({ sink, gateway } = await startMailingGateway({
      PORTFOLIO_ADMIN_USER: USER,
      PORTFOLIO_ADMIN_PASSWORD_HASH: passwordHash(PASSWORD),
      PORTFOLIO_OWNER_EMAIL: "owner@portfolio-e2e.test",
    }));
    // The public origin for the reader, the admin's own for the admin API (decision 0047).
    const post = (origin) => (path, body) =>
      fetch(`${origin}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: origin, ...body?.headers },
        body: body?.json === undefined ? undefined : JSON.stringify(body.json),
      });
    const api = post(gateway.url);
    const admin = post(gateway.adminUrl);
    // Subscribe and confirm, as a reader does (no name: the greeting's default).
    let res = await api("/api/newsletter/subscriptions", {
      json: { email: READER, name: "", website: "" },
    });
    assert.equal(res.status, 202, `subscribing: ${res.status} ${await res.text()}`);
    const confirmation = await sink.waitForMail(READER, /^Confirm/);
    const link = confirmation.text.match(/https?:\/\/\S+\/newsletter\/confirm\?token=\S+/)?.[0];
    assert.ok(link, "the confirmation email has its link");
    assert.equal((await fetch(link)).status, 200, "confirming");
    mail.set("confirmation", confirmation);
    mail.set("welcome", await sink.waitForMail(READER, /^Welcome/));

    // The admin publishes every edition to the confirmed reader.
    res = await admin("/api/admin/session", { json: { user: USER, password: PASSWORD } });
    assert.equal(res.status, 204, `signing in: ${res.status} ${await res.text()}`);
    adminCookie = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    for (const e of editions) {
      res = await admin(`/api/admin/editions/${e.id}/publish`, {
        headers: { Cookie: adminCookie },
      });
      assert.equal(res.status, 200, `publishing #${e.id}: ${res.status} ${await res.text()}`);
    }
    for (const e of editions) {
      const subject = new RegExp(
        `^DevOps Digest - ${e.month} - ${e.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`,
      );
      mail.set(`edition #${e.id}`, await sink.waitForMail(READER, subject, { timeout: 30_000 }));
    }
  });

  after(async () => {
    await gateway?.stop();
    await sink?.stop();
  });

  for (const e of editions) {
    e2eTest(
      `edition #${e.id}'s email at ${PHONE} px: no wider than the phone, one greeting, its lists and h2 sections, no fences in its text`,
      { timeout: 60_000 },
      async ({ suite }) => {
        const m = mail.get(`edition #${e.id}`);
        const seen = await layOut(suite.browser, m.html);
        console.log(`edition #${e.id}: ${seen.scrollWidth} px wide at ${PHONE} px`);
        assert.ok(
          seen.scrollWidth <= PHONE,
          `#${e.id} lays out ${seen.scrollWidth} px wide at ${PHONE} px (widest: ${JSON.stringify(seen.widest)})`,
        );
        assert.equal(count(seen.text, GREETING), 1, `#${e.id}: the greeting, once`);
        assert.doesNotMatch(seen.text, /\bHi there\b/, `#${e.id}: a second greeting`);
        assert.deepEqual(seen.h2, editionSections(e.text), `#${e.id}: its sections as h2s`);
        assert.ok(seen.h2.includes("3 AM wisdom"), `#${e.id}: h2s ${seen.h2}`);
        assert.equal(seen.li, listItems(e.text), `#${e.id}: its list items as <li>`);
        assert.deepEqual(seen.dashParagraphs, [], `#${e.id}: list items left as paragraphs`);
        // The excerpt is the line an inbox shows after the subject, hidden in the email.
        assert.equal(seen.preheader.text, e.excerpt);
        assert.equal(seen.preheader.display, "none");
        assert.equal(seen.preheader.shown, false, "the preheader is not shown");

        assert.equal(count(m.text, GREETING), 1, `#${e.id}: the text part greets once`);
        assert.ok(!m.text.includes("```"), `#${e.id}: a code fence in the text part`);
        assert.ok(!/^## /m.test(m.text), `#${e.id}: a Markdown heading in the text part`);
        for (const title of editionSections(e.text))
          assert.ok(m.text.includes(`\n\n${title}\n\n`), `#${e.id}: "${title}" on its own line`);
      },
    );
  }

  e2eTest(
    `every email at ${PHONE} px, light and dark: no wider than the phone, a preheader, dark colours in a dark system`,
    { timeout: 120_000 },
    async ({ suite }) => {
      for (const [kind, m] of mail) {
        const light = await layOut(suite.browser, m.html);
        const dark = await layOut(suite.browser, m.html, { colorScheme: "dark" });
        console.log(`${kind}: ${light.scrollWidth} px wide at ${PHONE} px`);
        assert.ok(light.scrollWidth <= PHONE, `${kind}: ${light.scrollWidth} px wide`);
        assert.ok(light.preheader.text.trim().length > 10, `${kind}: a preheader`);
        assert.equal(light.preheader.shown, false, `${kind}: the preheader is hidden`);
        assert.equal(light.background, "rgb(244, 244, 245)", `${kind}: light background`);
        assert.equal(dark.background, "rgb(9, 9, 11)", `${kind}: dark background in a dark system`);
      }
    },
  );

  e2eTest(
    "the admin's Preview of every edition greets once and shows its sections; the editions feed has them as h2s and its lists as lists",
    { timeout: 60_000 },
    async ({ suite }) => {
      const feed = await (await fetch(`${gateway.url}/newsletter/feed.xml`)).text();
      const fromXml = (s) =>
        s.replace(
          /&(lt|gt|quot|#39|amp);/g,
          (_, e) => ({ lt: "<", gt: ">", quot: '"', "#39": "'", amp: "&" })[e],
        );
      for (const e of editions) {
        const res = await fetch(`${gateway.adminUrl}/api/admin/editions/${e.id}/preview`, {
          headers: { Cookie: adminCookie, Origin: gateway.adminUrl },
        });
        assert.equal(res.status, 200, `preview of #${e.id}: ${res.status}`);
        const preview = await res.json();
        const seen = await layOut(suite.browser, preview.html);
        assert.equal(
          seen.text.match(/^Hi [^\n]*,$/gm)?.length,
          1,
          `#${e.id}: the preview greets once`,
        );
        assert.equal(
          preview.text.match(/^Hi [^\n]*,$/gm)?.length,
          1,
          `#${e.id}: its text part too`,
        );
        assert.deepEqual(seen.h2, editionSections(e.text), `#${e.id}: the preview's h2s`);
        assert.ok(
          seen.scrollWidth <= PHONE,
          `#${e.id}: the preview is ${seen.scrollWidth} px wide`,
        );

        const entry = feed
          .split("<entry>")
          .find((x) => x.includes(`<id>${gateway.url}/newsletter/${e.id}</id>`));
        assert.ok(entry, `the feed has #${e.id}`);
        const content = fromXml(/<content type="html">([\s\S]*?)<\/content>/.exec(entry)[1]);
        for (const title of editionSections(e.text))
          assert.match(
            content,
            new RegExp(`<h2[^>]*>${title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}</h2>`),
            `#${e.id} in the feed: "${title}"`,
          );
        // The feed's entry is the edition's text alone (decision 0056): its lists' items,
        // not the page's list of tags.
        assert.equal(
          content.match(/<li>/g)?.length,
          listItems(e.text),
          `#${e.id} in the feed: its list items`,
        );
      }
    },
  );
});
