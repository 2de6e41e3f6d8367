// An archive page per edition: /newsletter/<id> shows the edition whole (the newsletter
// remote's route, prerendered by its build, a route of its release), then links to the
// previous and next editions and the newsletter's subscribe form, which works without
// JavaScript too; its tags link the blog's tag pages where there is one. /newsletter is
// an archive of excerpts, each card linking its edition's page (docs/decisions/0057).
// Without JavaScript it is all there; with JavaScript it hydrates without a warning; an
// unknown number is the section's not-found view with HTTP 404. At 375 and 1280 px, in
// both themes, axe finds nothing.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe } from "node:test";
import { AxeBuilder } from "@axe-core/playwright";
import { tagSlug } from "../../content/src/tags.mjs";
import { editionSections, NOT_FOUND_H1, site } from "../lib/content.mjs";
import {
  eventually,
  expectH1,
  goto,
  pageSettled,
  pathOf,
  themeState,
  useTheme,
  waitForPage,
} from "../lib/page.mjs";
import { REPO_ROOT } from "../lib/paths.mjs";
import { startMailingGateway } from "../lib/smtpsink.mjs";
import { e2eTest } from "../lib/suite.mjs";

/** Every edition with its text (one paragraph per line) and HTML, #1 first. */
const editions = JSON.parse(
  readFileSync(join(REPO_ROOT, "content", "dist", "newsletter.json"), "utf8"),
).editions;
const newest = editions.at(-1);
const copy = JSON.parse(readFileSync(join(REPO_ROOT, "content", "newsletter-page.json"), "utf8"));
/** The blog's tag pages: a tag of a published post has one (/blog/tags/<slug>). */
const tagPages = new Set(
  JSON.parse(readFileSync(join(REPO_ROOT, "content", "dist", "blog-index.json"), "utf8"))
    .posts.filter((p) => p.status === "published")
    .flatMap((p) => p.tags.map(tagSlug)),
);
/** /newsletter at 375 px with every edition's text in it, before it was an archive of excerpts. */
const FULL_TEXT_HEIGHT = 17_831;
const pathOfEdition = (e) => `/newsletter/${e.id}`;
const exactly = (text) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);

/** The edition's paragraphs as the page shows them: Markdown marks gone, spaces collapsed. */
function paragraphs(e) {
  let code = false;
  const out = [];
  for (const line of e.text.split("\n")) {
    if (line.trim().startsWith("```")) code = !code;
    else if (!code)
      out.push(
        line
          .replace(/^[-*] /, "")
          .replace(/[*`]/g, "")
          .replace(/\s+/g, " ")
          .trim(),
      );
  }
  return out.filter((l) => /^[A-Za-z"]/.test(l));
}

const mainText = (page) =>
  page.evaluate(() => document.getElementById("main")?.innerText.replace(/\s+/g, " ").trim() ?? "");

/**
 * Checks the page shows edition e whole: h1, month, read time, tags, excerpt, every
 * paragraph, and its sections as the h2s under the h1 (and no other heading).
 */
async function expectWholeEdition(page, e) {
  const article = page.getByRole("article", { name: e.title });
  assert.equal(await article.count(), 1, `one article named ${e.title}`);
  assert.equal(await article.locator("time").getAttribute("datetime"), e.date);
  assert.equal((await article.locator("time").innerText()).trim(), e.month);
  const tags = await article
    .getByRole("list", { name: "Tags" })
    .getByRole("listitem")
    .allInnerTexts();
  assert.deepEqual(
    tags.map((t) => t.trim()),
    e.tags,
  );
  const text = await mainText(page);
  assert.ok(text.includes(`${e.readTime} min read`), "the read time");
  assert.ok(text.includes(e.excerpt), "the excerpt");
  const missing = paragraphs(e).filter((p) => !text.includes(p));
  assert.deepEqual(missing, [], `${pathOfEdition(e)} lacks paragraphs of the edition`);
  assert.ok((await article.locator("p").count()) > 5, "the text in paragraphs");
  const sections = editionSections(e.text);
  assert.ok(sections.includes("3 AM wisdom"), `${pathOfEdition(e)}: sections ${sections}`);
  assert.deepEqual(
    await article.locator("h1, h2, h3, h4, h5, h6").evaluateAll((hs) => hs.map((h) => h.tagName)),
    ["H1", ...sections.map(() => "H2")],
  );
  assert.deepEqual(
    (await article.locator("h2").allInnerTexts()).map((t) => t.trim()),
    sections,
  );
}

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

for (const width of [375, 1280]) {
  for (const theme of ["light", "dark"]) {
    e2eTest(
      `${width} px, ${theme}: a card on /newsletter links its edition's page, which shows it whole; axe finds nothing`,
      {
        timeout: 120_000,
        context: { viewport: { width, height: 800 }, colorScheme: theme, reducedMotion: "reduce" },
      },
      async ({ page, context }) => {
        await useTheme(context, theme);
        await goto(page, "/newsletter");
        await waitForPage(page);
        const region = page.getByRole("region", { name: "Previous Editions" });
        const card = region.getByRole("article", { name: newest.title });
        const link = card.getByRole("heading", { level: 3 }).getByRole("link", {
          name: newest.title,
          exact: true,
        });
        assert.equal(await link.getAttribute("href"), pathOfEdition(newest));
        // Every card links its own edition.
        for (const e of editions) {
          const href = await region
            .getByRole("article", { name: e.title })
            .getByRole("link", { name: e.title, exact: true })
            .getAttribute("href");
          assert.equal(href, pathOfEdition(e));
        }
        const report = [];
        const axe = async (path) => {
          const { violations } = await new AxeBuilder({ page }).setLegacyMode().analyze();
          if (violations.length) report.push(formatViolations(path, violations));
        };
        // The card is the edition's excerpt, not its text.
        await link.scrollIntoViewIfNeeded();
        assert.ok((await card.innerText()).includes(newest.excerpt), "the card's excerpt");
        assert.equal(await card.locator("pre").count(), 0, "the card holds the edition's text");
        await axe("/newsletter");

        await link.click();
        await expectH1(page, exactly(newest.title));
        assert.equal(pathOf(page), pathOfEdition(newest));
        await page.getByRole("article", { name: newest.title }).locator("p").nth(5).waitFor();
        await expectWholeEdition(page, newest);
        assert.equal(await page.title(), `${newest.title} · ${site.siteName}`);
        assert.equal((await themeState(page)).resolved, theme);

        // A first load of another edition, and its way back.
        const first = editions[0];
        await goto(page, pathOfEdition(first));
        await expectH1(page, exactly(first.title));
        await expectWholeEdition(page, first);
        // Its links to the next edition and its subscribe form are part of what axe sees.
        await page.getByRole("navigation", { name: "More editions" }).waitFor();
        await page.getByRole("form", { name: copy.form.heading }).waitFor();
        await axe(pathOfEdition(first));
        await page.getByRole("link", { name: "Back to Newsletter" }).click();
        await expectH1(page, /^DevOps Digest$/);
        assert.equal(pathOf(page), "/newsletter");

        await goto(page, "/newsletter/99", { status: 404 });
        await expectH1(page, NOT_FOUND_H1);
        await axe("/newsletter/99");
        assert.equal(report.length, 0, `axe violations:\n${report.join("\n")}`);
      },
    );
  }
}

e2eTest(
  "without JavaScript every edition's page is there whole, with its own head",
  { timeout: 120_000 },
  async ({ suite }) => {
    const noJs = await suite.browser.newContext({
      baseURL: suite.url,
      javaScriptEnabled: false,
      viewport: { width: 375, height: 812 },
    });
    try {
      const page = await noJs.newPage();
      for (const e of editions) {
        await goto(page, pathOfEdition(e));
        const h1 = await page.locator("h1").allInnerTexts();
        assert.deepEqual(h1, [e.title]);
        await expectWholeEdition(page, e);
        assert.equal(await page.title(), `${e.title} · ${site.siteName}`);
        assert.equal(
          await page.locator('link[rel="canonical"]').getAttribute("href"),
          `${suite.url}${pathOfEdition(e)}`,
        );
        const ld = JSON.parse(
          await page.locator('script[type="application/ld+json"]').textContent(),
        );
        assert.equal(ld.headline, e.title);
        assert.equal(ld.datePublished, e.date);
      }
      for (const path of ["/newsletter/99", "/newsletter/abc"]) {
        await goto(page, path, { status: 404 });
        assert.deepEqual(await page.locator("h1").allInnerTexts(), ["404 Page Not Found"]);
        assert.equal(
          await page.getByRole("link", { name: "Back to Newsletter" }).getAttribute("href"),
          "/newsletter",
        );
      }
    } finally {
      await noJs.close();
    }
  },
);

/** Installed before any page script: what hydration might remove from <main>. */
function watchRemovals() {
  window.__e2eRemoved = [];
  new MutationObserver((records) => {
    for (const r of records) {
      const main = document.getElementById("main");
      if (!main || !(r.target === main || main.contains(r.target))) continue;
      for (const n of r.removedNodes) {
        if (
          n.nodeType === Node.COMMENT_NODE ||
          (n.nodeType === Node.TEXT_NODE && !n.textContent.trim())
        )
          continue;
        window.__e2eRemoved.push(`${n.nodeName} "${(n.textContent ?? "").slice(0, 60)}"`);
      }
    }
  }).observe(document, { childList: true, subtree: true });
}

for (const [path, status, h1] of [
  [pathOfEdition(editions[0]), 200, exactly(editions[0].title)],
  [pathOfEdition(newest), 200, exactly(newest.title)],
  ["/newsletter/99", 404, NOT_FOUND_H1],
  ["/newsletter/abc", 404, NOT_FOUND_H1],
]) {
  e2eTest(
    `${path} hydrates its HTML without a warning or a removal`,
    { timeout: 60_000 },
    async ({ page, context }) => {
      await context.addInitScript(watchRemovals);
      const warnings = [];
      page.on("console", (m) => {
        if (
          m.type() === "warning" ||
          (m.type() === "error" && /hydrat|did not match|recoverable/i.test(m.text()))
        )
          warnings.push(`${m.type()}: ${m.text().slice(0, 300)}`);
      });
      const html = await (await page.request.get(path)).text();
      await goto(page, path, { status });
      await expectH1(page, h1);
      await pageSettled(page);
      assert.deepEqual(warnings, []);
      assert.deepEqual(await page.evaluate(() => window.__e2eRemoved), []);
      if (status === 200) {
        const e = editions.find((x) => pathOfEdition(x) === path);
        // The text came with the HTML, not after it.
        assert.ok(html.includes(e.html), `the HTML of ${path} lacks the edition's text`);
        await expectWholeEdition(page, e);
      }
    },
  );
}

/** Whether text, a line of an edition's Markdown as a paragraph, is on the page. */
const onPage = (text, line) => text.includes(line);

e2eTest(
  "375 px: /newsletter is an archive of excerpts, each card linking its edition's page; no edition's text; far shorter than with every text",
  { timeout: 60_000 },
  async ({ suite }) => {
    const heights = [];
    for (const javaScriptEnabled of [false, true]) {
      const context = await suite.browser.newContext({
        baseURL: suite.url,
        javaScriptEnabled,
        viewport: { width: 375, height: 812 },
        reducedMotion: "reduce",
      });
      try {
        const page = await context.newPage();
        await goto(page, "/newsletter");
        if (javaScriptEnabled) await waitForPage(page);
        const region = page.getByRole("region", { name: copy.editions.heading });
        // Everything below the fold is there too, once scrolled to.
        await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
        const cards = region.getByRole("article");
        assert.equal(await cards.count(), editions.length);
        const newestFirst = [...editions].reverse();
        for (const [i, e] of newestFirst.entries()) {
          const card = cards.nth(i);
          const title = card.getByRole("heading", { level: 3 });
          assert.equal((await title.innerText()).trim(), e.title);
          assert.equal(
            await title.getByRole("link", { name: e.title, exact: true }).getAttribute("href"),
            pathOfEdition(e),
          );
          assert.equal(await card.locator("time").getAttribute("datetime"), e.date);
          assert.equal((await card.locator("time").innerText()).trim(), e.month);
          const text = await card.innerText();
          assert.ok(text.includes(e.excerpt), `#${e.id}: the excerpt`);
          assert.ok(text.includes(`${e.readTime} min read`), `#${e.id}: the read time`);
          assert.deepEqual(
            (
              await card.getByRole("list", { name: "Tags" }).getByRole("listitem").allInnerTexts()
            ).map((t) => t.trim()),
            e.tags,
          );
        }
        // The editions' texts are on their own pages, not here.
        const main = await mainText(page);
        for (const e of editions) {
          const shown = paragraphs(e).filter((p) => onPage(main, p));
          assert.deepEqual(shown, [], `#${e.id}'s text is on /newsletter`);
        }
        assert.equal(await page.locator("main pre").count(), 0, "code of an edition's text");
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        heights.push(`${javaScriptEnabled ? "with" : "without"} JavaScript ${height} px`);
        assert.ok(
          height < FULL_TEXT_HEIGHT / 3,
          `/newsletter is ${height} px tall at 375 px (${FULL_TEXT_HEIGHT} px with every text)`,
        );
      } finally {
        await context.close();
      }
    }
    console.log(`/newsletter at 375 px: ${heights.join(", ")} (was ${FULL_TEXT_HEIGHT} px)`);
  },
);

e2eTest(
  "an edition's page links the previous and next editions (rel prev and next), and its tags the blog's tag pages",
  { timeout: 120_000 },
  async ({ suite }) => {
    const noJs = await suite.browser.newContext({ baseURL: suite.url, javaScriptEnabled: false });
    try {
      const page = await noJs.newPage();
      let linkedTags = 0;
      for (const [i, e] of editions.entries()) {
        await goto(page, pathOfEdition(e));
        const nav = page.getByRole("navigation", { name: "More editions" });
        const links = await nav.getByRole("link").evaluateAll((as) =>
          as.map((a) => ({
            rel: a.getAttribute("rel"),
            href: a.getAttribute("href"),
            name: a.textContent.replace(/\s+/g, " ").trim(),
          })),
        );
        const want = [];
        const older = editions[i - 1];
        const newer = editions[i + 1];
        if (older)
          want.push({
            rel: "prev",
            href: pathOfEdition(older),
            name: `← Previous: ${older.title}`,
          });
        if (newer)
          want.push({ rel: "next", href: pathOfEdition(newer), name: `Next: ${newer.title} →` });
        assert.deepEqual(links, want, `${pathOfEdition(e)}'s links to other editions`);
        // Each tag links its page on the blog when a published article has the tag.
        const tags = page
          .getByRole("article", { name: e.title })
          .getByRole("list", { name: "Tags" })
          .getByRole("listitem");
        assert.equal(await tags.count(), e.tags.length);
        for (const [j, tag] of e.tags.entries()) {
          const link = tags.nth(j).getByRole("link", { name: tag, exact: true });
          const href = (await link.count()) ? await link.getAttribute("href") : null;
          const page = tagPages.has(tagSlug(tag)) ? `/blog/tags/${tagSlug(tag)}` : null;
          assert.equal(href, page, `${pathOfEdition(e)}: the tag ${tag}`);
          if (href) linkedTags++;
        }
      }
      assert.ok(linkedTags >= 3, `only ${linkedTags} edition tags link a tag page`);
    } finally {
      await noJs.close();
    }
  },
);

e2eTest(
  "with JavaScript, Next and a tag lead on inside the app",
  { timeout: 60_000, context: { viewport: { width: 375, height: 812 } } },
  async ({ page }) => {
    const [first, second] = editions;
    await goto(page, pathOfEdition(first));
    await waitForPage(page);
    await page
      .getByRole("navigation", { name: "More editions" })
      .getByRole("link", { name: `Next: ${second.title}` })
      .click();
    await expectH1(page, exactly(second.title));
    assert.equal(pathOf(page), pathOfEdition(second));
    // Its text comes with the editions' chunk.
    await page.getByRole("article", { name: second.title }).locator("p").nth(5).waitFor();
    await expectWholeEdition(page, second);
    const tag = second.tags.find((t) => tagPages.has(tagSlug(t)));
    await page
      .getByRole("article", { name: second.title })
      .getByRole("link", { name: tag, exact: true })
      .click();
    await expectH1(page, exactly(`Posts tagged “${tag}”`));
  },
);

describe("subscribing from an edition's page", () => {
  let sink;
  let gateway;
  before(async () => {
    ({ sink, gateway } = await startMailingGateway());
  });
  after(async () => {
    await gateway?.stop();
    await sink?.stop();
  });
  const address = (what) => `${what}.${Date.now()}@example.org`;
  /** The confirmation email to `to`, waiting (bounded) for it. */
  const confirmation = (to) =>
    eventually(
      async () => {
        const mail = (await sink.messages()).find((m) => m.to.includes(to));
        assert.ok(mail, `no email to ${to}`);
        return mail;
      },
      { timeout: 15_000, interval: 100 },
    );

  e2eTest(
    "without JavaScript: the newsletter's form posts and the confirmation email comes",
    { timeout: 60_000 },
    async ({ suite }) => {
      const noJs = await suite.browser.newContext({
        baseURL: gateway.url,
        javaScriptEnabled: false,
        viewport: { width: 375, height: 812 },
      });
      try {
        const page = await noJs.newPage();
        await goto(page, pathOfEdition(newest));
        const form = page.getByRole("form", { name: copy.form.heading });
        assert.equal(await form.getAttribute("method"), "post");
        assert.equal(await form.getAttribute("action"), "/");
        assert.equal(
          await form.locator('input[type=hidden][name="form-name"]').inputValue(),
          "newsletter",
        );
        const to = address("edition.no.script");
        await form.getByLabel(copy.form.fields.email.label, { exact: true }).fill(to);
        const [response] = await Promise.all([
          page.waitForNavigation(),
          form.getByRole("button", { name: copy.form.submitLabel, exact: true }).click(),
        ]);
        assert.equal(response.status(), 200);
        assert.deepEqual(await page.locator("h1").allInnerTexts(), ["Check your inbox"]);
        assert.match((await confirmation(to)).subject, /confirm/i);
      } finally {
        await noJs.close();
      }
    },
  );

  e2eTest(
    "with JavaScript: the same form subscribes in place, and the confirmation email comes",
    { timeout: 60_000 },
    async ({ suite }) => {
      const context = await suite.browser.newContext({ baseURL: gateway.url });
      try {
        const page = await context.newPage();
        await goto(page, pathOfEdition(editions[0]));
        await waitForPage(page);
        const form = page.getByRole("form", { name: copy.form.heading });
        const to = address("edition.script");
        await form.getByLabel(copy.form.fields.email.label, { exact: true }).fill(to);
        await form.getByRole("button", { name: copy.form.submitLabel, exact: true }).click();
        await page.getByRole("heading", { level: 2, name: copy.welcome.heading }).waitFor();
        assert.equal(pathOf(page), pathOfEdition(editions[0]));
        assert.match((await confirmation(to)).subject, /confirm/i);
      } finally {
        await context.close();
      }
    },
  );
});
