// The section developer's loop, `make dev` (scripts/dev.sh): the gateway and every app's
// dev server come up, the shell on :3000 renders each section from its remote's dev
// server, and an edit to a remote's source shows inside the shell without anyone
// reloading the page (the page reloads itself once the remote has built again). The edit
// is a heading of the blog's, put back however the test ends.
//
// The dev servers bind 127.0.0.1:3000-3003 (each app's rsbuild config): the test fails
// at once if one of them is taken. Everything it starts is one process group, stopped
// by its PID.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createConnection } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { launchBrowser } from "../lib/browser.mjs";
import { freePort, hermeticEnv } from "../lib/gateway.mjs";
import { eventually } from "../lib/page.mjs";
import { REPO_ROOT } from "../lib/paths.mjs";

const SHELL = "http://127.0.0.1:3000";
const REMOTES = { blog: 3001, newsletter: 3002, admin: 3003 };
/** Up and built within this (turbo builds the packages first; rsbuild compiles each app). */
const START_TIMEOUT_MS = 60_000;
/** An edit rebuilds one remote (about a second) and reloads the page. */
const EDIT_TIMEOUT_MS = 20_000;

const edited = join(REPO_ROOT, "apps", "blog", "src", "routes", "blog-home.tsx");
const HEADING = "Latest Blog Posts";
const MARK = `${HEADING} (dev loop ${process.pid})`;
const original = readFileSync(edited, "utf8");
const putBack = () => {
  if (readFileSync(edited, "utf8") !== original) writeFileSync(edited, original);
};

let dev;
let dataDir;
let output = "";
let browser;
let started;

/** Whether something listens on 127.0.0.1:port. */
function listening(port) {
  return new Promise((resolve) => {
    const socket = createConnection({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** Polls `url` until it answers 200, or fails naming it, with the dev servers' output. */
async function answers(url, deadline) {
  const up = await eventually(
    async () => {
      if (dev.exitCode !== null) return false; // it will not come up: stop asking
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (!res.ok) throw new Error(`${url} answered ${res.status}`);
      return true;
    },
    { timeout: Math.max(0, deadline - Date.now()), interval: 500 },
  ).catch((err) =>
    assert.fail(`${url} did not answer in time (${err?.message}):\n${output.slice(-4000)}`),
  );
  if (!up) assert.fail(`make dev exited (${dev.exitCode}):\n${output}`);
}

function stopDev() {
  if (!dev || dev.exitCode !== null) return Promise.resolve();
  // Its exit, or at most 10 s: then the group is killed whatever is left of it.
  const exited = once(dev, "exit", { signal: AbortSignal.timeout(10_000) }).catch(() => {});
  try {
    process.kill(-dev.pid, "SIGTERM"); // the group: dev.sh, the gateway, turbo, every dev server
  } catch {
    /* already gone */
  }
  return exited.then(() => {
    try {
      process.kill(-dev.pid, "SIGKILL");
    } catch {
      /* gone */
    }
  });
}

process.on("exit", () => {
  putBack();
  try {
    if (dev && dev.exitCode === null) process.kill(-dev.pid, "SIGKILL");
  } catch {
    /* gone */
  }
});

// A suite of its own: the test runner runs every file in one process
// (--experimental-test-isolation=none), and hooks at a file's top level would start the
// dev servers before, and stop them after, every other file's tests too.
describe("make dev", () => {
  before(async () => {
    started = Date.now();
    for (const port of [3000, ...Object.values(REMOTES)]) {
      assert.equal(await listening(port), false, `127.0.0.1:${port} is taken: make dev needs it`);
    }
    dataDir = mkdtempSync(join(tmpdir(), "portfolio-dev-loop-"));
    const [http, admin, metrics] = [await freePort(), await freePort(), await freePort()];
    dev = spawn("bash", ["scripts/dev.sh"], {
      cwd: REPO_ROOT,
      detached: true, // its own process group, stopped as one
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...hermeticEnv(),
        PORTFOLIO_HTTP_ADDR: `127.0.0.1:${http}`,
        PORTFOLIO_ADMIN_ADDR: `127.0.0.1:${admin}`,
        PORTFOLIO_METRICS_ADDR: `127.0.0.1:${metrics}`,
        PORTFOLIO_DATA_DIR: dataDir,
        PORTFOLIO_LOG_LEVEL: "warn",
      },
    });
    for (const stream of [dev.stdout, dev.stderr]) {
      stream.on("data", (chunk) => {
        output += chunk;
      });
    }
    browser = await launchBrowser();
  });

  after(async () => {
    putBack();
    await browser?.close();
    await stopDev();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test("every dev server comes up", { timeout: START_TIMEOUT_MS + 10_000 }, async () => {
    const deadline = Date.now() + START_TIMEOUT_MS;
    await answers(`${SHELL}/`, deadline);
    await answers(`${SHELL}/mf/remotes.json`, deadline); // the gateway, through the shell's proxy
    for (const port of Object.values(REMOTES)) {
      await answers(`http://127.0.0.1:${port}/mf-manifest.json`, deadline);
    }
    const { remotes } = await (await fetch(`${SHELL}/mf/remotes.json`)).json();
    assert.deepEqual(
      Object.fromEntries(remotes.map((r) => [r.name, r.entry])),
      Object.fromEntries(
        Object.entries(REMOTES).map(([name, port]) => [
          name,
          `http://127.0.0.1:${port}/mf-manifest.json`,
        ]),
      ),
      "the gateway sends the shell to the remotes' dev servers",
    );
  });

  test("the shell renders each section from its dev server", async () => {
    const page = await browser.newPage();
    const errors = [];
    page.on("pageerror", (error) => errors.push(error.message));
    try {
      for (const [path, heading] of [
        ["/", /\S/],
        ["/blog", HEADING],
        ["/newsletter", "DevOps Digest"],
        ["/admin/newsletter", "Newsletter Admin"],
      ]) {
        await page.goto(`${SHELL}${path}`);
        await page.locator("h1", { hasText: heading }).waitFor({ timeout: 15_000 });
        // Not the notices of a section whose code did not load (federation/remote-route.tsx).
        const notices = page.getByText(/could not be loaded|unavailable right now/);
        assert.equal(await notices.count(), 0, path);
      }
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
    }
  });

  test("an edit to a remote shows in the shell without a manual reload", async () => {
    const page = await browser.newPage();
    try {
      await page.goto(`${SHELL}/blog`);
      const heading = page.locator("h1");
      await heading.filter({ hasText: HEADING }).waitFor({ timeout: 15_000 });
      const edit = Date.now();
      writeFileSync(edited, original.replace(`"${HEADING}"`, `"${MARK}"`));
      assert.notEqual(readFileSync(edited, "utf8"), original, "the heading is in the source");
      await heading.filter({ hasText: MARK }).waitFor({ timeout: EDIT_TIMEOUT_MS });
      const shown = Date.now() - edit;
      putBack();
      await heading.filter({ hasText: new RegExp(`^${HEADING}$`) }).waitFor({
        timeout: EDIT_TIMEOUT_MS,
      });
      process.stdout.write(
        `# the edit showed in the shell after ${shown} ms; make dev's smoke test took ${Math.round((Date.now() - started) / 1000)} s\n`,
      );
    } finally {
      putBack();
      await page.close();
    }
  });
});
