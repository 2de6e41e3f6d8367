// The blog's tags: /blog/tags lists every tag of
// the published articles with its count; a tag's page (/blog/tags/<slug>) shows only the
// articles with it, as the all-posts cards; the tags on cards and articles link there;
// the pages arrive as HTML (content with JavaScript off) and hydrate without a warning;
// an unknown tag is the blog's 404; the sitemap lists them; axe finds nothing, at 375
// and 1280 px in both themes.
import assert from "node:assert/strict";
import { AxeBuilder } from "@axe-core/playwright";
import { tagSlug } from "../../content/src/tags.mjs";
import { articles, NOT_FOUND_H1, site } from "../lib/content.mjs";
import {
  cspViolations,
  expectH1,
  expectMarker,
  expectPageFrame,
  goto,
  hydrateIslands,
  pageSettled,
  pathOf,
  setMarker,
  themeState,
  useTheme,
  waitForPage,
} from "../lib/page.mjs";
import { e2eTest } from "../lib/suite.mjs";

/** The published articles, newest first, with their tags (front matter `tags: [a, b]`). */
const published = articles
  .map((a) => ({
    slug: a.slug,
    title: a.title,
    date: a.date,
    tags: a.tags
      .replace(/^\[|\]$/g, "")
      .split(",")
      .map((t) => t.trim()),
  }))
  .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : a.slug < b.slug ? -1 : 1));

/** Every tag of the published articles: name, slug and the articles with it. */
const TAGS = new Map();
for (const a of published)
  for (const name of a.tags) {
    const slug = tagSlug(name);
    if (!TAGS.has(slug)) TAGS.set(slug, { name, slug, articles: [] });
    TAGS.get(slug).articles.push(a);
  }

const text = (locator) =>
  locator.evaluateAll((els) => els.map((e) => e.textContent.replace(/\s+/g, " ").trim()));
const cards = (page) => page.locator("main li:has(h2)");
const cardTitles = (page) => text(cards(page).locator("h2"));
const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

async function axe(page, where) {
  const { violations } = await new AxeBuilder({ page }).setLegacyMode().analyze();
  return violations.map(
    (v) =>
      `${where} [${v.impact}] ${v.id}: ${v.help} (${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(" "))
        .join("; ")})`,
  );
}

/** The tags index as shown: [name, count] per link of the list 'All tags'. */
async function tagRows(page) {
  const links = page.getByRole("list", { name: "All tags" }).getByRole("link");
  return links.evaluateAll((els) =>
    els.map((a) => ({
      name: a.firstChild.textContent.trim(),
      count: Number(a.querySelector("[data-tag-count]").dataset.tagCount),
      href: a.getAttribute("href"),
      label: a.textContent.replace(/\s+/g, " ").trim(),
    })),
  );
}

for (const width of [375, 1280]) {
  for (const theme of ["light", "dark"]) {
    e2eTest(
      `tags at ${width} px, ${theme} theme: the index with counts, a tag's articles, tag links on articles, axe clean`,
      {
        timeout: 120_000,
        context: { viewport: { width, height: 900 }, colorScheme: theme, reducedMotion: "reduce" },
      },
      async ({ page, context }) => {
        await useTheme(context, theme);
        const report = [];

        // /blog/tags: every tag of the published articles with its count, most used first.
        await goto(page, "/blog/tags");
        await expectH1(page, /^Tags$/);
        await expectPageFrame(page);
        assert.equal((await themeState(page)).resolved, theme);
        const rows = await tagRows(page);
        assert.deepEqual(
          rows.map((r) => r.name).sort(),
          [...TAGS.values()].map((t) => t.name).sort(),
          "every tag of the published articles, once",
        );
        for (const r of rows) {
          const tag = TAGS.get(tagSlug(r.name));
          assert.equal(r.href, `/blog/tags/${tag.slug}`);
          assert.equal(r.count, tag.articles.length, `${r.name}: count`);
          assert.match(r.label, new RegExp(`^${escapeRe(r.name)} ${r.count} articles?$`));
        }
        const order = [...rows].sort(
          (a, b) => b.count - a.count || (tagSlug(a.name) < tagSlug(b.name) ? -1 : 1),
        );
        assert.deepEqual(rows, order, "most used first, then by slug");
        report.push(...(await axe(page, "/blog/tags")));

        // Following a tag shows only the articles with it, without reloading the document.
        const marker = await setMarker(page);
        const kubernetes = TAGS.get("kubernetes");
        await page
          .getByRole("list", { name: "All tags" })
          .getByRole("link", { name: new RegExp(`^Kubernetes ${kubernetes.articles.length} `) })
          .click();
        await expectH1(page, /^Posts tagged “Kubernetes”$/);
        assert.equal(pathOf(page), "/blog/tags/kubernetes");
        await expectMarker(page, marker, "following a tag");
        assert.deepEqual(
          await cardTitles(page),
          kubernetes.articles.map((a) => a.title),
        );
        for (let i = 0; i < (await cards(page).count()); i++)
          assert.ok(
            (await cards(page)
              .nth(i)
              .getByRole("link", { name: /^Read Article/ })
              .count()) === 1,
          );
        await page.waitForFunction(
          (want) => document.title === want,
          `Posts tagged “Kubernetes” · ${site.siteName}`,
        );
        report.push(...(await axe(page, "/blog/tags/kubernetes")));

        // A tag on an article links to its page.
        const terraform = published.find((a) => a.slug === "terraform-guide");
        await goto(page, "/blog/terraform-guide");
        await expectH1(page, new RegExp(`^${escapeRe(terraform.title)}$`));
        const tags = page.getByRole("article").getByRole("list", { name: "Tags" });
        for (const name of terraform.tags)
          assert.equal(
            await tags.getByRole("link", { name, exact: true }).getAttribute("href"),
            `/blog/tags/${tagSlug(name)}`,
          );
        await tags.getByRole("link", { name: "CI/CD", exact: true }).click();
        await expectH1(page, /^Posts tagged “CI\/CD”$/);
        assert.equal(pathOf(page), "/blog/tags/ci-cd");
        assert.deepEqual(
          await cardTitles(page),
          TAGS.get("ci-cd").articles.map((a) => a.title),
        );
        assert.ok(
          !(await cardTitles(page)).includes(
            published.find((a) => a.slug === "kubernetes-security").title,
          ),
          "an article without the tag is listed",
        );

        // An unknown tag: the blog's not-found view, with HTTP 404.
        await goto(page, "/blog/tags/nope", { status: 404 });
        await expectH1(page, NOT_FOUND_H1);
        report.push(...(await axe(page, "/blog/tags/nope")));

        assert.deepEqual(report, [], `axe violations:\n${report.join("\n")}`);
        assert.deepEqual(await cspViolations(page), []);
      },
    );
  }
}

e2eTest("the sitemap lists /blog/tags and every tag's page", async ({ suite }) => {
  const sitemap = await (await fetch(new URL("/sitemap.xml", suite.url))).text();
  const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  for (const path of ["/blog/tags", ...[...TAGS.keys()].map((slug) => `/blog/tags/${slug}`)])
    assert.ok(locs.includes(path), `sitemap lacks ${path}`);
  assert.equal(locs.filter((p) => p.startsWith("/blog/tags/")).length, TAGS.size);
});

e2eTest(
  "tag pages show their content without JavaScript and hydrate to the same text without a warning",
  { timeout: 120_000 },
  async ({ suite }) => {
    const noJs = await suite.browser.newContext({ baseURL: suite.url, javaScriptEnabled: false });
    const withJs = await suite.browser.newContext({ baseURL: suite.url });
    const failures = [];
    try {
      const plain = await noJs.newPage();
      const page = await withJs.newPage();
      const warnings = [];
      page.on("console", (m) => {
        if (m.type() === "warning" || m.type() === "error")
          warnings.push(`${m.type()}: ${m.text().slice(0, 300)}`);
      });
      const mainText = (p) =>
        p.evaluate(() => document.getElementById("main")?.innerText.replace(/\s+/g, " ").trim());
      for (const [path, h1, status] of [
        ["/blog/tags", /^Tags$/, 200],
        ["/blog/tags/ci-cd", /^Posts tagged “CI\/CD”$/, 200],
        ["/blog/tags/kubernetes", /^Posts tagged “Kubernetes”$/, 200],
        ["/blog/tags/nope", NOT_FOUND_H1, 404],
      ]) {
        await goto(plain, path, { status });
        await expectH1(plain, h1);
        if (path === "/blog/tags") {
          const rows = await tagRows(plain);
          assert.equal(rows.length, TAGS.size, "every tag, without JavaScript");
          for (const r of rows) assert.ok(r.count >= 1 && r.href.startsWith("/blog/tags/"));
        } else if (status === 200) {
          const tag = TAGS.get(path.split("/").at(-1));
          assert.deepEqual(
            await cardTitles(plain),
            tag.articles.map((a) => a.title),
          );
        }
        const before = await mainText(plain);

        warnings.length = 0;
        await goto(page, path, { status });
        await waitForPage(page);
        await hydrateIslands(page);
        await pageSettled(page);
        const after = await mainText(page);
        const unexpected = warnings.filter(
          (w) => !(status === 404 && /status of 404/.test(w)), // Chromium's log of the 404 document
        );
        if (unexpected.length) failures.push(`${path}: ${unexpected.join("; ")}`);
        if (after !== before)
          failures.push(`${path}: <main> differs after hydration:\n  ${before}\n  ${after}`);
      }
      // Without JavaScript the links are plain links: following one loads the tag's page.
      await goto(plain, "/blog/terraform-guide");
      await plain
        .getByRole("article")
        .getByRole("list", { name: "Tags" })
        .getByRole("link", { name: "Terraform", exact: true })
        .click();
      await expectH1(plain, /^Posts tagged “Terraform”$/);
      assert.equal(pathOf(plain), "/blog/tags/terraform");
    } finally {
      await noJs.close();
      await withJs.close();
    }
    assert.deepEqual(failures, []);
  },
);
