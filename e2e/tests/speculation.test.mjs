// Speculation rules (docs/decisions/0062-speculation-rules.md) in a real Chromium that
// prerenders: puppeteer's (lib/browser.mjs), since under playwright no rule ever does.
// The gateway of this file sends the rules; a proxy in front of it sees every request the
// browser makes, with its Sec-Purpose, so what was fetched ahead is known for certain.
// Two things must hold: nothing that acts (the admin, the API, the newsletter's confirm
// and unsubscribe links, anything but a GET) is ever fetched ahead, and a page prerendered
// but never shown is not counted as a view (docs/decisions/0039-first-party-analytics.md).
import assert from "node:assert/strict";
import { createServer, request as httpRequest } from "node:http";
import { after, before, describe } from "node:test";
import { signInAdmin } from "../lib/admin.mjs";
import { launchSpeculatingBrowser } from "../lib/browser.mjs";
import { passwordHash, startGateway } from "../lib/gateway.mjs";
import { eventually } from "../lib/page.mjs";
import { e2eTest } from "../lib/suite.mjs";

const USER = "owner";
const PASSWORD = "e2e speculation password, long enough";
// A reader's browser: headless Chromium's own user agent is a bot's, never counted.
const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

let gateway;
let proxy;
let browser;
/** Every request the browser made through the proxy: method, path, Sec-Purpose. */
const seen = [];

/** A proxy on loopback that passes everything to the gateway and notes it in `seen`. */
function startProxy(target) {
  const to = new URL(target);
  const server = createServer((req, res) => {
    const entry = {
      method: req.method,
      path: req.url,
      purpose: req.headers["sec-purpose"] ?? req.headers.purpose ?? "",
      dest: req.headers["sec-fetch-dest"] ?? "",
      body: "",
    };
    seen.push(entry);
    if (req.method === "POST") req.on("data", (chunk) => (entry.body += chunk));
    const upstream = httpRequest(
      { host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ url: `http://127.0.0.1:${server.address().port}`, server }),
    ),
  );
}

/** The pages fetched ahead (not the files a prerendered page then loads, which also say so). */
const speculative = () =>
  seen.filter((r) => r.purpose.startsWith("prefetch") && r.dest === "document");
const prerendered = (path) =>
  speculative().some((r) => r.path === path && r.purpose.includes("prerender"));

/** Waits until the browser has prerendered `path` (seen at the proxy). */
const untilPrerendered = (path) =>
  eventually(() => assert.ok(prerendered(path), `${path} prerendered`), { timeout: 20_000 });

/** A phone's screen, as the bench's (Lighthouse's mobile emulation) is. */
const PHONE_SCREEN = { width: 412, height: 823, isMobile: true, hasTouch: true };

/**
 * A tab of `context` at `viewport`, and the browser's own account of its prerenders by
 * path, kept on the tab's session (one attached to a prerendering page would cancel every
 * prerender; this one does not).
 */
async function tabWithPrerenders(context, viewport) {
  const tab = await context.newPage();
  await tab.setViewport(viewport);
  const status = new Map();
  tab._client().on("Preload.prerenderStatusUpdated", (e) => {
    status.set(new URL(e.key.url).pathname, e.status);
  });
  await tab._client().send("Preload.enable");
  return { tab, status };
}

describe("speculation rules", () => {
  before(async () => {
    gateway = await startGateway({
      env: {
        PORTFOLIO_SPECULATION_RULES: "true",
        PORTFOLIO_ADMIN_USER: USER,
        PORTFOLIO_ADMIN_PASSWORD_HASH: passwordHash(PASSWORD),
        PORTFOLIO_ANALYTICS_FLUSH_INTERVAL: "200ms",
      },
    });
    proxy = await startProxy(gateway.url);
    browser = await launchSpeculatingBrowser([`--user-agent=${CHROME}`]);
  });

  after(async () => {
    await browser?.close();
    proxy?.server.close();
    await gateway?.stop();
  });

  // First: the other test's pages would be counted too.
  e2eTest(
    "a page prerendered and never shown is not counted; shown, it is, once",
    { timeout: 90_000 },
    async ({ page }) => {
      const context = await browser.createBrowserContext();
      try {
        // A visit to /resume: the header's pages are prerendered, none of them shown.
        const { tab, status } = await tabWithPrerenders(context, { width: 1280, height: 800 });
        await tab.goto(`${proxy.url}/resume`, { waitUntil: "load" });
        await untilPrerendered("/skills");
        // Opened once ready: the page shown is then the one prerendered for certain.
        await eventually(() => assert.equal(status.get("/talks"), "Ready"), { timeout: 20_000 });
        // One of them is opened: the browser shows the prerendered page, in a page of its
        // own that replaces the tab.
        await tab.click('header a[href="/talks"]');
        // Shown, it counts itself (its beacon). Only then is it looked at: a DevTools
        // session attached to a page still prerendering would cancel every prerender.
        await eventually(
          () =>
            assert.ok(
              seen.some((r) => r.method === "POST" && r.path === "/api/pageviews"),
              "the shown page's beacon",
            ),
          { timeout: 15_000 },
        );
        const shown = await eventually(
          async () => {
            const target = context
              .targets()
              .find((t) => t.type() === "page" && new URL(t.url()).pathname === "/talks");
            assert.ok(target, "a page at /talks");
            const session = await target.createCDPSession();
            try {
              const { result } = await session.send("Runtime.evaluate", {
                returnByValue: true,
                expression: `({ prerendering: document.prerendering, activationStart: performance.getEntriesByType("navigation")[0].activationStart })`,
              });
              assert.equal(result.value?.prerendering, false, "shown");
              return result.value;
            } finally {
              await session.detach().catch(() => {});
            }
          },
          { timeout: 15_000, interval: 200 },
        );
        assert.ok(
          shown.activationStart > 0,
          `/talks was shown from its prerender: ${JSON.stringify(shown)}`,
        );
      } finally {
        await context.close();
      }

      // The owner's Traffic: /resume loaded and /talks shown, nothing else (every other
      // page of the header was prerendered, and /skills for certain).
      await signInAdmin(page, gateway.adminUrl, USER, PASSWORD);
      const pages = async () => {
        const res = await page.request.get(`${gateway.adminUrl}/api/admin/traffic`);
        assert.equal(res.status(), 200);
        const body = await res.json();
        return Object.fromEntries(body.pages.map((p) => [p.path, p.count]));
      };
      await eventually(async () => assert.equal((await pages())["/talks"], 1), {
        timeout: 20_000,
        interval: 300,
      });
      assert.deepEqual(await pages(), { "/resume": 1, "/talks": 1 });
      // Nor does a page never shown report its vitals (docs/decisions/0059-canary-releases.md).
      const vitals = seen
        .filter((r) => r.method === "POST" && r.path === "/api/vitals")
        .map((r) => JSON.parse(r.body).path);
      assert.deepEqual(
        vitals.filter((path) => path !== "/resume" && path !== "/talks"),
        [],
        "vitals of pages never shown",
      );
    },
  );
  e2eTest(
    "on a phone, the home page prerenders its calls to action once painted, and never itself",
    { timeout: 60_000 },
    async () => {
      const context = await browser.createBrowserContext();
      try {
        // At 412 px the header's menu links are out of sight, which the browser skips:
        // the site's name and the page's marked links are what it prerenders.
        const { tab, status } = await tabWithPrerenders(context, PHONE_SCREEN);
        await tab.goto(`${proxy.url}/`, { waitUntil: "load" });
        for (const path of ["/projects", "/contact"])
          await eventually(() => assert.equal(status.get(path), "Ready", path), {
            timeout: 20_000,
          });
        assert.equal(status.get("/"), undefined, "the home page prerendered itself");
        // On another page, the site's name leads home: that is prerendered.
        await tab.goto(`${proxy.url}/talks`, { waitUntil: "load" });
        await eventually(() => assert.equal(status.get("/"), "Ready"), { timeout: 20_000 });
      } finally {
        await context.close();
      }
    },
  );

  e2eTest(
    "on a phone, an article prerenders the site's name once painted, not the links of its own header",
    { timeout: 60_000 },
    async () => {
      const context = await browser.createBrowserContext();
      try {
        const { tab, status } = await tabWithPrerenders(context, PHONE_SCREEN);
        await tab.goto(`${proxy.url}/blog/kubernetes-security`, { waitUntil: "load" });
        const tags = await tab.$$eval("main header a[href^='/blog/tags/']", (links) =>
          links.map((a) => new URL(a.href).pathname),
        );
        assert.ok(tags.length > 0, "the article's header links its tags");
        // The site's name's page: started at once, as the rule's links all are.
        await eventually(() => assert.equal(status.get("/"), "Ready"), { timeout: 20_000 });
        assert.deepEqual(
          tags.filter((path) => status.has(path)),
          [],
          "tag pages prerendered with the site's own links",
        );
      } finally {
        await context.close();
      }
    },
  );

  e2eTest(
    "nothing under /admin or /api, no emailed link and no form's endpoint is fetched ahead; only GETs are",
    { timeout: 90_000 },
    async () => {
      // The rules as served: every rule leaves out what acts.
      const res = await fetch(`${gateway.url}/speculation-rules.json`);
      assert.equal(res.headers.get("content-type"), "application/speculationrules+json");
      const rules = await res.json();
      assert.ok(rules.prerender?.length > 0, "prerender rules");
      for (const rule of rules.prerender) {
        const text = JSON.stringify(rule);
        for (const must of [
          "/admin/*",
          "/api/*",
          "/newsletter/confirm*",
          "/newsletter/unsubscribe*",
        ])
          assert.ok(text.includes(must), `a rule leaves out ${must}: ${text}`);
      }
      // The admin's origin sends none.
      const admin = await fetch(`${gateway.adminUrl}/admin/newsletter`, { redirect: "manual" });
      assert.equal(admin.headers.get("speculation-rules"), null, "the admin's page");

      // Links that act, put where the eager rule looks (the header) and where the
      // pointer rule does (the main column, hovered), and beside each a harmless link
      // that the rules do prerender: once those are, the others were considered.
      const acting = [
        "/admin",
        "/admin/newsletter",
        "/Admin/newsletter",
        "/api/newsletter/stats",
        "/api/contact",
        "/api/newsletter/subscriptions",
        "/newsletter/confirm?token=e2e",
        "/newsletter/unsubscribe?token=e2e",
      ];
      const context = await browser.createBrowserContext();
      try {
        const page = await context.newPage();
        await page.setViewport({ width: 1280, height: 800 });
        // Pages with the site's forms: their endpoints are /api/* and the no-JavaScript
        // post to / (a POST, which no rule can make).
        for (const path of ["/contact", "/newsletter"]) {
          await page.goto(`${proxy.url}${path}`, { waitUntil: "load" });
          const actions = await page.$$eval("form[method]", (forms) =>
            forms.map((f) => `${f.method.toUpperCase()} ${new URL(f.action).pathname}`),
          );
          assert.ok(actions.length > 0, `${path} has a form`);
        }
        await page.goto(`${proxy.url}/resume`, { waitUntil: "load" });
        await page.evaluate((hrefs) => {
          const add = (where, href, id) => {
            const a = document.createElement("a");
            a.href = href;
            a.textContent = href;
            if (id) a.id = id;
            a.style.display = "block";
            where.prepend(a);
          };
          const header = document.querySelector("header");
          const main = document.querySelector("main");
          hrefs.forEach((h, i) => {
            add(header, h);
            add(main, h, `acting-${i}`);
          });
          add(header, "/blog/kubernetes-security");
          add(main, "/terms-of-use", "harmless");
        }, acting);
        await untilPrerendered("/blog/kubernetes-security");
        // The pointer rule (moderate) starts at once on a pointer pressed on a link: each
        // acting link is pressed (and let go elsewhere: no click), then a harmless one,
        // whose prerender shows the browser has acted on every press before it.
        const press = async (selector) => {
          await page.hover(selector);
          await page.mouse.down();
          await page.mouse.move(1, 1);
          await page.mouse.up();
        };
        for (let i = 0; i < acting.length; i++) await press(`#acting-${i}`);
        await press("#harmless");
        await untilPrerendered("/terms-of-use");
      } finally {
        await context.close();
      }

      const ahead = speculative();
      assert.ok(ahead.length > 0);
      assert.deepEqual(
        ahead.filter(
          (r) =>
            r.method !== "GET" ||
            /^\/(admin|api)(\/|\?|$)/i.test(r.path) ||
            /^\/newsletter\/(confirm|unsubscribe)/.test(r.path),
        ),
        [],
        "fetched ahead though it acts",
      );
      assert.deepEqual(
        seen.filter(
          (r) =>
            r.method !== "GET" &&
            r.method !== "HEAD" &&
            r.path !== "/api/pageviews" &&
            r.path !== "/api/vitals",
        ),
        [],
        "nothing but the beacons of pages shown was posted",
      );
    },
  );
});
