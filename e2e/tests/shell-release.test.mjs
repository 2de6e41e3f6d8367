// The shell as a released section (docs/decisions/0060-the-shell-as-a-section.md),
// against gateways of this file's own: shell releases packed from the shell's build with
// its /skills heading changed and an inline script of their own in its page (run only
// if the CSP the gateway sends has that release's hash), beside a blog release. A shell
// release is published, previewed, given to a share of visitors, promoted and rolled
// back while the other sections keep serving what they served; one whose React is
// another major than the sections served now need is refused, naming the module, the
// range and the version: on one gateway on SQLite, and on three replicas sharing
// PostgreSQL (when PORTFOLIO_TEST_DATABASE_URL is set). Visitors present themselves as a
// desktop Chrome: a headless browser's own user agent is a bot's, always served the
// stable site.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe } from "node:test";
import { startGateway } from "../lib/gateway.mjs";
import { cspViolations, eventually, waitForPage } from "../lib/page.mjs";
import { createDatabase, testDatabaseURL } from "../lib/postgres.mjs";
import { cli, pack, refusal, replaceIn, rewrite } from "../lib/releases.mjs";
import { e2eTest } from "../lib/suite.mjs";

const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const SKILLS = "Technical Skills";
const BLOG = "Latest Blog Posts";

/**
 * A shell release whose /skills heading says `label` and whose page runs an inline
 * script of its own, marking the document with the label.
 */
function packShell(work, label, { react } = {}) {
  return {
    label,
    ...pack(work, "shell", (dist) => {
      replaceIn(join(dist, "prerender/skills.html"), `>${SKILLS}<`, `>${SKILLS} (${label})<`);
      const script = `<script>document.documentElement.dataset.shellRelease=${JSON.stringify(label)}</script>`;
      replaceIn(join(dist, "index.html"), "</head>", `${script}</head>`);
      if (react) {
        // Another React: every react module the shell shares, at that version.
        const file = join(dist, "mf-shared.json");
        const shared = JSON.parse(readFileSync(file, "utf8"));
        for (const [name, s] of Object.entries(shared)) {
          if (name === "react" || name.startsWith("react/") || name.startsWith("react-dom"))
            s.version = react;
        }
        rewrite(file, JSON.stringify(shared));
      }
    }),
  };
}

/** A blog release whose /blog heading says `label`. */
function packBlog(work, label) {
  return {
    label,
    ...pack(work, "blog", (dist) =>
      replaceIn(join(dist, "prerender/blog.html"), `>${BLOG}<`, `>${BLOG} (${label})<`),
    ),
  };
}

/** The label of `heading` in `html`: "shipped" for the build's own. */
function labelOf(html, heading) {
  const m = new RegExp(`>${heading}(?: \\(([^)]+)\\))?<`).exec(html);
  assert.ok(m, `the page has its heading ${heading}`);
  return m[1] ?? "shipped";
}

/** A GET of `path` as `cookie`'s visitor (none: a new one): the label and the cookie. */
async function fetchLabel(base, path, heading, cookie) {
  const headers = { "User-Agent": CHROME };
  if (cookie) headers.Cookie = cookie;
  const res = await fetch(`${base}${path}`, { headers });
  assert.equal(res.status, 200, `${base}${path}`);
  const given = (res.headers.get("set-cookie") ?? "").split(";")[0];
  return { label: labelOf(await res.text(), heading), cookie: cookie ?? given };
}

/** Waits until new visitors of `base` are served /skills as `label` (the followers poll). */
async function serving(base, label) {
  await eventually(
    async () => {
      for (let i = 0; i < 5; i++) {
        assert.equal((await fetchLabel(base, "/skills", SKILLS)).label, label, base);
      }
    },
    { timeout: 10_000, interval: 100 },
  );
}

/**
 * A visitor's browser on /skills, then on to the blog by the main menu (a client-side
 * navigation: the shell's code loads the blog's): the /skills label, the label of the
 * release's own inline script (undefined when the page has none or the CSP blocked it),
 * the blog label after the navigation, and the page's CSP violations.
 */
async function browse(browser, base) {
  const context = await browser.newContext({ userAgent: CHROME });
  try {
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    const res = await page.goto(`${base}/skills`, { waitUntil: "load" });
    assert.equal(res?.status(), 200);
    await waitForPage(page);
    const skills = labelOf(await page.content(), SKILLS);
    const script = await page.evaluate(() => document.documentElement.dataset.shellRelease);
    await page
      .locator('nav[aria-label="Main"]')
      .getByRole("link", { name: "Blog", exact: true })
      .click();
    await page.waitForFunction(() => location.pathname === "/blog");
    await page.locator("main h1").waitFor();
    await page.waitForFunction(
      (h) => document.querySelector("main h1")?.textContent.includes(h),
      BLOG,
    );
    const violations = await cspViolations(page);
    assert.deepEqual(errors, [], "no uncaught error");
    return { skills, script, violations, versions: await versionsOf(page) };
  } finally {
    await context.close();
  }
}

/** The versions the page's head names ("shell=… blog=…"), by section. */
async function versionsOf(page) {
  const content = await page.locator('meta[name="portfolio:versions"]').getAttribute("content");
  return Object.fromEntries(content.split(" ").map((kv) => kv.split("=")));
}

describe("the shell as a released section", () => {
  let work;
  let shellV2;
  let shellV3;
  let react20;
  let blogV2;

  before(() => {
    work = mkdtempSync(join(tmpdir(), "portfolio-e2e-shell-"));
    shellV2 = packShell(work, "v2");
    shellV3 = packShell(work, "v3");
    react20 = packShell(work, "react20", { react: "20.0.0" });
    blogV2 = packBlog(work, "blog v2");
  });
  after(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  e2eTest(
    "a shell release is previewed, given to a share, promoted and rolled back with the other sections untouched; one with another React is refused",
    { timeout: 180_000 },
    async ({ suite }) => {
      const gateway = await startGateway();
      const base = gateway.url;
      try {
        // Another section serves a release of its own throughout.
        cli(["sections", "publish", blogV2.artifact], gateway.env);
        cli(["sections", "promote", "blog", blogV2.version], gateway.env);
        await eventually(
          async () => assert.equal((await fetchLabel(base, "/blog", BLOG)).label, blogV2.label),
          { timeout: 10_000, interval: 100 },
        );

        cli(["sections", "publish", shellV2.artifact], gateway.env);
        cli(["sections", "publish", shellV3.artifact], gateway.env);

        // A preview link shows v2 to whoever opens it, landing on the home page.
        const link = cli(["sections", "preview", "shell", shellV2.version], gateway.env);
        const opened = await fetch(link, { redirect: "manual" });
        assert.equal(opened.status, 303);
        assert.equal(opened.headers.get("location"), "/");
        const previewCookie = opened.headers.get("set-cookie").split(";")[0];
        const previewed = await fetch(`${base}/skills`, {
          headers: { "User-Agent": CHROME, Cookie: previewCookie },
        });
        const previewedHTML = await previewed.text();
        assert.equal(labelOf(previewedHTML, SKILLS), shellV2.label);
        assert.match(previewedHTML, new RegExp(`Previewing shell ${shellV2.version}`));
        assert.equal((await fetchLabel(base, "/skills", SKILLS)).label, "shipped");

        // A canary at 50 %: a share of new visitors, each kept on their side.
        cli(["sections", "promote", "shell", shellV2.version, "--percent", "50"], gateway.env);
        await eventually(
          async () => {
            const labels = new Set();
            for (let i = 0; i < 30; i++)
              labels.add((await fetchLabel(base, "/skills", SKILLS)).label);
            assert.deepEqual([...labels].sort(), ["shipped", shellV2.label].sort());
          },
          { timeout: 10_000, interval: 100 },
        );
        let onCanary = 0;
        for (let i = 0; i < 100; i++) {
          const first = await fetchLabel(base, "/skills", SKILLS);
          if (first.label === shellV2.label) onCanary++;
          if (i % 10 === 0) {
            for (let j = 0; j < 3; j++) {
              const again = await fetchLabel(base, "/skills", SKILLS, first.cookie);
              assert.equal(again.label, first.label, `${first.cookie} keeps their side`);
            }
            // Whichever shell they got, the blog is the blog's release.
            const blog = await fetchLabel(base, "/blog", BLOG, first.cookie);
            assert.equal(blog.label, blogV2.label);
          }
        }
        assert.ok(onCanary >= 30 && onCanary <= 70, `${onCanary} of 100 got the shell's canary`);

        // Promoted: everyone, in a real browser: the release's page, its inline script
        // allowed by the CSP, and the blog's release reached by the shell's own code.
        cli(["sections", "promote", "shell", shellV3.version], gateway.env);
        await serving(base, shellV3.label);
        const promoted = await browse(suite.browser, base);
        assert.equal(promoted.skills, shellV3.label);
        assert.equal(promoted.script, shellV3.label, "the release's inline script ran");
        assert.deepEqual(promoted.violations, [], "no CSP violation");
        assert.equal(promoted.versions.shell, shellV3.version);
        assert.equal(promoted.versions.blog, blogV2.version, "the blog is untouched");
        assert.equal(promoted.versions.newsletter, "shipped", "the newsletter is untouched");
        assert.equal((await fetchLabel(base, "/blog", BLOG)).label, blogV2.label);

        // Another React major than the sections served now need: refused, by name.
        const refused = refusal(["sections", "publish", react20.artifact], gateway.env);
        assert.match(
          refused,
          /shared module react: the shell release provides 20\.0\.0, \S+ \S+ needs \^19\.\d+\.\d+/,
        );

        // Rolled back: the shipped shell, and the blog still its release.
        cli(["sections", "rollback", "shell"], gateway.env);
        await serving(base, "shipped");
        const back = await browse(suite.browser, base);
        assert.equal(back.skills, "shipped");
        assert.equal(back.script, undefined, "the release's script is gone with it");
        assert.deepEqual(back.violations, []);
        assert.equal(back.versions.shell, "shipped");
        assert.equal(back.versions.blog, blogV2.version, "the blog is untouched");
      } finally {
        await gateway.stop();
      }
    },
  );

  e2eTest(
    "PostgreSQL, three replicas: a shell release is promoted and rolled back on every replica, the blog untouched; one with another React is refused",
    {
      timeout: 180_000,
      skip:
        !testDatabaseURL &&
        "PORTFOLIO_TEST_DATABASE_URL is not set (scripts/with-postgres.sh sets it)",
    },
    async ({ suite }) => {
      const db = await createDatabase(testDatabaseURL, "e2e_shell");
      const replicas = [];
      try {
        for (let i = 0; i < 3; i++) {
          replicas.push(await startGateway({ env: { PORTFOLIO_DATABASE_URL: db.url } }));
        }
        const cliEnv = replicas[0].env;
        cli(["sections", "publish", blogV2.artifact], cliEnv);
        cli(["sections", "promote", "blog", blogV2.version], cliEnv);
        cli(["sections", "publish", shellV2.artifact], cliEnv);
        cli(["sections", "promote", "shell", shellV2.version], cliEnv);
        for (const gw of replicas) await serving(gw.url, shellV2.label);
        for (const gw of replicas) {
          assert.equal((await fetchLabel(gw.url, "/blog", BLOG)).label, blogV2.label, gw.url);
        }
        const promoted = await browse(suite.browser, replicas[2].url);
        assert.equal(promoted.script, shellV2.label, "the release's inline script ran");
        assert.deepEqual(promoted.violations, []);
        assert.equal(promoted.versions.blog, blogV2.version);

        const refused = refusal(["sections", "publish", react20.artifact], cliEnv);
        assert.match(refused, /shared module react: the shell release provides 20\.0\.0/);

        cli(["sections", "rollback", "shell"], cliEnv);
        for (const gw of replicas) await serving(gw.url, "shipped");
        for (const gw of replicas) {
          assert.equal((await fetchLabel(gw.url, "/blog", BLOG)).label, blogV2.label, gw.url);
        }
      } finally {
        await Promise.all(replicas.map((gw) => gw.stop()));
        await db.drop();
      }
    },
  );
});
