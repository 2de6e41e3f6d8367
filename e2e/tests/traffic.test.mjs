// The site's own analytics end to end (docs/decisions/0039-first-party-analytics.md),
// against the built bin/gateway of this file's own, with an admin and a short flush
// interval: a reader's page loads are counted by the gateway, a beacon by
// POST /api/pageviews, and the owner, once signed in, sees them in the admin's Traffic
// panel, as a chart (uPlot, drawn on a canvas) and as tables; the owner's own visits
// while signed in are not counted. The browser presents itself as a desktop Chrome:
// a headless browser's own user agent is a bot's, which is never counted.
import assert from "node:assert/strict";
import { after, before, describe } from "node:test";
import { passwordHash, startGateway } from "../lib/gateway.mjs";
import { eventually } from "../lib/page.mjs";
import { e2eTest } from "../lib/suite.mjs";

const USER = "owner";
const PASSWORD = "e2e traffic password, long enough";
const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const FLUSH = 200; // ms, PORTFOLIO_ANALYTICS_FLUSH_INTERVAL

let gateway;
const at = (path) => `${gateway.url}${path}`;
/** The admin's own origin (docs/decisions/0047). */
const adm = (path) => `${gateway.adminUrl}${path}`;

/** GETs a page as a reader's browser would, arriving from `referer` if given. */
async function visit(page, path, referer) {
  const res = await page.goto(at(path), { waitUntil: "load", ...(referer ? { referer } : {}) });
  assert.equal(res?.status(), 200, `GET ${path}`);
}

/** The rows of a table of the Traffic panel as "label count" strings. */
async function rowsOf(page, caption) {
  const table = page.getByRole("table", { name: caption, exact: true });
  return table
    .locator("tbody tr")
    .evaluateAll((rows) =>
      rows.map((r) =>
        [...r.children]
          .map((c) => (c.querySelector("a")?.textContent ?? c.textContent).trim())
          .join(" "),
      ),
    );
}

/** Opens the admin signed in, waits for the Traffic panel's figures. */
async function openTraffic(page) {
  await page.goto(adm("/admin/newsletter"), { waitUntil: "load" });
  await page.getByText(`Signed in as ${USER}`).waitFor();
  await page.getByRole("heading", { name: "Traffic", exact: true }).waitFor();
  await page.getByText(/page views? and \d+ daily visitors? over the last 30 days/).waitFor();
}

describe("traffic", () => {
  before(async () => {
    const hash = passwordHash(PASSWORD);
    gateway = await startGateway({
      env: {
        PORTFOLIO_ADMIN_USER: USER,
        PORTFOLIO_ADMIN_PASSWORD_HASH: hash,
        PORTFOLIO_ANALYTICS_FLUSH_INTERVAL: `${FLUSH}ms`,
      },
    });
  });

  after(async () => {
    await gateway?.stop();
  });

  e2eTest(
    "a reader's pages are counted; signed in, the owner sees them as a chart and tables, and is not counted",
    { context: { userAgent: CHROME }, timeout: 90_000 },
    async ({ page }) => {
      // A reader: three pages loaded, one of them from Hacker News, and a page shown by a
      // client-side navigation, reported by a beacon (the browser's own, then by fetch).
      await visit(page, "/skills", "https://news.ycombinator.com/item?id=1");
      await visit(page, "/talks");
      await visit(page, "/blog/kubernetes-security");
      assert.equal(
        await page.evaluate(() =>
          navigator.sendBeacon(
            "/api/pageviews",
            JSON.stringify({ path: "/resume", referrer: "https://www.linkedin.com" }),
          ),
        ),
        true,
        "sendBeacon queued the beacon",
      );
      const status = await page.evaluate(async () => {
        const res = await fetch("/api/pageviews", {
          method: "POST",
          headers: { "Content-Type": "text/plain;charset=UTF-8" },
          body: JSON.stringify({ path: "/talks", referrer: "" }),
        });
        return res.status;
      });
      assert.equal(status, 204, "the beacon endpoint answers 204");

      // The owner signs in: the admin's pages themselves are never counted.
      await page.goto(adm("/admin/newsletter"), { waitUntil: "load" });
      const form = page.getByRole("form", { name: "Admin sign in" });
      await form.getByLabel("User name", { exact: true }).fill(USER);
      await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await form.getByRole("button", { name: "Sign in" }).click();
      await page.getByText(`Signed in as ${USER}`).waitFor();

      // Within a flush or two the panel shows them: 5 views (3 loads, 2 beacons) by one
      // visitor, in the table of every day and in the top lists.
      await eventually(
        async () => {
          await page.reload({ waitUntil: "load" });
          await openTraffic(page);
          const summary = await page.getByText(/over the last 30 days/).innerText();
          assert.match(summary, /^5 page views and 1 daily visitor over the last 30 days\.$/);
        },
        { timeout: 20_000, interval: 500 },
      );
      const pages = await rowsOf(page, "Top pages");
      assert.deepEqual(pages.toSorted(), [
        "Kubernetes Security Best Practices: Hardening a Cluster Layer by Layer 1",
        "Resume 1",
        "Skills 1",
        "Talks & Events 2",
      ]);
      assert.deepEqual(await rowsOf(page, "Top articles"), [
        "Kubernetes Security Best Practices: Hardening a Cluster Layer by Layer 1",
      ]);
      assert.deepEqual((await rowsOf(page, "Top referrers")).toSorted(), [
        "Direct or unknown 3",
        "linkedin.com 1",
        "news.ycombinator.com 1",
      ]);
      assert.deepEqual(await rowsOf(page, "Devices"), ["Desktop 5"]);
      const days = await rowsOf(page, "Page views and visitors per day");
      assert.equal(days.length, 30, "a row for each of the 30 days");
      assert.match(days.at(-1), / 5 1$/, "today: 5 views by 1 visitor");

      // The chart: uPlot's canvas, drawn at the panel's width, hidden from assistive
      // technology (the table above says the same).
      const chart = page.getByTestId("traffic-chart");
      const canvas = chart.locator("canvas");
      await canvas.waitFor();
      const box = await canvas.boundingBox();
      assert.ok(box && box.width > 200 && box.height > 100, `chart size ${JSON.stringify(box)}`);
      assert.equal(
        await chart.evaluate((el) => el.closest("[aria-hidden=true]") !== null),
        true,
        "the chart is hidden from screen readers",
      );
      await page.getByRole("button", { name: "7 days" }).click();
      await page.getByText(/over the last 7 days/).waitFor();
      assert.equal((await rowsOf(page, "Page views and visitors per day")).length, 7);

      // Signed in, the owner reads the site: nothing more is counted, by page or beacon.
      await visit(page, "/skills");
      await page.evaluate(() =>
        navigator.sendBeacon("/api/pageviews", JSON.stringify({ path: "/skills", referrer: "" })),
      );
      // Then a reader's page, counted after them and flushed with them or later: once the
      // panel shows it, it would show the owner's visits too, had they been counted.
      const reader = await fetch(at("/projects"), { headers: { "User-Agent": CHROME } });
      assert.equal(reader.status, 200);
      await eventually(
        async () => {
          await openTraffic(page);
          assert.ok((await rowsOf(page, "Top pages")).includes("Featured Projects 1"));
        },
        { timeout: 20_000, interval: FLUSH },
      );
      assert.match(
        await page.getByText(/over the last 30 days/).innerText(),
        /^6 page views and 1 daily visitor/,
        "the owner's visits were counted",
      );
      assert.ok((await rowsOf(page, "Top pages")).includes("Skills 1"));
    },
  );
});
