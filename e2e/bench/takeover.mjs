// The code the first click on a link loads: the app (React, the router, the shell's
// chrome) that takes the page over (docs/decisions/0040-islands.md). Landed on `from`,
// the app's code is counted from the click on a link to `to` until the network is quiet:
// every JS file, raw and gzip (node:zlib level 9, as lib/assets.mjs). The page's own
// chunk (a shell page's, a section's remote) is listed apart from the app's.
import { recordAssets, settlePage, sum } from "../lib/assets.mjs";
import { routeByUrl } from "../lib/content.mjs";

export async function measureTakeover(browser, baseURL, { from = "/", to = "/resume" } = {}) {
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    await page.goto(from);
    await settlePage(page, routeByUrl(from));
    const rec = recordAssets(page, baseURL);
    // A click the entry handles (a client-side navigation), whatever speculation rules
    // say: the app's code is what is measured.
    await page.evaluate((url) => {
      const a = document.createElement("a");
      a.href = url;
      a.dataset.benchTakeover = "";
      document.body.append(a);
      a.click();
    }, to);
    await settlePage(page, routeByUrl(to));
    await rec.settle();
    const js = rec.files.filter((f) => f.kind === "js");
    return { from, to, js: sum(js), files: js.map(({ path, raw, gzip }) => ({ path, raw, gzip })) };
  } finally {
    await context.close();
  }
}
