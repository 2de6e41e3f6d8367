// What the files that release sections in their tests share: bin/gateway's CLI with a
// site's settings, and a section's release packed from a changed copy of its build.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { hermeticEnv } from "./gateway.mjs";
import { GATEWAY_BIN, REPO_ROOT } from "./paths.mjs";

/** bin/gateway with a site's PORTFOLIO_* settings; its stdout's last line. */
export function cli(args, env = {}) {
  const out = execFileSync(GATEWAY_BIN, args, {
    cwd: REPO_ROOT,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...hermeticEnv(), ...env },
  });
  return out.trim().split("\n").at(-1);
}

/** cli's failure: what it printed on stderr. */
export function refusal(args, env) {
  try {
    cli(args, env);
  } catch (err) {
    return String(err.stderr);
  }
  assert.fail(`${args.join(" ")} was not refused`);
}

/** Writes `body` over a built file, dropping its precompressed siblings. */
export function rewrite(file, body) {
  writeFileSync(file, body);
  for (const z of [".br", ".gz"]) rmSync(file + z, { force: true });
}

/** Replaces `from` by `to` in a built file, which must hold it. */
export function replaceIn(file, from, to) {
  const html = readFileSync(file, "utf8");
  const changed = html.replace(from, to);
  assert.notEqual(changed, html, `${from} was not found in ${file}`);
  rewrite(file, changed);
}

/**
 * A release of `section` packed into `work` from a copy of its build, changed by
 * `edit(dist, version)` (nothing without); its version is the app's package version and
 * a random commit.
 */
export function pack(work, section, edit = () => {}) {
  const commit = randomBytes(20).toString("hex");
  const pkgPath = join(REPO_ROOT, `apps/${section}/package.json`);
  const version = `${JSON.parse(readFileSync(pkgPath, "utf8")).version}-${commit.slice(0, 12)}`;
  const dist = join(work, `${section}-${commit}`);
  cpSync(join(REPO_ROOT, `apps/${section}/dist`), dist, { recursive: true });
  edit(dist, version);
  const artifact = cli([
    "sections",
    "pack",
    section,
    "--dist",
    dist,
    "--content",
    join(REPO_ROOT, "content"),
    "--commit",
    commit,
    "--package-json",
    pkgPath,
    "--out",
    work,
  ]);
  return { artifact, version };
}
