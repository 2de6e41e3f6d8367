// The admin says what is true and reads on a phone, against a
// gateway of this file's own with an admin, an SMTP sink, short analytics flushes and
// seeded state: two confirmed subscribers, one unconfirmed, one unsubscribed; edition #1
// sent once; a few article pages read by a desktop Chrome.
// - The counts agree with the lists: 'Published Editions' is the number of editions the
//   list says were sent; a never-sent edition has 'Publish' (its own dialog), a sent one
//   'Republish'; the subscriber card and the list say the same total, each labelled.
// - The Preview shows the whole email (its frame tall enough, or scrolling inside the
//   dialog), its plain text wraps, and nothing scrolls the page or the dialog sideways.
// - At 375 px: top articles' titles break between words only, the subscriber list shows
//   every column, tapping the chart shows that day's values in a legend that reads as
//   words, the Import button sits level with its file picker, and a refused import row
//   is a sentence naming its line.
// This file's gateway and sink are killed by PID when it is done.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe } from "node:test";
import { mailingAdminEnv, seedReaders, signInAdmin } from "../lib/admin.mjs";
import { axeViolations } from "../lib/axe.mjs";
import { passwordHash, startGateway } from "../lib/gateway.mjs";
import { eventually, nextFrames } from "../lib/page.mjs";
import { REPO_ROOT } from "../lib/paths.mjs";
import { startSmtpSink } from "../lib/smtpsink.mjs";
import { e2eTest } from "../lib/suite.mjs";

const editions = JSON.parse(
  readFileSync(join(REPO_ROOT, "content", "dist", "newsletter-index.json"), "utf8"),
).editions;
const USER = "owner";
const PASSWORD = "e2e admin polish password, long enough";
const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };
const WIDE = { viewport: { width: 1280, height: 800 } };

let sink;
let gateway;
const at = (path) => `${gateway.url}${path}`;
const unique = (what) =>
  `${what}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.org`;

/** Signs in on the admin's page at the context's size; waits for the dashboard. */
async function openAdmin(page) {
  await signInAdmin(page, gateway.adminUrl, USER, PASSWORD);
  await page.getByRole("list", { name: "Editions" }).waitFor();
}

const statCard = (page, title) =>
  page
    .getByRole("heading", { name: title, exact: true })
    .locator('xpath=ancestor::*[contains(@class,"rounded")][1]');
const editionItems = (page) => page.getByRole("list", { name: "Editions" }).getByRole("listitem");

describe("admin polish", () => {
  after(async () => {
    await gateway?.stop();
    await sink?.stop();
  });

  before(async () => {
    sink = await startSmtpSink();
    gateway = await startGateway({
      env: {
        ...mailingAdminEnv(sink, USER, passwordHash(PASSWORD)),
        PORTFOLIO_ANALYTICS_FLUSH_INTERVAL: "200ms",
      },
    });
    await seedReaders(gateway.url, sink, {
      confirmed: [unique("ada"), unique("grace")],
      unconfirmed: [unique("lazy")],
      unsubscribed: [unique("gone")],
    });
    // A reader on a desktop Chrome reads two articles (the headless browser is a bot).
    for (const path of ["/blog/kubernetes-security", "/blog/microservices-monitoring", "/"]) {
      const res = await fetch(at(path), { headers: { "User-Agent": CHROME } });
      assert.equal(res.status, 200);
      await res.arrayBuffer();
    }
  });

  e2eTest(
    "the counts agree with the lists: published editions, Publish or Republish, subscribers",
    { timeout: 90_000 },
    async ({ page }) => {
      await openAdmin(page);
      // Send edition #1 once, the way the owner would: 'Publish', then its dialog.
      const first = editionItems(page).filter({
        has: page.getByRole("heading", { name: editions[0].title, exact: true }),
      });
      await first.getByRole("button", { name: /^(Publish|Republish)$/ }).click();
      const dialog = page.getByRole("dialog", {
        name: `Publish “${editions[0].title}”?`,
        exact: true,
      });
      await dialog.waitFor();
      assert.match(await dialog.innerText(), /emailed now to 2 confirmed subscribers/);
      await dialog.getByRole("button", { name: "Send to 2 subscribers" }).click();
      await eventually(async () =>
        assert.match(await first.innerText(), /Last published .+ to 2 subscribers/),
      );

      // 'Published Editions' counts the editions the list says were sent.
      const items = await editionItems(page).evaluateAll((lis) =>
        lis.map((li) => ({
          sent: /Last published/.test(li.textContent),
          never: /Not published yet/.test(li.textContent),
          buttons: [...li.querySelectorAll("button")].map((b) => b.textContent.trim()),
        })),
      );
      assert.equal(items.length, editions.length);
      const sent = items.filter((i) => i.sent).length;
      assert.equal(sent, 1);
      await eventually(async () => {
        const card = (await statCard(page, "Published Editions").innerText()).replace(/\s+/g, " ");
        assert.match(card, new RegExp(`^Published Editions ${sent}\\b`), card);
        assert.match(card, new RegExp(`of ${editions.length} editions`), card);
      });
      for (const i of items) {
        assert.ok(i.sent !== i.never, JSON.stringify(i));
        assert.ok(
          i.buttons.includes(i.sent ? "Republish" : "Publish"),
          `an edition ${i.sent ? "sent" : "never sent"} offers ${JSON.stringify(i.buttons)}`,
        );
        assert.ok(!i.buttons.includes(i.sent ? "Publish" : "Republish"), JSON.stringify(i));
      }
      // A sent edition asks 'Republish …?'.
      await first.getByRole("button", { name: "Republish" }).click();
      const again = page.getByRole("dialog", {
        name: `Republish “${editions[0].title}”?`,
        exact: true,
      });
      await again.waitFor();
      await again.getByRole("button", { name: "Cancel" }).click();
      await again.waitFor({ state: "detached" });

      // The subscriber card and the list: the same total, and the same confirmed count.
      const total = () =>
        statCard(page, "Total Subscribers")
          .innerText()
          .then((t) => t.replace(/\s+/g, " "));
      const list = page.getByRole("region", { name: "Subscribers" });
      await eventually(async () => {
        assert.match(
          await total(),
          /Total Subscribers 2 confirmed · 1 unconfirmed · 1 unsubscribed · 4 in all/,
        );
      });
      const card = page.locator("section, div").filter({ has: list }).last();
      const description = () =>
        page
          .getByRole("heading", { name: "Subscribers", exact: true })
          .locator("xpath=following-sibling::*[1]")
          .innerText();
      await eventually(async () => assert.equal(await description(), "Newest first. 4 in all."));
      await page.getByLabel("State", { exact: true }).selectOption("confirmed");
      await eventually(async () => assert.equal(await description(), "Newest first. 2 confirmed."));
      assert.ok(await card.count());
    },
  );

  for (const [size, context] of [
    ["375", PHONE],
    ["1280", WIDE],
  ]) {
    e2eTest(
      `${size} px: the Preview shows the whole email, its plain text wraps, nothing scrolls sideways`,
      { timeout: 60_000, context },
      async ({ page }) => {
        await openAdmin(page);
        const edition = editions.find((e) => e.id === 2) ?? editions[0];
        const item = editionItems(page).filter({
          has: page.getByRole("heading", { name: edition.title, exact: true }),
        });
        await item.getByRole("button", { name: "Preview" }).click();
        const dialog = page.getByRole("dialog", { name: `Preview of “${edition.title}”` });
        const html = dialog.frameLocator("iframe");
        await html.getByText(edition.title, { exact: true }).first().waitFor();
        const frame = await dialog.locator("iframe").boundingBox();
        const content = await html
          .locator("html")
          .evaluate((el) => ({ height: el.scrollHeight, width: el.scrollWidth }));
        const view = page.viewportSize();
        // The whole email: the frame as tall as it, or a frame that fills most of the
        // screen and scrolls (a sandboxed frame scrolls itself).
        assert.ok(
          frame.height >= content.height || frame.height >= view.height * 0.5,
          `the HTML frame is ${frame.height} px tall for an email of ${content.height} px (window ${view.height})`,
        );
        assert.ok(
          content.width <= frame.width + 1,
          `the email (${content.width} px) is wider than its frame (${frame.width} px)`,
        );
        const text = dialog.getByRole("region", { name: "Plain-text part" }).locator("pre");
        const box = await text.evaluate((p) => ({
          scroll: p.scrollWidth,
          client: p.clientWidth,
          wrap: getComputedStyle(p).whiteSpace,
        }));
        assert.ok(box.scroll <= box.client, `the plain text does not wrap: ${JSON.stringify(box)}`);
        assert.doesNotMatch(await text.innerText(), /```/, "a Markdown fence in the plain text");
        const sideways = await dialog.evaluate((d) => ({
          dialog: d.scrollWidth - d.clientWidth,
          page: document.documentElement.scrollWidth - window.innerWidth,
        }));
        assert.deepEqual(sideways, { dialog: 0, page: 0 }, "something scrolls sideways");
        assert.deepEqual(await axeViolations(page, `preview at ${size}`), []);
      },
    );
  }

  e2eTest(
    "375 px: top articles break between words, the subscriber list shows every column, the chart answers a tap, the Import button is level with its picker, a refused row is a sentence",
    { timeout: 90_000, context: { ...PHONE } },
    async ({ page }) => {
      await openAdmin(page);

      // Top articles: each word of a title on one line.
      const articles = page.getByRole("table", { name: "Top articles", exact: true });
      await eventually(
        async () => {
          await page.getByRole("button", { name: "7 days" }).click();
          await page.getByRole("button", { name: "30 days" }).click();
          assert.ok((await articles.locator("tbody a").count()) >= 2, "no article counted yet");
        },
        { timeout: 20_000, interval: 500 },
      );
      const broken = await articles.locator("tbody a").evaluateAll((links) =>
        links.flatMap((a) => {
          const text = a.firstChild;
          const out = [];
          for (const m of text.textContent.matchAll(/\S+/g)) {
            const r = document.createRange();
            r.setStart(text, m.index);
            r.setEnd(text, m.index + m[0].length);
            const lines = new Set([...r.getClientRects()].map((x) => Math.round(x.top)));
            if (lines.size > 1) out.push(m[0]);
          }
          return out;
        }),
      );
      assert.deepEqual(broken, [], "words of a top article's title broken across lines");

      // The subscriber list: every column of a row on screen, without scrolling sideways.
      const region = page.getByRole("region", { name: "Subscribers" });
      const row = region.locator("tbody tr").first();
      await row.waitFor();
      const cells = await row.evaluate((tr) => {
        const box = tr.closest("[role=region]").getBoundingClientRect();
        return [...tr.children].map((td) => {
          const r = td.getBoundingClientRect();
          return {
            text: td.innerText.trim().replace(/\s+/g, " "),
            shown: r.width > 0 && r.left >= box.left - 1 && r.right <= box.right + 1,
          };
        });
      });
      assert.equal(cells.length, 5);
      assert.deepEqual(
        cells.filter((c) => !c.shown),
        [],
        "cells of the subscriber list off screen at 375 px",
      );
      assert.deepEqual(
        cells.map((c) => c.text.split(" ")[0]),
        ["Email", "Name", "State", "Subscribed", "Confirmed"],
        "each value labelled with its column",
      );

      // The chart: its legend reads as words with numbers, and a tap shows that day's.
      const chart = page.getByTestId("traffic-chart");
      await chart.scrollIntoViewIfNeeded();
      const legend = page.getByTestId("traffic-legend");
      await legend.waitFor();
      const read = () => legend.innerText().then((t) => t.replace(/\s+/g, " ").trim());
      assert.doesNotMatch(await read(), /--/);
      assert.match(await read(), /^\d{1,2} [A-Z][a-z]{2}: \d+ page views? · \d+ visitors?$/);
      // The plotting area (uPlot's overlay, without the axes).
      const plot = await chart.locator(".u-over").boundingBox();
      const lastDay = await page.evaluate(() => {
        const rows = [...document.querySelectorAll("table caption")]
          .find((c) => c.textContent === "Page views and visitors per day")
          .closest("table")
          .querySelectorAll("tbody tr");
        const last = rows[rows.length - 1];
        return [...last.children].map((c) => c.textContent.trim());
      });
      // A tap on the first day (none counted then), then on the last: the legend tells
      // each, and keeps telling it.
      // A tap ends with the browser's own mouse events, the last of them a click: once
      // it has come, and two frames after it, whatever they undid would show.
      await chart.locator(".u-over").evaluate((el) => {
        window.__e2eClicks = 0;
        el.addEventListener("click", () => window.__e2eClicks++);
      });
      await page.touchscreen.tap(plot.x + 2, plot.y + plot.height / 2);
      await eventually(async () => assert.match(await read(), /: 0 page views · 0 visitors$/));
      await eventually(async () => assert.equal(await page.evaluate(() => window.__e2eClicks), 1));
      await nextFrames(page);
      assert.match(await read(), /: 0 page views · 0 visitors$/, "the tapped day went away");
      await page.touchscreen.tap(plot.x + plot.width - 2, plot.y + plot.height / 2);
      await eventually(async () =>
        assert.equal(
          await read(),
          `${lastDay[0]}: ${lastDay[1]} page view${lastDay[1] === "1" ? "" : "s"} · ${lastDay[2]} visitor${lastDay[2] === "1" ? "" : "s"}`,
        ),
      );

      // Import: the button level with the file picker; a refused row, a sentence.
      const picker = page.getByLabel("CSV file");
      const button = page.getByRole("button", { name: "Import" });
      const [p, b] = [await picker.boundingBox(), await button.boundingBox()];
      assert.ok(
        Math.abs(p.y + p.height / 2 - (b.y + b.height / 2)) <= 2,
        `the Import button (y ${b.y}, h ${b.height}) is not level with the file picker (y ${p.y}, h ${p.height})`,
      );
      const dir = mkdtempSync(join(tmpdir(), "admin-polish-"));
      const file = join(dir, "list.csv");
      writeFileSync(file, "email\nnot-an-address\n");
      await picker.setInputFiles(file);
      await button.click();
      const refused = page.getByRole("region", { name: "Refused rows" });
      await refused.waitFor();
      const rows = await refused.getByRole("listitem").allInnerTexts();
      assert.deepEqual(rows, ["Line 2 (not-an-address): not a valid email address."]);
    },
  );
});
