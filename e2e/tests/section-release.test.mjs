// Section releases (docs/decisions/0035): a blog v2 (its heading changed, a class the
// shell has never seen, and one new published article in a copy of content/) is built
// once, packed with `bin/gateway sections pack`, then published, promoted and rolled
// back with the CLI against running gateways: one on SQLite (a browser tab that loaded
// v1 keeps working on v1's files, a new tab gets v2), three replicas sharing one
// PostgreSQL (when PORTFOLIO_TEST_DATABASE_URL is set: scripts/with-postgres.sh), and
// one on SQLite under a steady page load, which must see no error while it switches.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe } from "node:test";
import { articles } from "../lib/content.mjs";
import { hermeticEnv, startGateway } from "../lib/gateway.mjs";
import {
  countDocumentLoads,
  eventually,
  goto,
  h1Texts,
  mainNav,
  waitForPage,
} from "../lib/page.mjs";
import { GATEWAY_BIN, REPO_ROOT } from "../lib/paths.mjs";
import { createDatabase } from "../lib/postgres.mjs";
import { e2eTest } from "../lib/suite.mjs";

// An arbitrary value no source of the shell contains (section-rebuild uses 7px).
const NEW_CLASS = "decoration-[9px]";
const V1_HEADING = "Latest Blog Posts";
const V2_HEADING = `${V1_HEADING} (v2)`;
// How long a promote or rollback may take to reach every gateway (they poll each second).
const SWITCH_WITHIN_MS = 5000;

/** The article only v2 has. */
const POST = {
  slug: "section-releases-e2e",
  title: "Shipping One Section at a Time",
  excerpt:
    "How the blog ships on its own: a versioned artifact, promoted and rolled back while every replica keeps serving.",
  category: "CI/CD",
};
/** An article v1 and v2 both have. */
const OLD = articles[0];

const apps = join(REPO_ROOT, "apps");

/** Runs a command to completion; resolves with its stdout, rejects with all its output. */
function run(cmd, args, { cwd = REPO_ROOT, env = process.env } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0
        ? resolve(out)
        : reject(new Error(`${cmd} ${args.join(" ")} exited ${code}:\n${out}\n${err}`)),
    );
  });
}

/**
 * `bin/gateway sections …` on the site whose PORTFOLIO_* settings are `env` (a
 * gateway's, as startGateway reports them); returns its stdout's last line and when it
 * returned.
 */
async function sections(args, env) {
  const out = await run(GATEWAY_BIN, ["sections", ...args], { env: { ...hermeticEnv(), ...env } });
  const returnedAt = performance.now();
  return { last: out.trim().split("\n").at(-1), returnedAt };
}

/** A copy of content/ with POST added, built by its own build script into its dist/. */
async function buildContent(work) {
  const src = join(REPO_ROOT, "content");
  const copy = join(work, "content");
  cpSync(src, copy, {
    recursive: true,
    filter: (from) => !/[/\\](node_modules|dist|\.turbo)$/.test(from),
  });
  symlinkSync(join(src, "node_modules"), join(copy, "node_modules"));
  writeFileSync(
    join(copy, "blog", `${POST.slug}.md`),
    `---
title: "${POST.title}"
slug: ${POST.slug}
excerpt: "${POST.excerpt}"
date: 2024-03-20
readTime: 3
category: ${POST.category}
tags: [Releases, Module Federation]
status: published
---

A section of this site ships alone: its build and its part of the content are packed
into one artifact, published, and promoted while the site runs.

## Rolling back

A rollback serves the previous version again within a second on every replica.
`,
  );
  for (const script of ["scripts/build-types.mjs", "scripts/build-markdown.mjs"]) {
    await run(process.execPath, [script], { cwd: copy });
  }
  return copy;
}

/**
 * A copy of the blog whose /blog heading says V2_HEADING with NEW_CLASS, built against
 * the content copy: its node_modules links every entry of apps/blog/node_modules but
 * @portfolio, whose packages are the repo's except content, the copy.
 */
async function buildBlog(work, content) {
  const copy = join(work, "blog");
  mkdirSync(copy);
  for (const f of [
    "src",
    "package.json",
    "tsconfig.json",
    "rsbuild.config.ts",
    "rsbuild.prerender.config.ts",
  ]) {
    cpSync(join(apps, "blog", f), join(copy, f), { recursive: true });
  }
  const modules = join(apps, "blog", "node_modules");
  mkdirSync(join(copy, "node_modules", "@portfolio"), { recursive: true });
  for (const entry of readdirSync(modules)) {
    if (entry === "@portfolio") continue;
    symlinkSync(join(modules, entry), join(copy, "node_modules", entry));
  }
  for (const name of readdirSync(join(modules, "@portfolio"))) {
    const target = name === "content" ? content : realpathSync(join(modules, "@portfolio", name));
    symlinkSync(target, join(copy, "node_modules", "@portfolio", name));
  }
  const home = join(copy, "src", "routes", "blog-home.tsx");
  const source = readFileSync(home, "utf8");
  const changed = source.replace(
    `title="${V1_HEADING}"`,
    `title={<span className="${NEW_CLASS}">${V2_HEADING}</span>}`,
  );
  assert.notEqual(changed, source, "the blog heading to change was not found");
  writeFileSync(home, changed);
  const rsbuild = join(copy, "node_modules", "@rsbuild", "core", "bin", "rsbuild.js");
  for (const args of [["build"], ["build", "-c", "rsbuild.prerender.config.ts"]]) {
    await run(process.execPath, [rsbuild, ...args], {
      cwd: copy,
      env: { ...process.env, NODE_ENV: "production" },
    });
  }
  return copy;
}

// ---- what a gateway serves ----

const text = async (url) => {
  const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
  return { status: res.status, body: await res.text() };
};

const decode = (s) =>
  s
    .replace(/&#34;|&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The article's head: <title>, meta description and JSON-LD BlogPostings. */
function head(html) {
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
  const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1];
  const ld = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
    .flatMap((m) => {
      try {
        return JSON.parse(m[1]);
      } catch {
        return null;
      }
    })
    .filter(Boolean);
  return {
    title: title && decode(title),
    description: description && decode(description),
    postings: ld.filter((x) => x["@type"] === "BlogPosting"),
  };
}

/**
 * Why `base` does not serve the blog release `version` (v2) in full, or null when it
 * does: the new article with its own head, in the feed and the sitemap, and
 * remotes.json pointing the shell at the version's manifest.
 */
async function notServingV2(base, version) {
  const [page, rss, sitemap, remotes] = await Promise.all(
    [`/blog/${POST.slug}`, "/rss.xml", "/sitemap.xml", "/mf/remotes.json"].map((p) =>
      text(new URL(p, base)),
    ),
  );
  if (page.status !== 200) return `/blog/${POST.slug} answers ${page.status}`;
  const h = head(page.body);
  if (!h.title?.startsWith(`${POST.title} · `)) return `the article's <title> is ${h.title}`;
  if (h.description !== POST.excerpt) return `its meta description is ${h.description}`;
  if (!h.postings.some((p) => p.headline === POST.title)) {
    return `no JSON-LD BlogPosting with its headline: ${JSON.stringify(h.postings)}`;
  }
  if (!rss.body.includes(`/blog/${POST.slug}</link>`)) return "/rss.xml does not list it";
  if (!sitemap.body.includes(`/blog/${POST.slug}</loc>`)) return "/sitemap.xml does not list it";
  const entry = blogEntry(remotes.body);
  if (entry !== `/mf/blog/${version}/mf-manifest.json`) return `remotes.json says ${entry}`;
  return null;
}

/** Why `base` does not serve the shipped blog (v1) again, or null when it does. */
async function notServingV1(base) {
  const [page, rss, sitemap, remotes] = await Promise.all(
    [`/blog/${POST.slug}`, "/rss.xml", "/sitemap.xml", "/mf/remotes.json"].map((p) =>
      text(new URL(p, base)),
    ),
  );
  if (page.status !== 404) return `/blog/${POST.slug} answers ${page.status}`;
  if (rss.body.includes(POST.slug)) return "/rss.xml still lists it";
  if (sitemap.body.includes(POST.slug)) return "/sitemap.xml still lists it";
  const entry = blogEntry(remotes.body);
  if (entry !== "/mf/blog/mf-manifest.json") return `remotes.json says ${entry}`;
  return null;
}

const blogEntry = (remotesJson) =>
  JSON.parse(remotesJson).remotes.find((r) => r.name === "blog")?.entry;

/**
 * Polls every gateway (each 25 ms) until `check(url)` says nothing is missing; returns
 * the milliseconds from `since` (a CLI command's return) to each one serving the change.
 * Fails naming what a gateway still lacked after `within` ms.
 */
async function timeToServe(gateways, check, since, what, within = SWITCH_WITHIN_MS) {
  return Promise.all(
    gateways.map(async (gw, i) => {
      let why = "not asked yet";
      try {
        await eventually(
          async () => {
            why = await check(gw.url).catch((err) => String(err?.message ?? err));
            if (why !== null) throw new Error(why);
          },
          { timeout: Math.max(0, since + within - performance.now()), interval: 25 },
        );
      } catch {
        assert.fail(
          `gateway ${i + 1} (${gw.url}) did not serve ${what} within ${within} ms: ${why}\n` +
            `--- its log ---\n${gw.logs().split("\n").slice(-20).join("\n")}`,
        );
      }
      return Math.round(performance.now() - since);
    }),
  );
}

const report = (what, ms) =>
  console.log(`  ${what}: ${ms.map((m, i) => `gateway ${i + 1} ${m} ms`).join(", ")}`);

/** The /mf/blog/… JS and CSS responses a page gets from now on (a live array). */
function blogAssets(page) {
  const seen = [];
  page.on("response", (res) => {
    const path = new URL(res.url()).pathname;
    if (path.startsWith("/mf/blog/") && /\.(m?js|css)$/.test(path)) {
      seen.push({ path, status: res.status(), body: res.body().catch(() => null) });
    }
  });
  return seen;
}

/**
 * The /blog heading's text, and the class and computed style of its title (v2's carries
 * NEW_CLASS: the heading is @portfolio/ui's Page, the title the blog's own markup).
 */
const blogHeading = (page) =>
  page.locator("main h1").evaluate((h) => {
    const title = h.querySelector("span") ?? h;
    return {
      text: h.textContent.replace(/\s+/g, " ").trim(),
      className: title.className,
      thickness: getComputedStyle(title).textDecorationThickness,
    };
  });

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];

describe("section releases", () => {
  let work;
  /** @type {{ artifact: string, version: string }} */
  let v2;

  before(
    async () => {
      const started = performance.now();
      work = mkdtempSync(join(tmpdir(), "portfolio-e2e-release-"));
      const content = await buildContent(work);
      const blog = await buildBlog(work, content);
      // Any 40 hex digits: each run packs a version of its own.
      const commit = randomBytes(20).toString("hex");
      const { last: artifact } = await sections(
        [
          "pack",
          "blog",
          "--dist",
          join(blog, "dist"),
          "--content",
          content,
          "--commit",
          commit,
          "--package-json",
          join(blog, "package.json"),
          "--out",
          join(work, "releases"),
        ],
        {},
      );
      const pkg = JSON.parse(readFileSync(join(blog, "package.json"), "utf8"));
      const version = `${pkg.version}-${commit.slice(0, 12)}`;
      assert.equal(artifact, join(work, "releases", `blog-${version}.tar.gz`));
      v2 = { artifact, version };
      console.log(
        `  blog ${version} built and packed in ${Math.round(performance.now() - started)} ms`,
      );
    },
    { timeout: 300_000 },
  );

  after(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  e2eTest(
    "SQLite: promote serves v2 within 5 s (article, head, feed, sitemap, new heading) while a v1 tab keeps working; rollback undoes it",
    { timeout: 120_000 },
    async ({ page: oldTab, context }) => {
      const gateway = await startGateway();
      try {
        const base = gateway.url;
        const url = (p) => new URL(p, base).href;

        // v1, the shipped build, in a tab that stays open.
        await goto(oldTab, url("/blog"));
        await waitForPage(oldTab);
        const v1 = await blogHeading(oldTab);
        assert.equal(v1.text, V1_HEADING);
        assert.equal(v1.thickness, "auto", "the shipped build has no such class");
        // The tab runs v1's code from before the promote on: a page that arrived prerendered
        // runs none until its first link click starts the app (docs/decisions/0040-islands.md).
        await mainNav(oldTab).getByRole("link", { name: "Blog", exact: true }).click();
        await oldTab.waitForFunction(() =>
          Object.keys(document.getElementById("main") ?? {}).some((k) => k.startsWith("__react")),
        );
        assert.equal((await text(url(`/blog/${POST.slug}`))).status, 404, "no new article yet");

        const { last: published } = await sections(["publish", v2.artifact], gateway.env);
        assert.equal(published, v2.version, "publish prints the version");
        assert.equal(await notServingV1(base), null, "publishing alone changes nothing");

        const promoted = await sections(["promote", "blog", v2.version], gateway.env);
        const toV2 = await timeToServe(
          [gateway],
          (u) => notServingV2(u, v2.version),
          promoted.returnedAt,
          "v2",
        );
        report("promote → serving v2", toV2);

        // A new tab gets v2: its heading, its class styled by its own sheet, its files
        // from under its version.
        const newTab = await context.newPage();
        const newAssets = blogAssets(newTab);
        await goto(newTab, url("/blog"));
        await waitForPage(newTab);
        const seenV2 = await blogHeading(newTab);
        assert.equal(seenV2.text, V2_HEADING);
        assert.ok(seenV2.className.includes(NEW_CLASS), `class "${seenV2.className}"`);
        assert.equal(seenV2.thickness, "9px", "v2's sheet styles the new class");
        assert.ok(newAssets.length > 0, "the new tab loads the blog's files");
        for (const a of newAssets) {
          assert.ok(a.path.startsWith(`/mf/blog/${v2.version}/`), `${a.path} is v2's`);
          assert.equal(a.status, 200, a.path);
        }
        await newTab.locator(`main a[href="/blog/${POST.slug}"]`).first().click();
        await newTab.waitForFunction(
          (t) => document.querySelector("main h1")?.textContent.trim() === t,
          POST.title,
        );
        await goto(newTab, url(`/blog/${POST.slug}`));
        await waitForPage(newTab);
        assert.deepEqual(await h1Texts(newTab), [POST.title], "the new article, loaded afresh");
        assert.equal(
          await newTab.title(),
          head((await text(url(`/blog/${POST.slug}`))).body).title,
        );

        // The v1 tab: to an existing article and back to /blog through the nav, without
        // a reload, on v1's files (the unversioned URLs it started with), each a 200.
        const oldAssets = blogAssets(oldTab);
        const loads = countDocumentLoads(oldTab);
        await oldTab.locator(`main a[href="/blog/${OLD.slug}"]`).first().click();
        await oldTab.waitForFunction(
          (t) => document.querySelector("main h1")?.textContent.trim() === t,
          OLD.title,
        );
        await oldTab.locator("main article p").first().waitFor();
        await mainNav(oldTab).getByRole("link", { name: "Blog", exact: true }).click();
        await oldTab.waitForFunction(
          (t) => document.querySelector("main h1")?.textContent.trim() === t,
          V1_HEADING,
        );
        assert.equal(loads.count, 0, `client-side navigation only: ${loads.urls}`);
        assert.equal((await blogHeading(oldTab)).text, V1_HEADING, "still v1's code");
        assert.ok(oldAssets.length > 0, "opening an article loads a chunk of the blog");
        for (const a of oldAssets) {
          assert.equal(a.status, 200, a.path);
          assert.ok(!/^\/mf\/blog\/\d/.test(a.path), `${a.path}: a v1 URL, not a version's`);
          const shipped = readFileSync(
            join(apps, "blog", "dist", a.path.slice("/mf/blog/".length)),
          );
          assert.ok(shipped.equals(await a.body), `${a.path} is the shipped build's file`);
        }
        console.log(
          `  v1 tab after promote: ${oldAssets.map((a) => `${a.path} ${a.status}`).join(", ")}`,
        );

        const rolledBack = await sections(["rollback", "blog"], gateway.env);
        assert.equal(rolledBack.last, "blog now serves shipped");
        const toV1 = await timeToServe([gateway], notServingV1, rolledBack.returnedAt, "v1");
        report("rollback → serving v1", toV1);

        // The tab on v2 still finds v2's files after the rollback: a version stays served.
        const kept = await fetch(url(`/mf/blog/${v2.version}/remoteEntry.js`));
        assert.equal(kept.status, 200);
        assert.match(kept.headers.get("cache-control") ?? "", /immutable/);
      } finally {
        await gateway.stop();
      }
    },
  );

  // A release brings pages the shell's build never saw: they get the section's chrome.
  e2eTest(
    "an article only the release has is served prerendered, like the shipped ones",
    {
      timeout: 60_000,
    },
    async () => {
      const gateway = await startGateway();
      try {
        await sections(["publish", v2.artifact], gateway.env);
        const promoted = await sections(["promote", "blog", v2.version], gateway.env);
        await timeToServe([gateway], (u) => notServingV2(u, v2.version), promoted.returnedAt, "v2");
        // What the root element holds: the composed HTML, or nothing (the bare document).
        const root = async (path) => {
          const { body } = await text(new URL(path, gateway.url));
          return /<div id="root">([\s\S]{0,40})/.exec(body)?.[1];
        };
        assert.match(await root(`/blog/${OLD.slug}`), /^<div/, "a shipped article is prerendered");
        const added = await root(`/blog/${POST.slug}`);
        assert.match(
          added,
          /^<div/,
          `/blog/${POST.slug} has its prerendered HTML (the release has prerender/blog/${POST.slug}.html); its root holds ${JSON.stringify(added)}`,
        );
      } finally {
        await gateway.stop();
      }
    },
  );

  e2eTest(
    "a tab that fetched /mf/remotes.json before a promote and opened the blog after it keeps working after the rollback",
    {
      timeout: 60_000,
    },
    async ({ page }) => {
      const gateway = await startGateway();
      try {
        const url = (p) => new URL(p, gateway.url).href;
        await sections(["publish", v2.artifact], gateway.env);
        // The shell fetches /mf/remotes.json once, with the first section a tab opens.
        await goto(page, url("/newsletter"));
        await waitForPage(page);
        const promoted = await sections(["promote", "blog", v2.version], gateway.env);
        await timeToServe([gateway], (u) => notServingV2(u, v2.version), promoted.returnedAt, "v2");
        const assets = blogAssets(page);
        await mainNav(page).getByRole("link", { name: "Blog", exact: true }).click();
        await page.waitForFunction(
          (t) => document.querySelector("main h1")?.textContent.trim() === t,
          V2_HEADING,
        );
        const rolledBack = await sections(["rollback", "blog"], gateway.env);
        await timeToServe([gateway], notServingV1, rolledBack.returnedAt, "v1");
        await page.locator(`main a[href="/blog/${OLD.slug}"]`).first().click();
        await page.waitForFunction(
          (t) => document.querySelector("main h1")?.textContent.trim() === t,
          OLD.title,
        );
        await page.locator("main article p").first().waitFor();
        const failed = assets.filter((a) => a.status !== 200).map((a) => `${a.path} ${a.status}`);
        assert.deepEqual(failed, [], "every file of the blog this tab asked for");
      } finally {
        await gateway.stop();
      }
    },
  );

  const pg = process.env.PORTFOLIO_TEST_DATABASE_URL;
  e2eTest(
    "PostgreSQL, three replicas: each serves v2 within 5 s of the promote, and 404s the article within 5 s of the rollback",
    {
      timeout: 120_000,
      skip: !pg && "PORTFOLIO_TEST_DATABASE_URL is not set (scripts/with-postgres.sh sets it)",
    },
    async ({ context }) => {
      const db = await createDatabase(pg, "e2e_release");
      const replicas = [];
      try {
        // One at a time: each runs the migrations under the advisory lock anyway.
        for (let i = 0; i < 3; i++) {
          replicas.push(await startGateway({ env: { PORTFOLIO_DATABASE_URL: db.url } }));
        }
        for (const gw of replicas) assert.equal(await notServingV1(gw.url), null);

        // The CLI with a replica's settings (the database URL; a data dir of its own).
        const cliEnv = replicas[0].env;
        const { last: published } = await sections(["publish", v2.artifact], cliEnv);
        assert.equal(published, v2.version);
        const promoted = await sections(["promote", "blog", v2.version], cliEnv);
        const toV2 = await timeToServe(
          replicas,
          (u) => notServingV2(u, v2.version),
          promoted.returnedAt,
          "v2",
        );
        report("promote → serving v2 (PostgreSQL)", toV2);

        for (const gw of replicas) {
          const tab = await context.newPage();
          await goto(tab, new URL("/blog", gw.url).href);
          await waitForPage(tab);
          const h = await blogHeading(tab);
          assert.deepEqual([h.text, h.thickness], [V2_HEADING, "9px"], `${gw.url}/blog`);
          await tab.close();
        }

        const rolledBack = await sections(["rollback", "blog"], cliEnv);
        const toV1 = await timeToServe(replicas, notServingV1, rolledBack.returnedAt, "v1");
        report("rollback → serving v1 (PostgreSQL)", toV1);
      } finally {
        await Promise.all(replicas.map((gw) => gw.stop()));
        await db.drop();
      }
    },
  );

  e2eTest(
    "under a steady 50 req/s page load, promote and rollback cost no error (SQLite)",
    { timeout: 120_000 },
    async () => {
      const gateway = await startGateway();
      try {
        const base = gateway.url;
        await sections(["publish", v2.artifact], gateway.env);

        const RATE = 50;
        const SECONDS = 6;
        const paths = ["/", "/blog", `/blog/${OLD.slug}`, "/rss.xml"];
        const results = [];
        const started = performance.now();
        const request = async (path) => {
          const t0 = performance.now();
          try {
            const res = await fetch(new URL(path, base), { signal: AbortSignal.timeout(5000) });
            const body = await res.text();
            results.push({ path, status: res.status, ms: performance.now() - t0, body });
          } catch (err) {
            results.push({ path, status: 0, ms: performance.now() - t0, error: String(err) });
          }
        };
        // Request i goes out i/RATE s after the start, whether the ones before were
        // answered or not (each on a timer of its own: one late does not delay the rest).
        const load = Promise.all(
          Array.from(
            { length: RATE * SECONDS },
            (_, i) =>
              new Promise((sent) => {
                setTimeout(() => sent(request(paths[i % paths.length])), (i * 1000) / RATE);
              }),
          ),
        );

        // The promote comes once v1 has answered a second of the load, the rollback once
        // v2 has answered a second of its /blog requests.
        const v2Blogs = () =>
          results.filter((r) => r.path === "/blog" && r.body?.includes(V2_HEADING)).length;
        await eventually(() => assert.ok(results.length >= RATE, `${results.length} answered`));
        const promoted = await sections(["promote", "blog", v2.version], gateway.env);
        const toV2 = await timeToServe(
          [gateway],
          (u) => notServingV2(u, v2.version),
          promoted.returnedAt,
          "v2",
        );
        await eventually(() => assert.ok(v2Blogs() >= RATE / paths.length, `${v2Blogs()} by v2`));
        const rolledBack = await sections(["rollback", "blog"], gateway.env);
        const toV1 = await timeToServe([gateway], notServingV1, rolledBack.returnedAt, "v1");
        await load;
        const elapsed = (performance.now() - started) / 1000;

        const failed = results.filter((r) => r.status !== 200);
        assert.equal(
          failed.length,
          0,
          `${failed.length} of ${results.length} requests failed: ${JSON.stringify(
            failed.slice(0, 5).map(({ body, ...r }) => r),
          )}`,
        );
        assert.equal(results.length, RATE * SECONDS);
        // Every /blog is one release's page: v2's heading with v2's sheet, or v1's with v1's.
        let sawV2 = 0;
        for (const r of results.filter((x) => x.path === "/blog")) {
          const isV2 = r.body.includes(V2_HEADING);
          const sheets = [
            ...r.body.matchAll(/<link rel="stylesheet" href="(\/mf\/blog\/[^"]+)"/g),
          ].map((m) => m[1]);
          assert.ok(sheets.length > 0, "/blog links the blog's sheet");
          for (const s of sheets) {
            assert.equal(
              s.startsWith(`/mf/blog/${v2.version}/`),
              isV2,
              `a ${isV2 ? "v2" : "v1"} /blog links ${s}`,
            );
          }
          sawV2 += isV2;
        }
        assert.ok(sawV2 > 0, "some /blog requests were answered by v2");

        const ms = results.map((r) => r.ms).sort((a, b) => a - b);
        console.log(
          `  load: ${results.length} requests in ${elapsed.toFixed(1)} s (${(results.length / elapsed).toFixed(0)} req/s), ` +
            `0 errors, ${sawV2} /blog answered by v2; latency p50 ${percentile(ms, 0.5).toFixed(1)} ms, ` +
            `p99 ${percentile(ms, 0.99).toFixed(1)} ms, max ${ms.at(-1).toFixed(1)} ms; ` +
            `promote → served ${toV2[0]} ms, rollback → served ${toV1[0]} ms`,
        );
      } finally {
        await gateway.stop();
      }
    },
  );
});
