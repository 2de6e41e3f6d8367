// Starts the built bin/gateway on a free loopback port with a throw-away data directory,
// waits for /healthz, and guarantees the child is killed (by its PID) when we are done,
// including on test failure, SIGINT/SIGTERM and an abrupt exit of this process.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { eventually } from "./page.mjs";
import { assertBuilt, GATEWAY_BIN, REPO_ROOT } from "./paths.mjs";

const HOST = "127.0.0.1";
const live = new Set(); // children still running, killed on exit
const dirs = new Set(); // temporary data directories, removed on exit

/**
 * This process's environment without any PORTFOLIO_* variable: a developer's own
 * settings (a database URL, SMTP) never leak into a gateway or command the suite runs.
 */
export function hermeticEnv() {
  return Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith("PORTFOLIO_")),
  );
}

/** A port the kernel just handed out on 127.0.0.1 (closed again before we return). */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, HOST, () => {
      const { port } = srv.address();
      srv.close(() => resolvePort(port));
    });
  });
}

let exitHooksInstalled = false;
function installExitHooks() {
  if (exitHooksInstalled) return;
  exitHooksInstalled = true;
  const killAll = (signal) => {
    for (const child of live) {
      try {
        process.kill(child.pid, signal);
      } catch {
        /* already gone */
      }
    }
  };
  process.on("exit", () => {
    killAll("SIGKILL");
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    process.once(sig, () => {
      killAll("SIGTERM");
      process.exit(128 + { SIGINT: 2, SIGTERM: 15, SIGHUP: 1 }[sig]);
    });
  }
}

/**
 * @param {{ env?: Record<string,string>, readyTimeoutMs?: number, quiet?: boolean }} [opts]
 * @returns {Promise<{ url: string, adminUrl: string, port: number, pid: number, dataDir: string,
 *   env: Record<string,string>, logs: () => string, metric: (name: string) => Promise<number>,
 *   outboxIdle: (opts?: { timeout?: number }) => Promise<void>, stop: () => Promise<void> }>}
 *   `url` is the public origin, `adminUrl` the admin's own (docs/decisions/0047).
 *   `env` is every PORTFOLIO_* setting the gateway was started with: what a
 *   `bin/gateway` command acting on the same site (`sections promote`, …) needs.
 */
export async function startGateway(opts = {}) {
  assertBuilt();
  installExitHooks();
  let lastError;
  for (let attempt = 1; attempt <= 3; attempt++) {
    try {
      return await startOnce(opts);
    } catch (err) {
      lastError = err;
      // Only retry the race where someone else grabbed "our" free port.
      if (!/address already in use|bind/i.test(String(err?.message))) break;
    }
  }
  throw lastError;
}

async function startOnce({ env = {}, readyTimeoutMs = 20_000 } = {}) {
  const [port, adminPort] = [await freePort(), await freePort()];
  const url = `http://${HOST}:${port}`;
  const adminUrl = `http://${HOST}:${adminPort}`;
  const dataDir = mkdtempSync(join(tmpdir(), "portfolio-e2e-data-"));
  dirs.add(dataDir);
  const settings = {
    PORTFOLIO_HTTP_ADDR: `${HOST}:${port}`,
    PORTFOLIO_DATA_DIR: dataDir,
    PORTFOLIO_PUBLIC_URL: url,
    PORTFOLIO_ADMIN_ADDR: `${HOST}:${adminPort}`,
    PORTFOLIO_ADMIN_URL: adminUrl,
    // Several gateways run side by side: never the metrics listener's fixed default port.
    PORTFOLIO_METRICS_ADDR: `${HOST}:0`,
    // No speculation rules unless a test asks for them (tests/speculation.test.mjs, make
    // bench): Chromium driven through DevTools never prerenders, so with them every link
    // would be a plain document load, and the app's navigations (what a browser without
    // speculation rules gets) would go untested (docs/decisions/0062-speculation-rules.md).
    PORTFOLIO_SPECULATION_RULES: "false",
    ...env,
  };
  const child = spawn(GATEWAY_BIN, [], {
    cwd: REPO_ROOT,
    env: { ...hermeticEnv(), ...settings },
    stdio: ["ignore", "pipe", "pipe"],
  });
  live.add(child);

  // Keep the last ~200 lines of output for failure messages, and where /metrics is
  // served (its line comes early: it may be gone from those lines by the time it is needed).
  const lines = [];
  let metricsAddr = null;
  const keep = (chunk) => {
    for (const line of String(chunk).split("\n")) {
      if (!line) continue;
      if (metricsAddr === null && line.includes('"metrics listening"')) {
        try {
          metricsAddr = JSON.parse(line).addr ?? null;
        } catch {
          /* not the JSON line */
        }
      }
      lines.push(line);
      if (lines.length > 200) lines.shift();
    }
  };
  const logs = () => lines.join("\n");

  /** Every sample of /metrics: [name, labels ("" or "{…}"), value]. */
  const metrics = async () => {
    if (!metricsAddr) throw new Error(`the gateway logged no "metrics listening":\n${logs()}`);
    const res = await fetch(`http://${metricsAddr}/metrics`, { signal: AbortSignal.timeout(5000) });
    if (!res.ok) throw new Error(`GET /metrics: ${res.status}`);
    return (await res.text())
      .split("\n")
      .filter((l) => l && !l.startsWith("#"))
      .map((l) => {
        const m = /^([a-zA-Z_:][\w:]*)(\{.*\})? (\S+)$/.exec(l);
        return m ? [m[1], m[2] ?? "", Number(m[3])] : null;
      })
      .filter(Boolean);
  };
  /** The sum of every series of the metric `name` (0 when it has none). */
  const metric = async (name) =>
    (await metrics()).reduce((sum, [n, , v]) => (n === name ? sum + v : sum), 0);
  /**
   * Waits (bounded) until the outbox has nothing left to send: no email pending or being
   * sent, no publication still queueing its emails. Every email queued before has then
   * reached the SMTP server or been given up: a check that none was sent can rely on it.
   */
  const outboxIdle = ({ timeout = 15_000 } = {}) =>
    eventually(
      async () => {
        const [queued, publishing] = [
          await metric("portfolio_mail_outbox_queued"),
          await metric("portfolio_newsletter_publications_running"),
        ];
        if (queued + publishing > 0)
          throw new Error(
            `the outbox still has ${queued} email(s) to send, ${publishing} publication(s) queueing`,
          );
      },
      { timeout, interval: 100 },
    );
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);

  let exited = null;
  const exitPromise = new Promise((res) => {
    child.once("exit", (code, signal) => {
      exited = { code, signal };
      live.delete(child);
      res(exited);
    });
  });
  child.once("error", (err) => {
    exited = { code: null, signal: null, error: err };
  });

  const cleanupDir = () => {
    rmSync(dataDir, { recursive: true, force: true });
    dirs.delete(dataDir);
  };

  const stop = async () => {
    if (!exited) {
      try {
        process.kill(child.pid, "SIGTERM"); // graceful shutdown
      } catch {
        /* gone */
      }
      const timer = sleep(5000).then(() => "timeout");
      if ((await Promise.race([exitPromise, timer])) === "timeout") {
        try {
          process.kill(child.pid, "SIGKILL");
        } catch {
          /* gone */
        }
        await exitPromise;
      }
    }
    cleanupDir();
  };

  // Wait for /healthz.
  const deadline = Date.now() + readyTimeoutMs;
  let lastProblem = "no answer yet";
  while (Date.now() < deadline) {
    if (exited) {
      cleanupDir();
      throw new Error(
        `bin/gateway exited before it was healthy (${JSON.stringify(exited)}).\n--- gateway output ---\n${logs()}`,
      );
    }
    try {
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) {
        const portfolioEnv = Object.fromEntries(
          Object.entries(settings).filter(([k]) => k.startsWith("PORTFOLIO_")),
        );
        return {
          url,
          adminUrl,
          port,
          pid: child.pid,
          dataDir,
          env: portfolioEnv,
          logs,
          metric,
          outboxIdle,
          stop,
        };
      }
      lastProblem = `/healthz answered ${res.status}`;
    } catch (err) {
      lastProblem = err?.cause?.code || err?.message || String(err);
    }
    await sleep(50);
  }
  await stop();
  throw new Error(
    `bin/gateway did not become healthy on ${url} within ${readyTimeoutMs} ms (${lastProblem}).\n--- gateway output ---\n${logs()}`,
  );
}

/** The owner's password hash for PORTFOLIO_ADMIN_PASSWORD_HASH, as `gateway hash-password` makes it. */
export function passwordHash(password) {
  return execFileSync(GATEWAY_BIN, ["hash-password"], {
    input: `${password}\n`,
    encoding: "utf8",
    stdio: ["pipe", "pipe", "ignore"],
  }).trim();
}
