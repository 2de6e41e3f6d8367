// A page the app renders without asking the gateway is counted by a beacon
// (docs/decisions/0039-first-party-analytics.md): one per client-side navigation, with
// the path and the origin of the page it came from.
import assert from "node:assert/strict";
import { routeByUrl } from "../lib/content.mjs";
import { eventually, expectH1, goto, mainNav, waitForPage } from "../lib/page.mjs";
import { e2eTest } from "../lib/suite.mjs";

e2eTest(
  "client-side navigations send a page-view beacon each; the document load sends none",
  async ({ page, suite }) => {
    const beacons = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname === "/api/pageviews")
        beacons.push(JSON.parse(r.postData() ?? "{}"));
    });
    await goto(page, "/");
    await waitForPage(page);
    assert.deepEqual(beacons, [], "the gateway counts a document load itself");

    for (const [label, path] of [
      ["Skills", "/skills"],
      ["Talks", "/talks"],
    ]) {
      await mainNav(page).getByRole("link", { name: label, exact: true }).click();
      await expectH1(page, routeByUrl(path).h1);
    }
    // A third view's beacon is sent after any surplus of the first two (or of the
    // document load): once it is seen, such a surplus would have been too.
    await mainNav(page).getByRole("link", { name: "Projects", exact: true }).click();
    await expectH1(page, routeByUrl("/projects").h1);
    await eventually(() => assert.ok(beacons.some((b) => b.path === "/projects")));
    const origin = new URL(suite.url).origin;
    assert.deepEqual(beacons, [
      { path: "/skills", referrer: origin },
      { path: "/talks", referrer: origin },
      { path: "/projects", referrer: origin },
    ]);
  },
);
