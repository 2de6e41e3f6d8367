// The blog section (the `blog` remote): /blog, /blog/all-posts and each article render
// the site's texts and dates inside the one page frame, links move between them without
// reloading the document, code is highlighted in both themes, unknown and coming-soon
// slugs are the section's not-found state with HTTP 404, the RSS feed the footer links
// is real RSS, and axe finds nothing on these pages in either theme.
import assert from "node:assert/strict";
import { AxeBuilder } from "@axe-core/playwright";
import { NOT_FOUND_H1 } from "../lib/content.mjs";
import {
  countDocumentLoads,
  cspViolations,
  expectH1,
  expectMarker,
  expectPageFrame,
  goto,
  mainNav,
  setMarker,
  themeButton,
  themeState,
  useTheme,
} from "../lib/page.mjs";
import { e2eTest } from "../lib/suite.mjs";

// The site's three articles ("Blog articles"), newest first.
const ARTICLES = [
  {
    slug: "kubernetes-security",
    title: /kubernetes security/i,
    date: "Dec 15, 2023",
    readTime: "5 min read",
  },
  { slug: "terraform-guide", title: /terraform/i, date: "Dec 8, 2023", readTime: "7 min read" },
  {
    slug: "microservices-monitoring",
    title: /monitoring/i,
    date: "Nov 30, 2023",
    readTime: "6 min read",
  },
];
const CATEGORIES = [
  "Security",
  "Infrastructure",
  "Monitoring",
  "Containers",
  "CI/CD",
  "Cloud",
  "Networking",
  "Database",
];
const COMING_SOON = "/blog/aws-cost-optimization";

const text = (locator) =>
  locator.evaluateAll((els) => els.map((e) => e.textContent.replace(/\s+/g, " ").trim()));
/** The cards of a list page: list items holding a card title (h2). */
const cards = (page) => page.locator("main li:has(h2)");

e2eTest(
  "/blog: Latest Blog Posts, a card per article with date, read time, tags and Read More",
  async ({ page }) => {
    await goto(page, "/blog");
    await expectH1(page, /^\s*Latest Blog Posts\s*$/);
    await expectPageFrame(page);
    const list = cards(page);
    assert.equal(await list.count(), ARTICLES.length, "one card per published article");
    for (const [i, a] of ARTICLES.entries()) {
      const card = list.nth(i);
      const title = card.getByRole("heading", { level: 2 });
      assert.match(await title.innerText(), a.title);
      assert.equal(await title.getByRole("link").getAttribute("href"), `/blog/${a.slug}`);
      const body = await card.innerText();
      assert.ok(body.includes(a.date), `card ${i}: no date "${a.date}" in ${JSON.stringify(body)}`);
      assert.ok(body.includes(a.readTime), `card ${i}: no "${a.readTime}"`);
      assert.ok(
        (await text(card.getByRole("list", { name: "Tags" }).getByRole("listitem"))).length > 0,
        `card ${i}: no tags`,
      );
      assert.equal(
        await card.getByRole("link", { name: /^Read More/ }).getAttribute("href"),
        `/blog/${a.slug}`,
      );
    }
    assert.equal(
      await page.getByRole("link", { name: "View All Posts" }).getAttribute("href"),
      "/blog/all-posts",
    );
    assert.deepEqual(await cspViolations(page), []);
  },
);

e2eTest(
  '/blog/all-posts: categories, 8 cards (3 tags + "+N"), Read Article or a disabled Coming Soon, Stay Updated',
  async ({ page }) => {
    await goto(page, "/blog/all-posts");
    await expectH1(page, /^\s*All Blog Posts\s*$/);
    await expectPageFrame(page);
    assert.equal(
      await page.getByRole("link", { name: "Back to Blog" }).getAttribute("href"),
      "/blog",
    );
    assert.deepEqual(
      await text(page.getByRole("list", { name: "Categories" }).getByRole("listitem")),
      CATEGORIES,
    );

    const list = cards(page);
    assert.equal(await list.count(), 8);
    for (let i = 0; i < 8; i++) {
      const card = list.nth(i);
      const tags = await text(card.getByRole("list", { name: "Tags" }).getByRole("listitem"));
      assert.ok(tags.length >= 1 && tags.length <= 4, `card ${i}: ${tags.length} tag badges`);
      if (tags.length === 4)
        assert.match(tags[3], /^\+\d+ more tags$/, `card ${i}: the 4th badge is "+N"`);
      const read = card.getByRole("link", { name: /^Read Article/ });
      const soon = card.getByRole("button", { name: "Coming Soon" });
      if (i < ARTICLES.length) {
        // The readable articles come first, in date order, with the site's dates.
        const a = ARTICLES[i];
        assert.equal(await read.getAttribute("href"), `/blog/${a.slug}`);
        assert.equal(await soon.count(), 0);
        const body = await card.innerText();
        assert.ok(
          body.includes(a.date) && body.includes(a.readTime),
          `card ${i}: ${JSON.stringify(body)}`,
        );
        assert.ok(
          CATEGORIES.some((c) => body.includes(c)),
          `card ${i}: no category`,
        );
      } else {
        assert.equal(await read.count(), 0, `card ${i}: a coming-soon post has a link`);
        assert.ok(await soon.isDisabled(), `card ${i}: 'Coming Soon' is not disabled`);
      }
    }
    const box = page.getByRole("region", { name: "Stay Updated" });
    assert.equal(
      await box.getByRole("link", { name: "Subscribe to Newsletter" }).getAttribute("href"),
      "/newsletter",
    );
    assert.equal(
      await box.getByRole("link", { name: "RSS Feed" }).getAttribute("href"),
      "/rss.xml",
    );
  },
);

for (const a of ARTICLES) {
  e2eTest(
    `/blog/${a.slug}: the article with its date, read time, tags and highlighted code, in both themes`,
    async ({ page, context }) => {
      // The OS is light (the context's default): 'system' shows light, and the theme
      // button's first tap shows dark (docs/decisions/0055).
      await useTheme(context, "system");
      const res = await goto(page, `/blog/${a.slug}`);
      await expectH1(page, a.title);
      await expectPageFrame(page);
      const article = page.getByRole("article");
      const header = await article.locator("header").innerText();
      assert.ok(
        header.includes(a.date) && header.includes(a.readTime),
        `header: ${JSON.stringify(header)}`,
      );
      assert.ok(
        (await text(article.getByRole("list", { name: "Tags" }).getByRole("listitem"))).length > 0,
        "no tags",
      );
      assert.equal(
        await page.getByRole("link", { name: "Back to Blog" }).getAttribute("href"),
        "/blog",
      );

      // The body: sections and code blocks, highlighted at build time.
      await page.locator(".article-body h2").first().waitFor();
      assert.ok(
        (await page.locator(".article-body h2").count()) >= 3,
        "the article has fewer than 3 sections",
      );
      assert.ok(
        (await page.locator(".article-body pre.shiki").count()) >= 1,
        "no highlighted code block",
      );
      const light = await codeColours(page);
      assert.ok(
        light.distinct >= 2,
        `code is one colour in the light theme: ${JSON.stringify(light)}`,
      );

      // Switch to dark with the theme button: the same tokens take the dark colours.
      await themeButton(page).click();
      assert.equal((await themeState(page)).resolved, "dark");
      const dark = await codeColours(page);
      assert.ok(
        dark.distinct >= 2,
        `code is one colour in the dark theme: ${JSON.stringify(dark)}`,
      );
      assert.notEqual(
        dark.background,
        light.background,
        "code background is the same in both themes",
      );
      assert.notDeepEqual(dark.colours, light.colours, "code colours are the same in both themes");
      assert.ok(dark.matchesTheme && light.matchesTheme, "spans do not show their theme colour");

      // The head a crawler sees, without running JavaScript.
      const html = await res.text();
      assert.match(html, /<meta property="og:type" content="article">/);
      assert.match(
        html,
        /<meta property="article:published_time" content="\d{4}-\d\d-\d\dT00:00:00Z">/,
      );
      assert.match(html, /<script type="application\/ld\+json">\{[^<]*"@type":"BlogPosting"/);
      assert.match(await page.title(), a.title);
      assert.deepEqual(await cspViolations(page), []);
    },
  );
}

/** Colours of the first code block's tokens, and whether they follow the current theme. */
function codeColours(page) {
  return page.evaluate(() => {
    // The first block in a language Shiki knows (plain-text blocks have no tokens).
    const pre = document.querySelector('.article-body pre.shiki:has(span[style*="--shiki-light"])');
    const spans = [...pre.querySelectorAll('span[style*="--shiki-light"]')].slice(0, 40);
    const dark = document.documentElement.classList.contains("dark");
    const probe = document.createElement("span");
    document.body.append(probe);
    const normalise = (c) => {
      probe.style.color = c;
      return getComputedStyle(probe).color;
    };
    const colours = spans.map((s) => getComputedStyle(s).color);
    const matchesTheme = spans.every(
      (s, i) =>
        normalise(s.style.getPropertyValue(dark ? "--shiki-dark" : "--shiki-light")) === colours[i],
    );
    probe.remove();
    return {
      background: getComputedStyle(pre).backgroundColor,
      colours,
      distinct: new Set(colours).size,
      matchesTheme,
    };
  });
}

e2eTest("blog links move between the pages without reloading the document", async ({ page }) => {
  await goto(page, "/");
  await expectH1(page, /./);
  const marker = await setMarker(page);
  const loads = countDocumentLoads(page);
  const at = async (path, h1) => {
    await page.waitForURL((u) => u.pathname === path);
    await expectH1(page, h1);
    await expectMarker(page, marker, `going to ${path}`);
  };

  await mainNav(page).getByRole("link", { name: "Blog", exact: true }).click();
  await at("/blog", /^\s*Latest Blog Posts\s*$/);
  await cards(page).first().getByRole("heading", { level: 2 }).getByRole("link").click();
  await at(`/blog/${ARTICLES[0].slug}`, ARTICLES[0].title);
  assert.match(await page.title(), ARTICLES[0].title, "the document title follows the article");
  await page.getByRole("link", { name: "Back to Blog" }).click();
  await at("/blog", /^\s*Latest Blog Posts\s*$/);
  await cards(page)
    .nth(1)
    .getByRole("link", { name: /^Read More/ })
    .click();
  await at(`/blog/${ARTICLES[1].slug}`, ARTICLES[1].title);
  await page.goBack();
  await at("/blog", /^\s*Latest Blog Posts\s*$/);
  await page.getByRole("link", { name: "View All Posts" }).click();
  await at("/blog/all-posts", /^\s*All Blog Posts\s*$/);
  await cards(page)
    .nth(2)
    .getByRole("link", { name: /^Read Article/ })
    .click();
  await at(`/blog/${ARTICLES[2].slug}`, ARTICLES[2].title);
  await page.goBack();
  await at("/blog/all-posts", /^\s*All Blog Posts\s*$/);
  await page
    .getByRole("region", { name: "Stay Updated" })
    .getByRole("link", { name: "Subscribe to Newsletter" })
    .click();
  await at("/newsletter", /^\s*DevOps Digest\b/);

  assert.equal(loads.count, 0, `document was requested again: ${loads.urls.join(", ")}`);
});

e2eTest(
  "article HTML is downloaded on article pages only, each page only its own",
  async ({ page }) => {
    // An article's chunk is its JSON: {"slug":"<slug>","headings":[…],"html":…}.
    const loaded = [];
    page.on("response", async (res) => {
      if (res.request().resourceType() !== "script") return;
      const body = await res.text().catch(() => "");
      for (const m of body.matchAll(/"slug":"([a-z0-9-]+)","headings"/g)) loaded.push(m[1]);
    });
    for (const path of ["/blog", "/blog/all-posts"]) {
      await goto(page, path);
      await expectH1(page, /Blog Posts/);
      await page.waitForLoadState("networkidle");
    }
    assert.deepEqual(loaded, [], "a list page loaded article HTML");
    await cards(page)
      .nth(1)
      .getByRole("link", { name: /^Read Article/ })
      .click();
    await page.locator(".article-body pre.shiki").first().waitFor();
    await page.waitForLoadState("networkidle");
    assert.deepEqual(
      loaded,
      [ARTICLES[1].slug],
      "the article page loaded other articles too (or none)",
    );
  },
);

for (const path of ["/blog/no-such-post", COMING_SOON, "/blog/kubernetes-security/extra"]) {
  e2eTest(`${path} answers 404 and shows the blog's not-found state`, async ({ page }) => {
    await goto(page, path, { status: 404 });
    await expectH1(page, NOT_FOUND_H1);
    await expectPageFrame(page);
    const back = page.locator("main").getByRole("link", { name: "Back to Blog" });
    assert.equal(await back.getAttribute("href"), "/blog");
    assert.match(await page.title(), /^Page Not Found · /);
    const marker = await setMarker(page);
    await back.click();
    await page.waitForURL((u) => u.pathname === "/blog");
    await expectH1(page, /^\s*Latest Blog Posts\s*$/);
    await expectMarker(page, marker);
  });
}

e2eTest(
  "the footer links the RSS feed: RSS 2.0 of the three articles, newest first, absolute links",
  {
    // Chromium's XML viewer asks for /favicon.ico, which the site does not have (it ships favicon.svg).
    allowConsoleErrors: [/status of 404 .*@ .*\/favicon\.ico$/],
  },
  async ({ page, baseURL }) => {
    await goto(page, "/blog");
    await expectH1(page, /Latest Blog Posts/);
    const feedLink = page
      .getByRole("contentinfo")
      .getByRole("link", { name: "RSS Feed", exact: true });
    assert.equal(await feedLink.getAttribute("href"), "/rss.xml");
    // Autodiscovery: every page's head names the feed.
    assert.equal(
      await page
        .locator('head link[rel="alternate"][type="application/rss+xml"]')
        .getAttribute("href"),
      `${baseURL}/rss.xml`,
    );

    // Following it is a real document load (a file, not a page of the app).
    const [res] = await Promise.all([
      page.waitForResponse((r) => r.url() === `${baseURL}/rss.xml`),
      feedLink.click(),
    ]);
    assert.equal(res.status(), 200);
    assert.equal(res.headers()["content-type"], "application/rss+xml; charset=utf-8");
    const xml = await res.text();
    assert.match(xml, /^<\?xml version="1.0" encoding="UTF-8"\?>\s*<rss version="2.0"/);
    assert.match(
      xml,
      new RegExp(`<atom:link href="${baseURL}/rss.xml" rel="self" type="application/rss\\+xml"`),
    );
    const links = [
      ...xml.matchAll(/<item>[\s\S]*?<link>([^<]+)<\/link>[\s\S]*?<pubDate>([^<]+)<\/pubDate>/g),
    ].map((m) => [m[1], m[2]]);
    assert.deepEqual(links, [
      [`${baseURL}/blog/kubernetes-security`, "Fri, 15 Dec 2023 00:00:00 +0000"],
      [`${baseURL}/blog/terraform-guide`, "Fri, 08 Dec 2023 00:00:00 +0000"],
      [`${baseURL}/blog/microservices-monitoring`, "Thu, 30 Nov 2023 00:00:00 +0000"],
    ]);
  },
);

e2eTest("/sitemap.xml and /robots.txt", async ({ page, baseURL }) => {
  const sitemap = await page.request.get("/sitemap.xml");
  assert.equal(sitemap.status(), 200);
  const locs = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) =>
    m[1].slice(baseURL.length),
  );
  for (const path of [
    "/",
    "/blog",
    "/blog/all-posts",
    "/projects/1",
    "/projects/8",
    ...ARTICLES.map((a) => `/blog/${a.slug}`),
  ]) {
    assert.ok(locs.includes(path), `sitemap lacks ${path}`);
  }
  for (const path of ["/admin/newsletter", "/projects/{id}", COMING_SOON])
    assert.ok(!locs.includes(path), `sitemap lists ${path}`);
  const robots = await (await page.request.get("/robots.txt")).text();
  assert.match(robots, /^Disallow: \/admin\/$/m);
  assert.match(robots, /^Disallow: \/api\/$/m);
  assert.match(robots, new RegExp(`^Sitemap: ${baseURL}/sitemap.xml$`, "m"));
});

function formatViolations(path, violations) {
  return violations
    .map(
      (v) =>
        `  ${path} [${v.impact}] ${v.id}: ${v.help}\n${v.nodes
          .slice(0, 5)
          .map(
            (n) =>
              `      ${n.target.join(" ")}: ${(n.failureSummary ?? "").replace(/\n\s*/g, " | ")}`,
          )
          .join("\n")}`,
    )
    .join("\n");
}

for (const theme of ["light", "dark"]) {
  e2eTest(
    `axe: no violations on the blog's pages in the ${theme} theme`,
    {
      timeout: 120_000,
      context: { colorScheme: theme, reducedMotion: "reduce" },
    },
    async ({ page, context }) => {
      await useTheme(context, theme);
      const report = [];
      const pages = [
        { path: "/blog", h1: /Latest Blog Posts/ },
        { path: "/blog/all-posts", h1: /All Blog Posts/ },
        ...ARTICLES.map((a) => ({ path: `/blog/${a.slug}`, h1: a.title, body: true })),
        { path: "/blog/no-such-post", h1: NOT_FOUND_H1, status: 404 },
      ];
      for (const p of pages) {
        await goto(page, p.path, { status: p.status ?? 200 });
        await expectH1(page, p.h1);
        if (p.body) await page.locator(".article-body pre.shiki").first().waitFor();
        assert.equal((await themeState(page)).resolved, theme);
        const { violations } = await new AxeBuilder({ page }).setLegacyMode().analyze();
        if (violations.length) report.push(formatViolations(p.path, violations));
      }
      assert.equal(report.length, 0, `axe violations in the ${theme} theme:\n${report.join("\n")}`);
    },
  );
}
