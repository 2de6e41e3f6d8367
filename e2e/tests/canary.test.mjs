// Previews, canaries and the canary's guard (docs/decisions/0059-canary-releases.md),
// against gateways of this file's own: blog releases packed from the blog's build with
// their /blog page changed (a heading that names the version; one whose page throws).
// A preview link shows its version to the previewer alone; a canary gives its version to
// a share of new visitors, each kept on their side across requests and client-side
// navigations; the visitors' browsers report their vitals and errors per version, which
// the admin's traffic data shows; a canary whose page throws is rolled back by the
// gateway itself, the history saying why: on one gateway on SQLite, and on three
// replicas sharing PostgreSQL (when PORTFOLIO_TEST_DATABASE_URL is set), where exactly
// one of them acts. Visitors present themselves as a desktop Chrome: a headless
// browser's own user agent is a bot's, which is always served the stable site and never
// counted.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe } from "node:test";
import { articles } from "../lib/content.mjs";
import { passwordHash, startGateway } from "../lib/gateway.mjs";
import { eventually, waitForPage } from "../lib/page.mjs";
import { createDatabase, testDatabaseURL } from "../lib/postgres.mjs";
import { cli, pack, replaceIn, rewrite } from "../lib/releases.mjs";
import { e2eTest } from "../lib/suite.mjs";

const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const USER = "owner";
const PASSWORD = "e2e canary password, long enough";
const HEADING = "Latest Blog Posts";
const OLD = articles[0];
/** What the boom release's page throws. */
const BOOM = "canary boom: this release's page throws";

/**
 * A blog release packed from the blog's build, its /blog heading saying `label`; with
 * `boom`, its /blog page also loads a module of its own that throws.
 */
function packBlog(work, label, { boom = false } = {}) {
  const release = pack(work, "blog", (dist, version) => {
    const page = join(dist, "prerender/blog.html");
    replaceIn(page, `>${HEADING}<`, `>${HEADING} (${label})<`);
    if (boom) {
      writeFileSync(join(dist, "static/js/boom.js"), `throw new Error(${JSON.stringify(BOOM)});\n`);
      const boomScript = `<script type="module" src="/mf/blog/${version}/static/js/boom.js"></script>`;
      rewrite(page, `${boomScript}${readFileSync(page, "utf8")}`);
    }
  });
  return { ...release, label };
}

/** The label of the /blog heading in `html`: "shipped" for the build's own. */
function labelOf(html) {
  const m = new RegExp(`>${HEADING}(?: \\(([^)]+)\\))?<`).exec(html);
  assert.ok(m, "/blog has its heading");
  return m[1] ?? "shipped";
}

/** A new visitor's GET of /blog: the label it was served and the cookie it was given. */
async function newVisitor(base) {
  const res = await fetch(`${base}/blog`, { headers: { "User-Agent": CHROME } });
  assert.equal(res.status, 200);
  const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0];
  return { label: labelOf(await res.text()), cookie };
}

/** How many of `n` new visitors of /blog were served `label`. */
async function share(base, n, label) {
  let got = 0;
  for (let i = 0; i < n; i++) if ((await newVisitor(base)).label === label) got++;
  return got;
}

/** Waits until new visitors of `base` are served as `check` wants (the followers poll). */
async function until(base, check, what) {
  await eventually(
    async () => {
      const labels = new Set();
      for (let i = 0; i < 20; i++) labels.add((await newVisitor(base)).label);
      assert.ok(check(labels), `${what}: new visitors got ${[...labels]}`);
    },
    { timeout: 10_000, interval: 100 },
  );
}

/** Waits until each gateway's log says it serves `version` to `percent` % (its follower). */
async function following(gateways, version, percent) {
  const line = new RegExp(
    `"msg":"sections: canary".*"version":"${version}","percent":${percent}\\b`,
  );
  for (const gw of gateways) {
    await eventually(() => assert.match(gw.logs(), line), { timeout: 10_000, interval: 50 });
  }
}

/** The section's history as the admin API gives it (the owner's session in `page`). */
async function overview(page, adminUrl, section = "blog") {
  const res = await page.request.get(`${adminUrl}/api/admin/sections`, {
    headers: { Origin: adminUrl },
  });
  assert.equal(res.status(), 200, await res.text());
  return (await res.json()).sections.find((s) => s.name === section);
}

async function traffic(page, adminUrl) {
  const res = await page.request.get(`${adminUrl}/api/admin/traffic?days=7`, {
    headers: { Origin: adminUrl },
  });
  assert.equal(res.status(), 200, await res.text());
  return res.json();
}

async function signIn(page, adminUrl) {
  await page.goto(`${adminUrl}/admin/newsletter`, { waitUntil: "load" });
  const form = page.getByRole("form", { name: "Admin sign in" });
  await form.getByLabel("User name", { exact: true }).fill(USER);
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByRole("button", { name: "Sign in" }).click();
  await page.getByText(`Signed in as ${USER}`).waitFor();
}

/**
 * A visitor's browser on /blog: the label served, and the /mf/blog/ scripts it loaded
 * (a live array). Waits until the page is ready and idle, so that its vitals are
 * measured before it is left.
 */
async function openBlog(context, url) {
  const page = await context.newPage();
  const scripts = [];
  page.on("response", (res) => {
    const path = new URL(res.url()).pathname;
    if (path.startsWith("/mf/blog/") && path.endsWith(".js"))
      scripts.push({ path, status: res.status() });
  });
  const res = await page.goto(url, { waitUntil: "load" });
  assert.equal(res?.status(), 200);
  await page.waitForFunction(() => document.documentElement.dataset.js === "ready");
  // Its LCP and TTFB measured (the vitals' library marks <html> with what it has).
  await page.waitForFunction(() =>
    ["lcp", "ttfb"].every((m) => document.documentElement.dataset.vitals?.split(" ").includes(m)),
  );
  return { page, label: labelOf(await page.content()), scripts };
}

/** A /blog visit in a context of its own, left (so its vitals go) once measured. */
async function visit(browser, url) {
  const context = await browser.newContext({ userAgent: CHROME });
  try {
    const { page, label } = await openBlog(context, url);
    await page.close({ runBeforeUnload: true });
    return label;
  } finally {
    await context.close();
  }
}

/** The client-side navigation to an article and back to /blog, on the app's code. */
async function navigateAndBack(page) {
  await page.locator(`main a[href="/blog/${OLD.slug}"]`).first().click();
  await page.waitForFunction(
    (t) => document.querySelector("main h1")?.textContent.trim() === t,
    OLD.title,
  );
  await page
    .locator('nav[aria-label="Main"]')
    .getByRole("link", { name: "Blog", exact: true })
    .click();
  await page.waitForFunction(() => location.pathname === "/blog");
  await page.locator("main h1").waitFor();
}

describe("previews and canaries", () => {
  let work;
  let v2;
  let v3;
  let boom;
  let hash;

  before(() => {
    work = mkdtempSync(join(tmpdir(), "portfolio-e2e-canary-"));
    v2 = packBlog(work, "v2");
    v3 = packBlog(work, "v3");
    boom = packBlog(work, "boom", { boom: true });
    hash = passwordHash(PASSWORD);
  });
  after(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  const env = (extra = {}) => ({
    PORTFOLIO_ADMIN_USER: USER,
    PORTFOLIO_ADMIN_PASSWORD_HASH: hash,
    PORTFOLIO_ANALYTICS_FLUSH_INTERVAL: "200ms",
    PORTFOLIO_CANARY_CHECK_INTERVAL: "500ms",
    // The canary is judged once it has its 30 visits, the number this test makes.
    PORTFOLIO_CANARY_MIN_VIEWS: "30",
    ...extra,
  });

  e2eTest(
    "a preview link shows v2, with a banner, to whoever opens it and to no one else; never counted, never indexed",
    { timeout: 90_000 },
    async ({ suite }) => {
      const gateway = await startGateway({ env: env() });
      const browser = suite.browser;
      const previewer = await browser.newContext({ userAgent: CHROME });
      const other = await browser.newContext({ userAgent: CHROME });
      const owner = await browser.newContext();
      try {
        cli(["sections", "publish", v2.artifact], gateway.env);
        const link = cli(["sections", "preview", "blog", v2.version], gateway.env);
        assert.match(link, new RegExp(`^${gateway.url}/preview\\?token=`));

        const tab = await previewer.newPage();
        const landed = await tab.goto(link, { waitUntil: "load" });
        assert.equal(new URL(tab.url()).pathname, "/blog", "the link lands on the section");
        assert.equal(landed?.status(), 200);
        assert.match(landed?.headers()["x-robots-tag"] ?? "", /noindex/);
        assert.match(landed?.headers()["cache-control"] ?? "", /private, no-store/);
        await waitForPage(tab);
        assert.equal(labelOf(await tab.content()), "v2", "the previewer sees v2");
        const banner = tab.locator("[data-preview-banner]");
        assert.match(await banner.textContent(), new RegExp(`Previewing blog ${v2.version}`));
        // Across a client-side navigation, the previewer runs v2's files.
        const scripts = [];
        tab.on("response", (r) => {
          const p = new URL(r.url()).pathname;
          if (p.startsWith("/mf/blog/") && p.endsWith(".js")) scripts.push(p);
        });
        await navigateAndBack(tab);
        assert.ok(scripts.length > 0, "the app loaded the blog's code");
        for (const p of scripts) assert.ok(p.startsWith(`/mf/blog/${v2.version}/`), p);
        await tab.reload({ waitUntil: "load" });
        assert.equal(labelOf(await tab.content()), "v2", "and on reload");

        // Anyone else: v1, no banner.
        const theirs = await other.newPage();
        await theirs.goto(`${gateway.url}/blog`, { waitUntil: "load" });
        // The entry, which reports the vitals, loads once the page is painted: maybe after
        // its load event (docs/decisions/0067).
        await waitForPage(theirs);
        assert.equal(labelOf(await theirs.content()), "shipped");
        assert.equal(await theirs.locator("[data-preview-banner]").count(), 0);
        await theirs.close({ runBeforeUnload: true });

        // Leaving the preview: the banner's link.
        await banner.getByRole("link", { name: "Leave the preview" }).click();
        await tab.waitForURL(`${gateway.url}/`);
        await tab.goto(`${gateway.url}/blog`, { waitUntil: "load" });
        await waitForPage(tab);
        assert.equal(labelOf(await tab.content()), "shipped", "out of the preview");
        await tab.close({ runBeforeUnload: true });

        // Counted: the other visitor's view of /blog and the previewer's last, not the
        // previewer's three in the preview, nor any vitals of v2.
        const adminTab = await owner.newPage();
        await signIn(adminTab, gateway.adminUrl);
        await eventually(
          async () => {
            const t = await traffic(adminTab, gateway.adminUrl);
            const blog = t.pages.find((p) => p.path === "/blog");
            assert.equal(blog?.count, 2, JSON.stringify(t.pages));
            const versions = t.vitals.versions.map((v) => `${v.section}@${v.version}`);
            assert.ok(versions.includes("blog@shipped"), JSON.stringify(versions));
            assert.ok(!versions.includes(`blog@${v2.version}`), JSON.stringify(versions));
          },
          { timeout: 10_000, interval: 200 },
        );
        // The admin's Sections panel makes the same link.
        await adminTab.goto(`${gateway.adminUrl}/admin/newsletter`, { waitUntil: "load" });
        const blogCard = adminTab.getByRole("region", { name: "Blog", exact: true });
        const row = blogCard.getByRole("row").filter({ hasText: v2.version });
        await row.getByRole("button", { name: "Preview" }).click();
        const made = await row
          .locator(`a[href^="${gateway.url}/preview?token="]`)
          .getAttribute("href");
        const fromAdmin = await other.newPage();
        await fromAdmin.goto(made, { waitUntil: "load" });
        assert.equal(labelOf(await fromAdmin.content()), "v2", "the admin's link opens v2");
        await fromAdmin.close();
        // A forged link opens nothing.
        const forged = await fetch(`${link.slice(0, -4)}AAAA`, { redirect: "manual" });
        assert.equal(forged.status, 400);
        assert.equal(forged.headers.get("set-cookie"), null);
      } finally {
        await Promise.all([previewer.close(), other.close(), owner.close()]);
        await gateway.stop();
      }
    },
  );

  e2eTest(
    "a canary: --percent 50 gives v2 to 30–70 of 100 new visitors, each kept on their side over 5 requests and a client-side navigation; widened, finished, rolled back",
    { timeout: 180_000 },
    async ({ suite }) => {
      const gateway = await startGateway({ env: env() });
      const base = gateway.url;
      const owner = await suite.browser.newContext();
      try {
        cli(["sections", "publish", v2.artifact], gateway.env);
        cli(["sections", "publish", v3.artifact], gateway.env);

        // The shares over 1,000 new visitors, at 10 % and at 50 %.
        for (const percent of [10, 50]) {
          const out = cli(
            ["sections", "promote", "blog", v2.version, "--percent", String(percent)],
            gateway.env,
          );
          assert.equal(out, `blog serves ${v2.version} to ${percent}% of new visitors`);
          await following([gateway], v2.version, percent);
          const n = await share(base, 1000, "v2");
          console.log(
            `  --percent ${percent}: ${n} of 1,000 new visitors got v2 (${(n / 10).toFixed(1)} %)`,
          );
          const sd = Math.sqrt(1000 * (percent / 100) * (1 - percent / 100));
          assert.ok(Math.abs(n - percent * 10) < 5 * sd, `${n} of 1000 at ${percent}%`);
        }
        const n = await share(base, 100, "v2");
        console.log(`  --percent 50: ${n} of 100 new visitors got v2`);
        assert.ok(n >= 30 && n <= 70, `${n} of 100`);

        // Visitors in browsers: one on each side at least. Each keeps their version over
        // five requests and a client-side navigation.
        const seen = { v2: [], shipped: [] };
        for (let i = 0; i < 40 && (seen.v2.length < 2 || seen.shipped.length < 1); i++) {
          const context = await suite.browser.newContext({ userAgent: CHROME });
          const { page, label, scripts } = await openBlog(context, `${base}/blog`);
          if (seen[label].length >= 2) {
            await context.close();
            continue;
          }
          for (let r = 0; r < 5; r++) {
            await page.reload({ waitUntil: "load" });
            assert.equal(
              labelOf(await page.content()),
              label,
              `request ${r + 2} of a ${label} visitor`,
            );
          }
          await navigateAndBack(page);
          assert.ok(scripts.length > 0, "the app loaded the blog's code");
          for (const s of scripts) {
            assert.equal(s.status, 200, s.path);
            assert.equal(
              s.path.startsWith(`/mf/blog/${v2.version}/`),
              label === "v2",
              `a ${label} visitor loaded ${s.path}`,
            );
          }
          seen[label].push({ context, page });
        }
        assert.ok(seen.v2.length >= 1 && seen.shipped.length >= 1, "visitors on both sides");

        // The admin shows both versions and the share.
        const adminTab = await owner.newPage();
        await signIn(adminTab, gateway.adminUrl);
        const o = await overview(adminTab, gateway.adminUrl);
        assert.equal(o.serving, "");
        assert.deepEqual([o.canary?.version, o.canary?.percent], [v2.version, 50]);
        await adminTab.goto(`${gateway.adminUrl}/admin/newsletter`, { waitUntil: "load" });
        const card = adminTab.getByRole("region", { name: "Blog", exact: true });
        await card
          .getByText(
            `Canary: ${v2.version} to 50% of new visitors; the others get the shipped build.`,
          )
          .waitFor();

        // Widened to 90 %: a visitor on the canary stays there.
        cli(["sections", "promote", "blog", v2.version, "--percent", "90"], gateway.env);
        await following([gateway], v2.version, 90);
        for (const { page } of seen.v2) {
          await page.reload({ waitUntil: "load" });
          assert.equal(
            labelOf(await page.content()),
            "v2",
            "a canary visitor stays on it when it widens",
          );
        }

        // A rollback ends the canary: everyone gets v1 again, and the history says so.
        assert.equal(cli(["sections", "rollback", "blog"], gateway.env), "blog now serves shipped");
        await until(base, (l) => l.size === 1 && l.has("shipped"), "after the rollback");
        for (const { page } of [...seen.v2, ...seen.shipped]) {
          await page.reload({ waitUntil: "load" });
          assert.equal(labelOf(await page.content()), "shipped");
        }
        assert.equal((await overview(adminTab, gateway.adminUrl)).history[0].action, "rollback");

        // A canary of v3 finished by a promote without --percent: everyone gets v3.
        cli(["sections", "promote", "blog", v3.version, "--percent", "20"], gateway.env);
        await until(base, (l) => l.has("v3"), "the v3 canary");
        cli(["sections", "promote", "blog", v3.version], gateway.env);
        await until(base, (l) => l.size === 1 && l.has("v3"), "v3 finished");
        const after = await overview(adminTab, gateway.adminUrl);
        assert.equal(after.serving, v3.version);
        assert.equal(after.canary, undefined);
        for (const { context } of [...seen.v2, ...seen.shipped]) await context.close();
      } finally {
        await owner.close();
        await gateway.stop();
      }
    },
  );

  /**
   * Visits /blog in fresh browsers until `n` of them got the boom canary, each left once
   * measured; returns when the n-th was left.
   */
  async function boomVisits(browser, urls, n) {
    let failing = 0;
    let stable = 0;
    for (let i = 0; failing < n && i < n * 3; i++) {
      const label = await visit(browser, `${urls[i % urls.length]}/blog`);
      if (label === "boom") failing++;
      else stable++;
    }
    assert.equal(failing, n, `${n} visits of the canary (and ${stable} of the stable version)`);
    return { at: performance.now(), stable };
  }

  /** Waits for the abort in the history; the seconds from `since` to it. */
  async function abortAfter(adminTab, adminUrl, since) {
    let event;
    await eventually(
      async () => {
        event = (await overview(adminTab, adminUrl)).history.find((e) => e.action === "abort");
        assert.ok(event, "no abort in the history yet");
      },
      { timeout: 120_000, interval: 250 },
    );
    return { event, seconds: (performance.now() - since) / 1000 };
  }

  e2eTest(
    "a canary whose page throws is rolled back by the gateway within 2 minutes of its 30th visit, the history saying why; its vitals and errors are in the admin's traffic data per version",
    { timeout: 240_000 },
    async ({ suite }) => {
      const gateway = await startGateway({ env: env() });
      const owner = await suite.browser.newContext();
      try {
        cli(["sections", "publish", boom.artifact], gateway.env);
        cli(["sections", "promote", "blog", boom.version, "--percent", "90"], gateway.env);
        await until(gateway.url, (l) => l.has("boom"), "the canary");
        const adminTab = await owner.newPage();
        await signIn(adminTab, gateway.adminUrl);

        const { at } = await boomVisits(suite.browser, [gateway.url], 30);
        const { event, seconds } = await abortAfter(adminTab, gateway.adminUrl, at);
        console.log(`  30th failing visit → rolled back: ${seconds.toFixed(1)} s; ${event.note}`);
        assert.ok(seconds < 120, `${seconds} s`);
        assert.equal(event.actor, "canary-guard");
        assert.equal(event.previous, boom.version);
        assert.match(event.note, /JavaScript errors: 1\.00 per view over 3\d views/);
        assert.match(gateway.logs(), /canary rolled back automatically/);
        await until(gateway.url, (l) => l.size === 1 && l.has("shipped"), "after the abort");

        // The browsers' reports, per version: every view of the canary with its error,
        // the LCP and TTFB of both versions measured; none from the stable one's errors.
        const t = await traffic(adminTab, gateway.adminUrl);
        const byVersion = Object.fromEntries(t.vitals.versions.map((v) => [v.version, v]));
        const canary = byVersion[boom.version];
        assert.ok(canary, JSON.stringify(Object.keys(byVersion)));
        assert.ok(canary.views >= 30 && canary.errors === canary.views, JSON.stringify(canary));
        const metric = (v, name) => v.metrics.find((m) => m.name === name);
        for (const name of ["lcp", "ttfb"]) {
          assert.ok(
            metric(canary, name).n >= 30,
            `${name} of the canary: ${JSON.stringify(metric(canary, name))}`,
          );
          assert.ok(metric(canary, name).p75 > 0);
          assert.match(metric(canary, name).rating, /^(good|needs-improvement|poor)$/);
        }
        const route = t.vitals.routes.find((r) => r.route === "/blog");
        assert.ok(route && route.views >= 30, JSON.stringify(t.vitals.routes));
        if (byVersion.shipped) assert.equal(byVersion.shipped.errors, 0);
        // The Traffic panel shows them per version, against the thresholds.
        await adminTab.goto(`${gateway.adminUrl}/admin/newsletter`, { waitUntil: "load" });
        const table = adminTab.getByRole("table", { name: "Vitals per section version" });
        const boomRow = table.getByRole("row").filter({ hasText: boom.version });
        await boomRow.waitFor();
        const cells = await boomRow.locator("td").allTextContents();
        assert.equal(cells[1], String(canary.errors), `JS errors of ${boom.version}: ${cells}`);
        assert.match(cells[2], /\d+ ms \((good|needs improvement|poor)\)/, `its LCP: ${cells}`);
        await table
          .getByRole("columnheader", { name: /LCP p75 good ≤ 2500 ms, poor > 4000 ms/ })
          .waitFor();
      } finally {
        await owner.close();
        await gateway.stop();
      }
    },
  );

  e2eTest(
    "PostgreSQL, three replicas: a visitor keeps their side on every replica; a throwing canary is rolled back once, by one replica",
    {
      timeout: 240_000,
      skip:
        !testDatabaseURL &&
        "PORTFOLIO_TEST_DATABASE_URL is not set (scripts/with-postgres.sh sets it)",
    },
    async ({ suite }) => {
      const db = await createDatabase(testDatabaseURL, "e2e_canary");
      const replicas = [];
      const owner = await suite.browser.newContext();
      try {
        for (let i = 0; i < 3; i++) {
          replicas.push(await startGateway({ env: env({ PORTFOLIO_DATABASE_URL: db.url }) }));
        }
        const cliEnv = replicas[0].env;
        cli(["sections", "publish", v2.artifact], cliEnv);
        cli(["sections", "promote", "blog", v2.version, "--percent", "50"], cliEnv);
        await following(replicas, v2.version, 50);
        const n = await share(replicas[1].url, 100, "v2");
        assert.ok(n >= 30 && n <= 70, `${n} of 100`);
        // One visitor's cookie on each replica in turn (one host: cookies ignore ports).
        for (let i = 0; i < 10; i++) {
          const first = await newVisitor(replicas[0].url);
          for (const gw of replicas) {
            const res = await fetch(`${gw.url}/blog`, {
              headers: { "User-Agent": CHROME, Cookie: first.cookie },
            });
            assert.equal(labelOf(await res.text()), first.label, `${gw.url} with ${first.cookie}`);
          }
        }
        cli(["sections", "rollback", "blog"], cliEnv);

        cli(["sections", "publish", boom.artifact], cliEnv);
        cli(["sections", "promote", "blog", boom.version, "--percent", "90"], cliEnv);
        for (const gw of replicas) await until(gw.url, (l) => l.has("boom"), gw.url);
        const adminTab = await owner.newPage();
        await signIn(adminTab, replicas[0].adminUrl);
        const { at } = await boomVisits(
          suite.browser,
          replicas.map((gw) => gw.url),
          30,
        );
        const { event, seconds } = await abortAfter(adminTab, replicas[0].adminUrl, at);
        console.log(`  PostgreSQL: 30th failing visit → rolled back: ${seconds.toFixed(1)} s`);
        assert.ok(seconds < 120, `${seconds} s`);
        assert.equal(event.actor, "canary-guard");
        for (const gw of replicas)
          await until(gw.url, (l) => l.size === 1 && l.has("shipped"), gw.url);
        // Every replica's guard has looked again, twice (a check that had begun before
        // the rollback may count once): none rolls it back a second time.
        const checks = await Promise.all(
          replicas.map((gw) => gw.metric("portfolio_canary_checks_total")),
        );
        for (const [i, gw] of replicas.entries())
          await eventually(async () =>
            assert.ok(
              (await gw.metric("portfolio_canary_checks_total")) >= checks[i] + 2,
              `${gw.url}: its guard has not checked twice more`,
            ),
          );
        const history = (await overview(adminTab, replicas[0].adminUrl)).history;
        assert.equal(
          history.filter((e) => e.action === "abort").length,
          1,
          JSON.stringify(history),
        );
        const acted = replicas.filter((gw) => /canary rolled back automatically/.test(gw.logs()));
        assert.equal(acted.length, 1, "exactly one replica rolled the canary back");
      } finally {
        await owner.close();
        await Promise.all(replicas.map((gw) => gw.stop()));
        await db.drop();
      }
    },
  );
});
