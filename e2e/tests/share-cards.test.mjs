// Share cards (docs/decisions/0041-share-cards.md):
// every public page names a 1200×630 PNG drawn at build time for og:image and
// twitter:image, with its size and alt text; the URL answers that PNG, immutable, from
// the build the page comes from (the shell's /og/, a section's /mf/<section>/…/og/).
import assert from "node:assert/strict";
import { articles } from "../lib/content.mjs";
import { goto } from "../lib/page.mjs";
import { e2eTest } from "../lib/suite.mjs";

/** What a page's head says of its share card. */
const cardMeta = (page) =>
  page.evaluate(() => {
    const meta = {};
    for (const m of document.head.querySelectorAll(
      "meta[property^='og:image'], meta[name^='twitter:']",
    ))
      meta[m.getAttribute("property") ?? m.getAttribute("name")] = m.getAttribute("content");
    return meta;
  });

/** Width and height from a PNG's IHDR chunk (it comes first, after the signature). */
function pngSize(body) {
  assert.deepEqual([...body.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10], "not a PNG");
  assert.equal(body.toString("latin1", 12, 16), "IHDR");
  return [body.readUInt32BE(16), body.readUInt32BE(20)];
}

const MAX_BYTES = 200_000;

e2eTest(
  "an article's share card is a 1200×630 PNG the browser shows",
  async ({ page, baseURL }) => {
    const article = articles[0];
    assert.ok(article, "no published article");
    await goto(page, `/blog/${article.slug}`);
    const meta = await cardMeta(page);
    const image = meta["og:image"];
    assert.match(
      image ?? "",
      new RegExp(
        `^${baseURL}/mf/blog/(?:[0-9][^/]*/)?og/blog/${article.slug}\\.[0-9a-f]{10}\\.png$`,
      ),
    );
    assert.equal(meta["twitter:image"], image);
    assert.equal(meta["twitter:card"], "summary_large_image");
    assert.equal(meta["og:image:width"], "1200");
    assert.equal(meta["og:image:height"], "630");
    assert.equal(meta["og:image:type"], "image/png");
    assert.ok(meta["og:image:alt"]?.includes(article.title), `alt ${meta["og:image:alt"]}`);
    assert.ok(
      meta["og:image:alt"]?.includes(`${article.readTime} min read`),
      `alt ${meta["og:image:alt"]}`,
    );

    const response = await page.goto(image);
    assert.equal(response.status(), 200);
    const headers = response.headers();
    assert.equal(headers["content-type"], "image/png");
    assert.match(headers["cache-control"], /immutable/);
    const body = await response.body();
    assert.deepEqual(pngSize(body), [1200, 630]);
    assert.ok(body.length <= MAX_BYTES, `${body.length} bytes`);
    // The browser decodes it whole.
    const drawn = await page.evaluate(
      (src) =>
        new Promise((resolve, reject) => {
          const img = new Image();
          img.onload = () => resolve([img.naturalWidth, img.naturalHeight]);
          img.onerror = () => reject(new Error("the image does not decode"));
          img.src = src;
        }),
      image,
    );
    assert.deepEqual(drawn, [1200, 630]);
  },
);

e2eTest(
  "every page of the sitemap names a share card that exists",
  { timeout: 120_000 },
  async ({ page }) => {
    const sitemap = await page.request.get("/sitemap.xml");
    assert.equal(sitemap.status(), 200);
    const paths = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (m) => new URL(m[1]).pathname,
    );
    assert.ok(paths.length >= 30, `only ${paths.length} pages in the sitemap`);
    const seen = new Set();
    const failures = [];
    for (const path of paths) {
      const html = await (await page.request.get(path)).text();
      const image = /<meta property="og:image" content="([^"]+)">/.exec(html)?.[1];
      const section = path.split("/")[1];
      const under = ["blog", "newsletter"].includes(section) ? `/mf/${section}/` : "/og/";
      if (!image || !new URL(image).pathname.startsWith(under)) {
        failures.push(`${path}: og:image ${image}, want it under ${under}`);
        continue;
      }
      if (!html.includes(`<meta name="twitter:image" content="${image}">`))
        failures.push(`${path}: twitter:image is not ${image}`);
      if (seen.has(image)) failures.push(`${path}: shares its card ${image} with another page`);
      seen.add(image);
      const res = await page.request.get(image);
      const body = await res.body();
      if (
        res.status() !== 200 ||
        res.headers()["content-type"] !== "image/png" ||
        !/immutable/.test(res.headers()["cache-control"])
      ) {
        failures.push(
          `${path}: ${image} answers ${res.status()} ${res.headers()["content-type"]} ${res.headers()["cache-control"]}`,
        );
        continue;
      }
      const [w, h] = pngSize(body);
      if (w !== 1200 || h !== 630 || body.length > MAX_BYTES)
        failures.push(`${path}: ${image} is ${w}×${h}, ${body.length} bytes`);
    }
    assert.deepEqual(failures, []);
    console.info(`${paths.length} pages, ${seen.size} cards`);
  },
);
