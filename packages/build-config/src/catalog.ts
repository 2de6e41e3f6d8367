import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The workspace root: this file lives in packages/build-config/src. */
export const workspaceRoot = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");

/**
 * Reads the `catalog:` section of pnpm-workspace.yaml (flat `name: version` lines).
 *
 * package.json files say `"react": "catalog:"`, which Module Federation cannot read as a
 * semver range, so shared-module versions come from the catalog itself.
 */
export function parseCatalog(yaml: string): Record<string, string> {
  const catalog: Record<string, string> = {};
  let inCatalog = false;
  for (const line of yaml.split(/\r?\n/)) {
    if (/^catalog:\s*$/.test(line)) {
      inCatalog = true;
      continue;
    }
    if (!inCatalog) continue;
    if (/^\S/.test(line)) break; // next top-level key
    const entry = /^\s+["']?([^"':#\s]+)["']?:\s*["']?([^"'#\s]+)["']?/.exec(line);
    if (entry?.[1] && entry[2]) catalog[entry[1]] = entry[2];
  }
  return catalog;
}

let cached: Record<string, string> | undefined;

export function readCatalog(): Record<string, string> {
  cached ??= parseCatalog(readFileSync(join(workspaceRoot, "pnpm-workspace.yaml"), "utf8"));
  return cached;
}

export function catalogVersion(name: string): string {
  const version = readCatalog()[name];
  if (!version) throw new Error(`${name} is not in the pnpm catalog (pnpm-workspace.yaml)`);
  return version;
}
