// A section ships alone (docs/decisions/0001 and 0002): the blog rebuilt by
// itself with a class the shell has never seen, copied over its old build while the
// gateway runs, serves its new HTML, code and CSS on the next request: the class is
// styled, the page hydrates cleanly, and the shell's header still behaves at 375 px
// and 1280 px (the bug a second utilities sheet once caused: `.hidden` after `md:flex`).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startGateway } from "../lib/gateway.mjs";
import { goto, hydrateIslands, waitForPage } from "../lib/page.mjs";
import { REPO_ROOT } from "../lib/paths.mjs";
import { e2eTest } from "../lib/suite.mjs";

// An arbitrary value no source of the shell contains.
const NEW_CLASS = "decoration-[7px]";
const apps = join(REPO_ROOT, "apps");
const { sections } = JSON.parse(readFileSync(join(REPO_ROOT, "content", "sections.json"), "utf8"));

/**
 * Builds a copy of the blog whose /blog heading's text carries NEW_CLASS (the heading is
 * @portfolio/ui's Page, the title the blog's own markup); returns its dist.
 */
function rebuildBlog(work) {
  const copy = join(work, "blog-src");
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
  symlinkSync(join(apps, "blog", "node_modules"), join(copy, "node_modules"));
  const home = join(copy, "src", "routes", "blog-home.tsx");
  const source = readFileSync(home, "utf8");
  const changed = source.replace(
    'title="Latest Blog Posts"',
    `title={<span className="${NEW_CLASS}">Latest Blog Posts</span>}`,
  );
  assert.notEqual(changed, source, "the blog heading to change was not found");
  writeFileSync(home, changed);
  const rsbuild = join(copy, "node_modules", "@rsbuild", "core", "bin", "rsbuild.js");
  for (const args of [["build"], ["build", "-c", "rsbuild.prerender.config.ts"]]) {
    execFileSync(process.execPath, [rsbuild, ...args], {
      cwd: copy,
      stdio: "pipe",
      env: { ...process.env, NODE_ENV: "production" },
    });
  }
  return join(copy, "dist");
}

async function headerAt(browser, url, width) {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  try {
    const page = await context.newPage();
    const problems = [];
    page.on(
      "console",
      (m) =>
        (m.type() === "error" || m.type() === "warning") &&
        problems.push(`${m.type()}: ${m.text()}`),
    );
    page.on("pageerror", (e) => problems.push(String(e)));
    await goto(page, url);
    await waitForPage(page);
    await hydrateIslands(page);
    assert.deepEqual(problems, [], `${url} at ${width} px hydrates without an error or a warning`);
    return await page.evaluate(() => {
      const shown = (el) =>
        !!el && getComputedStyle(el).display !== "none" && el.getBoundingClientRect().width > 0;
      const h1 = document.querySelector("h1");
      const title = h1.querySelector("span") ?? h1;
      return {
        nav: shown(document.querySelector('nav[aria-label="Main"]')),
        menuButton: shown(document.querySelector('button[aria-label="Open menu"]')),
        h1Class: title.className,
        thickness: getComputedStyle(title).textDecorationThickness,
      };
    });
  } finally {
    await context.close();
  }
}

e2eTest(
  "a blog rebuilt alone with a class the shell has never seen: styled on the next request, header intact at 375 and 1280 px",
  { timeout: 300_000 },
  async ({ suite }) => {
    const work = mkdtempSync(join(tmpdir(), "portfolio-e2e-rebuild-"));
    let gateway;
    try {
      // The gateway's web dir: the built shell and remotes, the blog as a copy to replace.
      const web = join(work, "web");
      for (const { name } of sections.filter((s) => s.name !== "blog")) {
        mkdirSync(join(web, name), { recursive: true });
        symlinkSync(join(apps, name, "dist"), join(web, name, "dist"));
      }
      cpSync(join(apps, "blog", "dist"), join(web, "blog", "dist"), { recursive: true });
      gateway = await startGateway({ env: { PORTFOLIO_WEB_DIR: web } });
      const url = new URL("/blog", gateway.url).href;

      const before = await headerAt(suite.browser, url, 1280);
      assert.ok(!before.h1Class.includes(NEW_CLASS), "the class is new");

      const dist = rebuildBlog(work);
      cpSync(dist, join(web, "blog", "dist"), { recursive: true, force: true });

      const wide = await headerAt(suite.browser, url, 1280);
      const phone = await headerAt(suite.browser, url, 375);
      assert.ok(
        wide.h1Class.includes(NEW_CLASS),
        `the rebuilt heading is served: class "${wide.h1Class}"`,
      );
      // The section's own sheet styles the new class (the shell's has no such rule).
      assert.equal(before.thickness, "auto");
      assert.equal(wide.thickness, "7px", "text-decoration-thickness of the rebuilt heading");
      assert.deepEqual(
        [wide.nav, wide.menuButton],
        [true, false],
        "at 1280 px: the nav, no menu button",
      );
      assert.deepEqual(
        [phone.nav, phone.menuButton],
        [false, true],
        "at 375 px: the menu button, no nav",
      );
    } finally {
      await gateway?.stop();
      rmSync(work, { recursive: true, force: true });
    }
  },
);
