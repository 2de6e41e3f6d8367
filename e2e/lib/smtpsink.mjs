// The SMTP sink of services/mail/cmd/smtpsink for browser tests that send email: built
// once per run into a temporary directory, started on free loopback ports, read over
// its HTTP API, and killed by its PID when we are done (also on failure and on exit).
//
//   const sink = await startSmtpSink();
//   startGateway({ env: sink.gatewayEnv() })       // PORTFOLIO_SMTP_HOST/PORT, TLS none
//   await sink.waitForMessages(2, { from: gateway }) // bounded wait, then exactly these
//   await sink.stop()
//
// startMailingGateway() does the first two lines for a file with a gateway of its own.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { setTimeout as sleep } from "node:timers/promises";
import { startGateway } from "./gateway.mjs";
import { REPO_ROOT } from "./paths.mjs";

const live = new Set(); // running sinks' PIDs
const dirs = new Set(); // build directories
let exitHookInstalled = false;
function installExitHook() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on("exit", () => {
    for (const pid of live) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        /* gone */
      }
    }
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
}

/** Runs a command to completion; rejects with its output when it fails. */
function run(cmd, args, opts) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { ...opts, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0
        ? resolve(out)
        : reject(new Error(`${cmd} ${args.join(" ")} exited ${code}:\n${out}`)),
    );
  });
}

let built = null;
/** Path of the smtpsink binary: `go build` once per test run. */
function buildSink() {
  built ??= (async () => {
    installExitHook();
    const dir = mkdtempSync(join(tmpdir(), "portfolio-e2e-smtpsink-"));
    dirs.add(dir);
    const bin = join(dir, "smtpsink");
    await run("go", ["build", "-o", bin, "./services/mail/cmd/smtpsink"], {
      cwd: REPO_ROOT,
      env: process.env,
    });
    return bin;
  })();
  return built;
}

/**
 * @typedef {{ from: string, to: string[], subject: string, headers: Record<string, string[]>,
 *   text: string, html: string, error?: string }} SinkMessage
 */

/**
 * Starts the sink: SMTP and its HTTP API on free 127.0.0.1 ports.
 * @param {{ startTimeoutMs?: number }} [opts]
 */
export async function startSmtpSink({ startTimeoutMs = 60_000 } = {}) {
  const bin = await buildSink();
  const child = spawn(bin, ["-addr", "127.0.0.1:0", "-http", "127.0.0.1:0"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  live.add(child.pid);
  const lines = [];
  child.stderr.on("data", (d) => lines.push(String(d).trimEnd()));
  let exited = null;
  const exitPromise = new Promise((resolve) =>
    child.once("exit", (code, signal) => {
      exited = { code, signal };
      live.delete(child.pid);
      resolve(exited);
    }),
  );

  // The first stdout line: {"msg":"listening","smtp":"127.0.0.1:P","http":"127.0.0.1:Q"}.
  // Later lines (one per message) are kept for failure messages.
  const stdout = createInterface({ input: child.stdout });
  const first = new Promise((resolve, reject) => {
    stdout.once("line", (line) => {
      try {
        resolve(JSON.parse(line));
      } catch (err) {
        reject(new Error(`smtpsink: first line is not JSON: ${line}`, { cause: err }));
      }
    });
    exitPromise.then((e) =>
      reject(
        new Error(`smtpsink exited before listening (${JSON.stringify(e)}):\n${lines.join("\n")}`),
      ),
    );
  });
  stdout.on("line", (line) => {
    lines.push(line);
    if (lines.length > 200) lines.shift();
  });

  const stop = async () => {
    if (!exited) {
      try {
        process.kill(child.pid, "SIGTERM");
      } catch {
        /* gone */
      }
      if (
        (await Promise.race([exitPromise, sleep(5000, "timeout", { ref: false })])) === "timeout"
      ) {
        try {
          process.kill(child.pid, "SIGKILL");
        } catch {
          /* gone */
        }
        await exitPromise;
      }
    }
  };

  let listening;
  try {
    listening = await Promise.race([
      first,
      sleep(startTimeoutMs, undefined, { ref: false }).then(() => {
        throw new Error(`smtpsink did not say where it listens within ${startTimeoutMs} ms`);
      }),
    ]);
    if (listening?.msg !== "listening" || !listening.smtp || !listening.http) {
      throw new Error(`smtpsink: unexpected first line ${JSON.stringify(listening)}`);
    }
  } catch (err) {
    await stop();
    throw err;
  }

  const [smtpHost, smtpPort] = [
    listening.smtp.slice(0, listening.smtp.lastIndexOf(":")),
    Number(listening.smtp.slice(listening.smtp.lastIndexOf(":") + 1)),
  ];
  const apiURL = `http://${listening.http}`;

  /** @returns {Promise<SinkMessage[]>} every message since the last clear() */
  const messages = async () => {
    const res = await fetch(`${apiURL}/messages`, { signal: AbortSignal.timeout(5000) });
    if (!res.ok) throw new Error(`smtpsink GET /messages: ${res.status}`);
    return res.json();
  };

  return {
    pid: child.pid,
    smtpHost,
    smtpPort,
    apiURL,
    logs: () => lines.join("\n"),
    messages,
    /** Forgets the messages received so far. */
    async clear() {
      const res = await fetch(`${apiURL}/messages`, {
        method: "DELETE",
        signal: AbortSignal.timeout(5000),
      });
      if (!res.ok) throw new Error(`smtpsink DELETE /messages: ${res.status}`);
    },
    /**
     * Polls until at least `count` messages arrived (bounded by `timeout`), then until
     * `from`, the gateway sending here, has nothing left in its outbox (so that a surplus
     * would show), and returns them all.
     * @param {{ outboxIdle: (opts?: { timeout?: number }) => Promise<void> }} opts.from
     * @returns {Promise<SinkMessage[]>}
     */
    async waitForMessages(count, { from, timeout = 15_000, interval = 100 } = {}) {
      if (!from?.outboxIdle) throw new Error("waitForMessages: name the gateway that sends (from)");
      const deadline = Date.now() + timeout;
      let got = [];
      while (Date.now() < deadline) {
        got = await messages();
        if (got.length >= count) {
          await from.outboxIdle({ timeout: Math.max(deadline - Date.now(), 1000) });
          return messages();
        }
        await sleep(interval);
      }
      throw new Error(
        `smtpsink: expected ${count} message(s) within ${timeout} ms, got ${got.length}`,
      );
    },
    /**
     * Polls (bounded by `timeout`) until a message to `address` whose subject matches
     * `subject` arrived, and returns it.
     * @returns {Promise<SinkMessage>}
     */
    async waitForMail(address, subject, { timeout = 15_000, interval = 100 } = {}) {
      const deadline = Date.now() + timeout;
      while (Date.now() < deadline) {
        const m = (await messages()).find((x) => x.to.includes(address) && subject.test(x.subject));
        if (m) return m;
        await sleep(interval);
      }
      throw new Error(
        `smtpsink: no email to ${address} with a subject like ${subject} within ${timeout} ms`,
      );
    },
    /** The gateway's environment for sending through this sink. */
    gatewayEnv() {
      return {
        PORTFOLIO_SMTP_HOST: smtpHost,
        PORTFOLIO_SMTP_PORT: String(smtpPort),
        PORTFOLIO_SMTP_TLS: "none",
      };
    },
    stop,
  };
}

/**
 * A sink and a gateway of its own that sends through it, for a test file that reads
 * the mail its pages send: the outbox polled every 200 ms, a rate limit that never
 * bites. `env` adds to (or overrides) the gateway's environment. Stop both when done.
 */
export async function startMailingGateway(env = {}) {
  const sink = await startSmtpSink();
  try {
    const gateway = await startGateway({
      env: {
        ...sink.gatewayEnv(),
        PORTFOLIO_OUTBOX_POLL_INTERVAL: "200ms",
        PORTFOLIO_RATE_LIMIT_PER_MINUTE: "1000",
        ...env,
      },
    });
    return { sink, gateway };
  } catch (err) {
    await sink.stop();
    throw err;
  }
}
