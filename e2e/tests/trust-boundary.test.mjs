// A section's release cannot act as the owner (docs/security.md, docs/decisions/0047):
// with only a blog deploy token, an attacker publishes and promotes a blog release whose
// /blog loads a script of its own. The owner, signed in to the admin in the same
// browser, opens /blog. The script tries, in turn: the admin API on the public origin;
// the admin API on the admin's origin with credentials; a no-cors POST that rolls the
// newsletter back; the same rollback as a same-origin POST. Nothing is read and nothing
// changes: on one gateway on SQLite, and on three replicas sharing PostgreSQL (when
// PORTFOLIO_TEST_DATABASE_URL is set). Each runs twice: under the site's CSP (which
// already stops cross-origin calls in the browser), and with the CSP bypassed, where the
// gateway's own checks must hold alone (the requests reach it, and it refuses them).
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe } from "node:test";
import { passwordHash, startGateway } from "../lib/gateway.mjs";
import { eventually, goto } from "../lib/page.mjs";
import { createDatabase, testDatabaseURL } from "../lib/postgres.mjs";
import { cli, pack, rewrite } from "../lib/releases.mjs";
import { e2eTest } from "../lib/suite.mjs";

const USER = "owner";
const PASSWORD = "e2e trust boundary password, long enough";
/** A reader whose address the attacker wants. */
const READER = `reader.${randomBytes(4).toString("hex")}@example.org`;

/** The attacker's script: each attempt's outcome, in window.__probe once all ran. */
const probeScript = (adminURL) => `(async () => {
  const admin = ${JSON.stringify(adminURL)};
  const results = {};
  const attempt = async (name, call) => {
    try {
      const res = await call();
      results[name] = res.type === "opaque" ? "opaque" : res.status + " " + (await res.text());
    } catch (error) {
      results[name] = "failed: " + error.name;
    }
  };
  await attempt("public admin API", () => fetch("/api/admin/subscribers", { credentials: "include" }));
  await attempt("admin origin's API", () => fetch(admin + "/api/admin/subscribers", { credentials: "include" }));
  await attempt("no-cors rollback", () =>
    fetch(admin + "/api/admin/sections/newsletter/rollback", { method: "POST", mode: "no-cors", credentials: "include" }));
  await attempt("same-origin rollback", () =>
    fetch("/api/admin/sections/newsletter/rollback", {
      method: "POST", credentials: "include", headers: { "Content-Type": "application/json" }, body: "{}",
    }));
  window.__probe = results;
})();
`;

/**
 * The attacker's blog release: the blog's build with a script of its own, which its
 * /blog page loads. Packed for `adminURL`, the host the attacker aims at.
 */
function packAttack(work, adminURL) {
  return pack(work, "blog", (dist, version) => {
    writeFileSync(join(dist, "static/js/probe.js"), probeScript(adminURL));
    const page = join(dist, "prerender/blog.html");
    const probe = `<script src="/mf/blog/${version}/static/js/probe.js"></script>`;
    rewrite(page, `${probe}${readFileSync(page, "utf8")}`);
  });
}

/** The newsletter's shipped build as a release, promoted: a rollback would change it. */
function promoteNewsletter(work, env) {
  const { artifact } = pack(work, "newsletter");
  const version = cli(["sections", "publish", artifact], env);
  cli(["sections", "promote", "newsletter", version], env);
  return version;
}

/** The owner's view of the sections, through the admin API on its origin. */
async function sectionsAsOwner(page, adminURL) {
  const res = await page.request.get(`${adminURL}/api/admin/sections`, {
    headers: { Origin: adminURL },
  });
  assert.equal(res.status(), 200, await res.text());
  return Object.fromEntries((await res.json()).sections.map((s) => [s.name, s]));
}

/** The admin origin's request log lines for `path`, as [method, status]. */
const adminRequestsLogged = (gateway, path) =>
  gateway
    .logs()
    .split("\n")
    .flatMap((line) => {
      try {
        const e = JSON.parse(line);
        return e.msg === "request" && e.origin === "admin" && e.path === path
          ? [[e.method, e.status]]
          : [];
      } catch {
        return [];
      }
    });

/**
 * The whole attack on a site: `front` is the replica the browser talks to, `cliEnv` the
 * settings `bin/gateway sections` acts with (the site's database).
 */
async function attack({ page, front, replicas, cliEnv, work, csp }) {
  // The reader the attacker wants, and the newsletter release it wants to roll back.
  const subscribed = await fetch(`${front.url}/api/newsletter/subscriptions`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: front.url },
    body: JSON.stringify({ email: READER, name: "", website: "" }),
  });
  assert.equal(subscribed.status, 202);
  const newsletter = promoteNewsletter(work, cliEnv);

  // With a blog deploy token only, over the deploy API: published and promoted.
  const token = cli(["sections", "token", "create", "blog", "--ttl", "1h"], cliEnv);
  const evil = packAttack(work, front.adminUrl);
  const remote = ["--server", front.url, "--token", token];
  assert.equal(cli(["sections", "publish", ...remote, evil.artifact], cliEnv), evil.version);
  cli(["sections", "promote", ...remote, "blog", evil.version], cliEnv);
  for (const gw of replicas) {
    await eventually(
      async () => assert.match(await (await fetch(`${gw.url}/blog`)).text(), /probe\.js/),
      { timeout: 5000 },
    );
  }
  // The token itself may not touch another section.
  const forbidden = await fetch(`${front.url}/api/sections/newsletter/rollback`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}` },
  });
  assert.equal(forbidden.status, 403);

  // The owner signs in to the admin, on its origin, in this browser.
  const signIn = await page.request.post(`${front.adminUrl}/api/admin/session`, {
    headers: { Origin: front.adminUrl },
    data: { user: USER, password: PASSWORD },
  });
  assert.equal(signIn.status(), 204);
  const before = await sectionsAsOwner(page, front.adminUrl);
  assert.equal(before.newsletter.serving, newsletter);

  // ... and opens /blog: the attacker's script runs there.
  await goto(page, `${front.url}/blog`);
  const probe = await (
    await page.waitForFunction(() => window.__probe, null, { timeout: 15_000 })
  ).jsonValue();
  assert.deepEqual(Object.keys(probe), [
    "public admin API",
    "admin origin's API",
    "no-cors rollback",
    "same-origin rollback",
  ]);
  assert.match(probe["public admin API"], /^404 .*There is no such API endpoint/);
  assert.equal(probe["admin origin's API"], "failed: TypeError"); // nothing readable
  assert.match(probe["same-origin rollback"], /^404 .*There is no such API endpoint/);
  if (csp)
    assert.equal(probe["no-cors rollback"], "failed: TypeError"); // connect-src 'self'
  else assert.equal(probe["no-cors rollback"], "opaque"); // sent: the gateway must refuse it
  assert.ok(
    !JSON.stringify(probe).includes(READER),
    `the script read a subscriber: ${JSON.stringify(probe)}`,
  );

  // Nothing changed: the newsletter serves what it did, and no rollback happened.
  const after = await sectionsAsOwner(page, front.adminUrl);
  assert.equal(after.newsletter.serving, newsletter);
  assert.deepEqual(
    after.newsletter.history.filter((e) => e.action === "rollback"),
    [],
    "a rollback of the newsletter happened",
  );
  if (!csp) {
    // The requests reached the admin's origin with the owner's cookie, and it refused them.
    assert.deepEqual(adminRequestsLogged(front, "/api/admin/subscribers"), [["GET", 403]]);
    assert.deepEqual(adminRequestsLogged(front, "/api/admin/sections/newsletter/rollback"), [
      ["POST", 403],
    ]);
  }
  // The control: the owner's own page may roll it back, so the attempts could have.
  const rollback = await page.request.post(
    `${front.adminUrl}/api/admin/sections/newsletter/rollback`,
    {
      headers: { Origin: front.adminUrl },
    },
  );
  assert.equal(rollback.status(), 200, await rollback.text());
}

const adminEnv = () => ({ PORTFOLIO_ADMIN_USER: USER, PORTFOLIO_ADMIN_PASSWORD_HASH: hash });
let hash;
let work;

describe("trust boundary", () => {
  before(() => {
    hash = passwordHash(PASSWORD);
    work = mkdtempSync(join(tmpdir(), "portfolio-e2e-boundary-"));
  });
  after(() => rmSync(work, { recursive: true, force: true }));

  // The script's attempts are refused: the browser logs each refusal.
  const refusals = {
    allowConsoleErrors: [
      /Content Security Policy|status of 40[34]|CORS policy|Failed to load resource/,
    ],
  };

  for (const csp of [true, false]) {
    const how = csp ? "under the site's CSP" : "with the CSP bypassed: the gateway alone";
    e2eTest(
      `SQLite: a blog release's script, with the owner signed in, reads nothing and changes nothing (${how})`,
      { ...refusals, context: { bypassCSP: !csp }, timeout: 90_000 },
      async ({ page }) => {
        const gateway = await startGateway({ env: adminEnv() });
        try {
          await attack({
            page,
            front: gateway,
            replicas: [gateway],
            cliEnv: gateway.env,
            work,
            csp,
          });
        } finally {
          await gateway.stop();
        }
      },
    );

    e2eTest(
      `PostgreSQL, three replicas: a blog release's script, with the owner signed in, reads nothing and changes nothing (${how})`,
      {
        ...refusals,
        context: { bypassCSP: !csp },
        timeout: 120_000,
        skip:
          !testDatabaseURL &&
          "PORTFOLIO_TEST_DATABASE_URL is not set (scripts/with-postgres.sh sets it)",
      },
      async ({ page }) => {
        const db = await createDatabase(testDatabaseURL, "e2e_boundary");
        const replicas = [];
        try {
          for (let i = 0; i < 3; i++) {
            replicas.push(
              await startGateway({ env: { ...adminEnv(), PORTFOLIO_DATABASE_URL: db.url } }),
            );
          }
          // The browser on the second replica, the CLI on the first: they share it all.
          await attack({ page, front: replicas[1], replicas, cliEnv: replicas[0].env, work, csp });
        } finally {
          await Promise.all(replicas.map((gw) => gw.stop()));
          await db.drop();
        }
      },
    );
  }
});
