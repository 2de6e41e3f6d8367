#!/usr/bin/env node
// make bench: what the browser downloads on first load of every route (JS and CSS:
// count, raw bytes, gzip bytes, bytes on the wire), the extra bytes each remote section
// costs beyond the shell, and Lighthouse scores for a handful of routes in mobile and
// desktop modes. It reports numbers and never fails on timings. Builds nothing itself.
//
//   node bench/run.mjs [--no-lighthouse] [--lighthouse-only] [--lh-routes=/,/blog]
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { recordAssets, settlePage, sum } from '../lib/assets.mjs';
import { launchBrowser, CHROMIUM_FLAGS } from '../lib/browser.mjs';
import { routes } from '../lib/content.mjs';
import { startGateway } from '../lib/gateway.mjs';
import { CHROMIUM_PATH, E2E_DIR, assertBuilt } from '../lib/paths.mjs';

const args = new Set(process.argv.slice(2).filter((a) => !a.includes('=')));
const opt = Object.fromEntries(process.argv.slice(2).filter((a) => a.includes('=')).map((a) => a.replace(/^--/, '').split('=')));
const LH_ROUTES = (opt['lh-routes'] ?? '/,/skills,/projects,/blog,/newsletter').split(',');

const kB = (n) => (n / 1024).toFixed(1);
const pad = (s, n, right = false) => (right ? String(s).padEnd(n) : String(s).padStart(n));

function table(headers, rows, leftCols = 1) {
  const widths = headers.map((h, i) => Math.max(String(h).length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => cells.map((c, i) => pad(c, widths[i], i < leftCols)).join('  ');
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

async function measureAssets(browser, baseURL) {
  const perRoute = [];
  for (const route of routes) {
    const context = await browser.newContext({ baseURL }); // cold cache every time
    const page = await context.newPage();
    const rec = recordAssets(page, baseURL);
    const res = await page.goto(route.url);
    await settlePage(page, route);
    await rec.settle();
    perRoute.push({ route: route.url, section: route.section, status: res?.status() ?? null, files: rec.files, js: sum(rec.files, 'js'), css: sum(rec.files, 'css') });
    await context.close();
  }

  // Extra cost of each remote section beyond the shell: land on /, then open the
  // section's first route in the app (client-side navigation) and count what is new.
  const sections = [];
  const firstRouteOf = new Map();
  for (const r of routes) if (r.section !== 'shell' && !firstRouteOf.has(r.section)) firstRouteOf.set(r.section, r);
  for (const [section, route] of firstRouteOf) {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await page.goto('/');
    await settlePage(page, routes[0]);
    const rec = recordAssets(page, baseURL);
    const link = page.locator(`nav[aria-label="Main"] a[href="${route.url}"]`).first();
    if (await link.isVisible().catch(() => false)) await link.click();
    else await page.evaluate((u) => { history.pushState({}, '', u); dispatchEvent(new PopStateEvent('popstate', { state: history.state })); }, route.url);
    await settlePage(page, route);
    await rec.settle();
    const direct = perRoute.find((p) => p.route === route.url);
    const home = perRoute.find((p) => p.route === '/');
    const homePaths = new Set(home.files.map((f) => f.path));
    const notOnHome = direct.files.filter((f) => !homePaths.has(f.path));
    sections.push({ section, route: route.url, viaNavigation: { js: sum(rec.files, 'js'), css: sum(rec.files, 'css'), files: rec.files.map((f) => f.path) }, directLoadBeyondHome: { js: sum(notOnHome, 'js'), css: sum(notOnHome, 'css') } });
    await context.close();
  }
  return { perRoute, sections };
}

function printAssets({ perRoute, sections }) {
  console.log('\nFirst load per route (cold cache): JS and CSS downloaded. kB = 1024 bytes; gzip = node:zlib level 9 of the body; wire = encoded body bytes on the network');
  console.log(
    table(
      ['route', 'HTTP', 'JS n', 'JS raw', 'JS gzip', 'JS wire', 'CSS n', 'CSS raw', 'CSS gzip', 'CSS wire'],
      perRoute.map((r) => [r.route, r.status, r.js.count, kB(r.js.raw), kB(r.js.gzip), kB(r.js.transfer), r.css.count, kB(r.css.raw), kB(r.css.gzip), kB(r.css.transfer)]),
    ),
  );
  const home = perRoute.find((r) => r.route === '/');
  console.log(`\nFirst load of /: JS ${home.js.count} files, ${kB(home.js.raw)} kB raw, ${kB(home.js.gzip)} kB gzip, ${kB(home.js.transfer)} kB on the wire; CSS ${home.css.count} files, ${kB(home.css.raw)} kB raw, ${kB(home.css.gzip)} kB gzip, ${kB(home.css.transfer)} kB on the wire`);
  console.log('\nLargest files on first load of /:');
  console.log(table(['file', 'raw kB', 'gzip kB', 'wire kB', 'encoding'], [...home.files].sort((a, b) => b.gzip - a.gzip).slice(0, 12).map((f) => [f.path, kB(f.raw), kB(f.gzip), kB(f.transferBody ?? 0), f.encoding])));
  console.log('\nExtra bytes of each remote section beyond the shell (from / then navigate in the app; and direct load minus the files / loaded):');
  console.log(
    table(
      ['section', 'route', 'nav JS n', 'nav JS gzip', 'nav CSS gzip', 'nav wire', 'direct extra JS gzip', 'direct extra CSS gzip'],
      sections.map((s) => [s.section, s.route, s.viaNavigation.js.count, kB(s.viaNavigation.js.gzip), kB(s.viaNavigation.css.gzip), kB(s.viaNavigation.js.transfer + s.viaNavigation.css.transfer), kB(s.directLoadBeyondHome.js.gzip), kB(s.directLoadBeyondHome.css.gzip)]),
      2,
    ),
  );
}

async function runLighthouse(baseURL) {
  const { default: lighthouse } = await import('lighthouse');
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  // chrome-launcher is lighthouse's own dependency; resolve it from there.
  const requireFromLh = createRequire(import.meta.resolve('lighthouse'));
  const chromeLauncher = await import(pathToFileURL(requireFromLh.resolve('chrome-launcher')).href);

  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
    logLevel: 'silent',
  });
  const results = [];
  try {
    for (const mode of ['mobile', 'desktop']) {
      for (const path of LH_ROUTES) {
        const url = `${baseURL}${path}`;
        const started = Date.now();
        try {
          const runner = await lighthouse(
            url,
            { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] },
            mode === 'desktop' ? desktopConfig : undefined,
          );
          const lhr = runner.lhr;
          const score = (id) => (lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100));
          const metric = (id) => lhr.audits[id]?.numericValue ?? null;
          const failing = Object.values(lhr.categories).flatMap((c) =>
            c.id === 'performance' ? [] : c.auditRefs.filter((r) => r.weight > 0 && lhr.audits[r.id].score !== null && lhr.audits[r.id].score < 1).map((r) => `${c.id}:${r.id}`),
          );
          results.push({
            route: path, mode,
            performance: score('performance'), accessibility: score('accessibility'), bestPractices: score('best-practices'), seo: score('seo'),
            fcpMs: metric('first-contentful-paint'), lcpMs: metric('largest-contentful-paint'), tbtMs: metric('total-blocking-time'), cls: metric('cumulative-layout-shift'), siMs: metric('speed-index'),
            failingAudits: failing,
            runtimeError: lhr.runtimeError?.message ?? null,
            wallMs: Date.now() - started,
          });
          process.stderr.write(`  lighthouse ${mode} ${path} done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
        } catch (err) {
          results.push({ route: path, mode, error: String(err?.message ?? err) });
          process.stderr.write(`  lighthouse ${mode} ${path} failed: ${err?.message ?? err}\n`);
        }
      }
    }
  } finally {
    chrome.kill();
  }
  return results;
}

function printLighthouse(results) {
  const ms = (n) => (n == null ? '-' : Math.round(n));
  console.log('\nLighthouse 12.8.2 (mobile = default config with simulated throttling; desktop = desktop-config)');
  console.log(
    table(
      ['route', 'mode', 'perf', 'a11y', 'best-pr', 'seo', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'SI ms'],
      results.map((r) => (r.error ? [r.route, r.mode, 'ERROR', r.error.slice(0, 60), '', '', '', '', '', '', ''] : [r.route, r.mode, r.performance, r.accessibility, r.bestPractices, r.seo, ms(r.fcpMs), ms(r.lcpMs), ms(r.tbtMs), r.cls == null ? '-' : r.cls.toFixed(3), ms(r.siMs)])),
      2,
    ),
  );
  const failing = new Map();
  for (const r of results) for (const a of r.failingAudits ?? []) failing.set(a, [...(failing.get(a) ?? []), `${r.route} ${r.mode}`]);
  if (failing.size) {
    console.log('\nNon-performance audits that did not pass:');
    for (const [a, where] of failing) console.log(`  ${a}: ${where.join(', ')}`);
  }
}

async function main() {
  assertBuilt();
  const gateway = await startGateway();
  const out = { date: new Date().toISOString(), gateway: gateway.url, routes: routes.map((r) => r.url) };
  let browser;
  try {
    if (!args.has('--lighthouse-only')) {
      browser = await launchBrowser();
      out.chromium = browser.version();
      const assets = await measureAssets(browser, gateway.url);
      await browser.close();
      browser = null;
      out.assets = assets;
      const home = assets.perRoute.find((r) => r.route === '/');
      out.firstLoadHome = { js: home.js, css: home.css };
      printAssets(assets);
    }
    if (!args.has('--no-lighthouse')) {
      out.lighthouse = await runLighthouse(gateway.url);
      printLighthouse(out.lighthouse);
    }
  } finally {
    if (browser) await browser.close().catch(() => {});
    await gateway.stop();
  }
  const dir = join(E2E_DIR, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'latest.json'), `${JSON.stringify(out, null, 2)}\n`);
  console.log(`\nwrote ${join(dir, 'latest.json')}`);
}

main().catch((err) => {
  console.error(`bench failed: ${/make build|Chromium not found/.test(String(err?.message)) ? err.message : err?.stack ?? err}`);
  process.exitCode = 1;
});
