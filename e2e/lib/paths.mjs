// Where things live, and the "is it built?" check every entry point runs first.
import { accessSync, constants, existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const E2E_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "..");
// E2E_REPO_ROOT points the suite at another checkout (its bin/gateway, build and content).
export const REPO_ROOT = process.env.E2E_REPO_ROOT
  ? resolve(process.env.E2E_REPO_ROOT)
  : resolve(E2E_DIR, "..");
export const GATEWAY_BIN = join(REPO_ROOT, "bin", "gateway");
export const SHELL_INDEX = join(REPO_ROOT, "apps", "shell", "dist", "index.html");
export const CHROMIUM_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";

/** Throws one clear error naming everything that is missing. */
export function assertBuilt() {
  const problems = [];
  try {
    accessSync(GATEWAY_BIN, constants.X_OK);
  } catch {
    problems.push(`${GATEWAY_BIN} is missing or not executable`);
  }
  if (!existsSync(SHELL_INDEX)) problems.push(`${SHELL_INDEX} is missing`);
  if (problems.length) {
    throw new Error(`${problems.join("; ")}. Run \`make build\` in ${REPO_ROOT} first.`);
  }
  try {
    accessSync(CHROMIUM_PATH, constants.X_OK);
  } catch {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}. Install it with ` +
        "`apt-get update && apt-get install -y chromium` (make test-e2e does this), " +
        "or point CHROME_PATH at a Chromium binary.",
    );
  }
}
