// The 48 URLs of the routing comparison (docs/decisions/0020-own-router.md, then
// docs/decisions/0061-react-router.md): every route, every post, and the edge cases a
// router can get wrong (case, trailing and double slashes, encoded segments, %2F, a
// malformed %), each rendered two ways: as the document the gateway sends (the
// prerender's router at that URL), and by the app navigating there from /.
// tests/routing-parity.test.mjs checks them against fixtures/routing-parity.json, which
// our own router rendered before the switch to react-router.
import { setTimeout as sleep } from "node:timers/promises";

export const ROUTING_URLS = [
  // Every route of content/routes.json and every published post.
  "/",
  "/skills",
  "/resume",
  "/projects",
  "/projects/1",
  "/projects/3",
  "/talks",
  "/contact",
  "/privacy-policy",
  "/terms-of-use",
  "/search",
  "/search?q=kubernetes",
  "/blog",
  "/blog/all-posts",
  "/blog/tags",
  "/blog/tags/kubernetes",
  "/blog/tags/Kubernetes",
  "/blog/kubernetes-security",
  "/blog/microservices-monitoring",
  "/blog/terraform-guide",
  "/newsletter",
  "/newsletter/1",
  "/newsletter/6",
  "/admin/newsletter",
  // Not pages: the not-found view of the shell and of each section.
  "/not-a-page",
  "/projects/999",
  "/projects/1/extra",
  "/blog/not-a-post",
  "/blog/tags/kubernetes/extra",
  "/newsletter/999",
  "/newsletter/abc",
  "/admin/unknown",
  // Case: paths are case-sensitive (0020's amendment), the gateway redirects a page's.
  "/BLOG",
  "/Skills",
  "/blog/All-Posts",
  "/Projects/1",
  // Trailing and double slashes.
  "/skills/",
  "/blog/",
  "/blog/tags/",
  "/blog//all-posts",
  "/projects//1",
  // Encoded segments, %2F, a malformed %.
  "/projects/%31",
  "/blog/tags/ci%2Fcd",
  "/blog/%E2%9C%93",
  "/blog/terraform%2Dguide",
  "/blog/%",
  // A query and a fragment are not part of the match.
  "/contact?from=parity",
  "/talks#talk-1",
];

/** Runs in the page: what routing decided, as a reader sees it. */
export function summarizePage() {
  const text = (e) => e.textContent.replace(/\s+/g, " ").trim();
  const main = document.querySelector("main");
  return {
    path: `${location.pathname}${location.search}${location.hash}`,
    title: document.title,
    h1: [...document.querySelectorAll("h1")].map(text),
    // Where the page's own links lead (resolved by the router: relative links, params).
    links: main ? [...main.querySelectorAll("a[href]")].map((a) => a.getAttribute("href")) : [],
    // The navigation's current page (NavLink's rule: its path and below, `end`).
    current: [...document.querySelectorAll('header [aria-current="page"]')].map((a) =>
      a.getAttribute("href"),
    ),
    // The whole of <main> as markup, for the one-off comparison (links of react-router
    // carry data-discover, which nothing reads).
    markup: main
      ? main.innerHTML
          .replace(/ data-discover="true"/g, "")
          .replace(/ data-hydrated=""/g, "")
          .replace(/ aria-busy="[^"]*"/g, "")
      : "",
  };
}

/** Waits until the page has stopped changing: the URL is `url`'s and nothing is loading. */
export async function settleAt(page, url) {
  const deadline = Date.now() + 10_000;
  let last = "";
  let stableSince = Date.now();
  while (Date.now() < deadline) {
    const now = await page
      .evaluate(
        () =>
          `${location.pathname}|${document.title}|${document.querySelector("main")?.innerHTML.length}|${!!document.querySelector("[data-navigating], main[aria-busy=true]") || /Loading/.test([...document.querySelectorAll("main [role=status]")].map((e) => e.textContent).join(""))}`,
      )
      .catch(() => "");
    if (now !== last) {
      last = now;
      stableSince = Date.now();
    } else if (Date.now() - stableSince > 300 && now.split("|")[0] !== "" && !now.endsWith("true"))
      return;
    await sleep(50);
  }
  throw new Error(`${url}: the page did not settle (${last})`);
}

/** The document the gateway sends for `url`: status, or where it redirects. */
export async function documentOf(baseURL, url) {
  const res = await fetch(new URL(url, baseURL), { redirect: "manual" });
  await res.arrayBuffer();
  const location = res.headers.get("location");
  const doc = { status: res.status };
  // The admin's origin (docs/decisions/0047) is on a port of its own each run.
  if (location)
    doc.location = location.startsWith(new URL(baseURL).origin)
      ? location.slice(new URL(baseURL).origin.length)
      : location.replace(/^https?:\/\/[^/]+/, "<admin>");
  return doc;
}
