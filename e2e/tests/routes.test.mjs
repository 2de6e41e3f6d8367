// Every route of content/routes.json renders its page inside the one shared frame, and
// moving around by clicking links never reloads the document.
import assert from "node:assert/strict";
import { test } from "node:test";
import { routeByUrl, routes, SPEC_ROUTES, site } from "../lib/content.mjs";
import {
  countDocumentLoads,
  cspViolations,
  expectH1,
  expectMarker,
  expectPageFrame,
  externalLinks,
  goto,
  isSafeExternal,
  mainNav,
  pathOf,
  setMarker,
} from "../lib/page.mjs";
import { e2eTest } from "../lib/suite.mjs";

test("content/ (routes.json + published blog posts) still covers the site's route table", () => {
  const have = new Set(routes.map((r) => r.url));
  assert.deepEqual(
    SPEC_ROUTES.filter((p) => !have.has(p)),
    [],
    "routes missing from the content",
  );
});

/**
 * Same-origin link targets found on the pages (absolute: the admin's page is on an
 * origin of its own), and the first page each was seen on.
 */
const linksSeen = new Map();
const internalLinks = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll("a[href]")]
      .map((a) => new URL(a.href))
      .filter((u) => u.origin === location.origin && /^https?:$/.test(u.protocol))
      .map((u) => u.origin + u.pathname + u.search),
  );

for (const route of routes) {
  // One page load per route, several checks on it.
  e2eTest(`route ${route.url}`, async ({ t, page }) => {
    await goto(page, route.url, { status: 200 });

    await t.test("answers 200 and shows its h1 inside one page frame", async () => {
      await expectH1(page, route.h1);
      await expectPageFrame(page);
      assert.equal(pathOf(page), route.url, "the app changed the URL on its own");
    });

    // The home page is titled by the owner's headline (the gateway's and the app's title).
    const named = route.url === "/" ? site.owner.headline : route.title;
    await t.test(`document title names the page ("${named}")`, async () => {
      const title = await page.title();
      assert.ok(
        title.toLowerCase().includes(named.toLowerCase()),
        `${route.url}: expected the title to contain "${named}", got "${title}"`,
      );
    });

    await t.test('external links open in a new tab with rel="noopener noreferrer"', async () => {
      const bad = (await externalLinks(page))
        .filter((a) => !isSafeExternal(a))
        .map(
          (a) =>
            `<a href="${a.href}"> "${a.text}" target=${JSON.stringify(a.target)} rel=${JSON.stringify(a.rel)}`,
        );
      assert.ok(
        bad.length === 0,
        `${route.url}: external links without target=_blank / rel="noopener noreferrer":\n${bad.join("\n")}`,
      );
    });

    for (const href of await internalLinks(page)) {
      if (!linksSeen.has(href)) linksSeen.set(href, route.url);
    }

    await t.test("no CSP violation", async () => {
      const v = await cspViolations(page);
      assert.ok(v.length === 0, `${route.url}: CSP violations: ${JSON.stringify(v, null, 1)}`);
    });
  });
}

e2eTest('the first Tab stop is the "Skip to content" link to #main', async ({ page }) => {
  await goto(page, "/");
  await expectH1(page, routeByUrl("/").h1);
  await page.keyboard.press("Tab");
  const focused = await page.evaluate(() => {
    const el = document.activeElement;
    return { tag: el?.tagName, text: el?.textContent?.trim(), href: el?.getAttribute("href") };
  });
  assert.deepEqual(focused, { tag: "A", text: "Skip to content", href: "#main" });
});

e2eTest(
  "clicking the nav, footer and back/forward moves between pages without reloading",
  async ({ page }) => {
    await goto(page, "/");
    await expectH1(page, routeByUrl("/").h1);
    const marker = await setMarker(page);
    const loads = countDocumentLoads(page);

    // Header navigation, in order, ending where we started.
    const order = [...site.navigation.slice(1), site.navigation[0]];
    for (const item of order) {
      await mainNav(page).getByRole("link", { name: item.label, exact: true }).click();
      await page.waitForURL((u) => u.pathname === item.path);
      await expectH1(page, routeByUrl(item.path).h1);
      await expectMarker(page, marker, `clicking nav link "${item.label}"`);
    }

    // Footer links that are pages of the app (the RSS feed is a file, not a page).
    const footer = page.getByRole("contentinfo");
    for (const item of site.footer.links.filter((l) => routes.some((r) => r.url === l.path))) {
      await footer.getByRole("link", { name: item.label, exact: true }).click();
      await page.waitForURL((u) => u.pathname === item.path);
      await expectH1(page, routeByUrl(item.path).h1);
      await expectMarker(page, marker, `clicking footer link "${item.label}"`);
    }

    // Browser history.
    const lastTwo = site.footer.links.filter((l) => routes.some((r) => r.url === l.path)).slice(-2);
    await page.goBack();
    await page.waitForURL((u) => u.pathname === lastTwo[0].path);
    await expectH1(page, routeByUrl(lastTwo[0].path).h1);
    await page.goForward();
    await page.waitForURL((u) => u.pathname === lastTwo[1].path);
    await expectH1(page, routeByUrl(lastTwo[1].path).h1);
    await expectMarker(page, marker, "back/forward");

    assert.equal(loads.count, 0, `document was requested again: ${loads.urls.join(", ")}`);
  },
);

/**
 * Same-origin links (href="/…") in the HTML each route is served with, by their
 * absolute URL on the origin that served the page.
 */
async function linksInPages(baseURL) {
  const found = new Map();
  for (const route of routes) {
    const res = await fetch(new URL(route.url, baseURL));
    const html = await res.text();
    for (const [, raw] of html.matchAll(/<a\b[^>]*?\bhref="(\/(?!\/)[^"#]*)/g)) {
      const href = new URL(raw.replaceAll("&amp;", "&"), res.url).href;
      if (!found.has(href)) found.set(href, route.url);
    }
  }
  return found;
}

/**
 * The status a link answers with, after at most one redirect to the same path on the
 * site's other origin: a link between the admin's pages and the rest of the site is
 * sent there (docs/decisions/0047).
 */
async function linkStatus(href) {
  // As a browser follows a link on a page of the same origin.
  const res = await fetch(href, {
    redirect: "manual",
    headers: { "Sec-Fetch-Site": "same-origin" },
  });
  const location = res.headers.get("location");
  if (res.status !== 302 || !location) return res.status;
  const [from, to] = [new URL(href), new URL(location, href)];
  if (to.origin === from.origin || to.pathname !== from.pathname) return res.status;
  return (await fetch(to, { redirect: "manual" })).status;
}

e2eTest(
  "every same-origin link found on the pages answers 200 (no link to a 404)",
  async ({ baseURL }) => {
    // The links of every page as it is served (prerendered), plus those the route tests
    // saw after hydration when they ran first: the test stands alone.
    const links = new Map([...(await linksInPages(baseURL)), ...linksSeen]);
    assert.ok(links.size > routes.length, `only ${links.size} links found`);
    const broken = [];
    for (const [href, foundOn] of links) {
      const status = await linkStatus(href);
      if (status !== 200) broken.push(`${href} (linked from ${foundOn}) answers ${status}`);
    }
    assert.ok(broken.length === 0, `broken links:\n${broken.join("\n")}`);
  },
);

e2eTest("the footer's 'RSS Feed' link (/rss.xml) serves an RSS feed", async ({ baseURL }) => {
  const res = await fetch(`${baseURL}/rss.xml`);
  assert.equal(res.status, 200, `/rss.xml answers ${res.status}`);
  assert.match(res.headers.get("content-type") ?? "", /xml/, "content type");
  assert.match(await res.text(), /<rss[\s>]/, "an <rss> document");
});
