import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { sharedModules } from "@portfolio/build-config";
import * as reactRouter from "react-router";
import { describe, expect, it } from "vitest";
import * as sharedRouter from "../src/federation/react-router";
import { sharedOptions, sharedProviders } from "../src/federation/shared";

// Vitest runs in the package (import.meta.url is not a file: URL under jsdom).
const root = resolve(process.cwd(), "../..");
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

describe("the shell's shared modules", () => {
  const shared = sharedModules();

  it("provides exactly the modules the remotes are built to share", () => {
    expect(Object.keys(sharedProviders).sort()).toEqual(Object.keys(shared).sort());
  });

  it("offers each at the version built, as a singleton within the remotes' range", () => {
    const options = sharedOptions(shared);
    expect(options.react).toMatchObject({
      version: shared.react?.version,
      shareConfig: { singleton: true, requiredVersion: `^${shared.react?.version}` },
    });
    expect(options["@portfolio/ui/use-toast"]).toMatchObject({
      version: "0.0.0",
      shareConfig: { singleton: true, requiredVersion: "^0.0.0" },
    });
  });

  it("hands the remotes the shell's own module instances", async () => {
    const options = sharedOptions(shared);
    const getToast = options["@portfolio/ui/use-toast"];
    if (!getToast || Array.isArray(getToast) || !("get" in getToast) || !getToast.get)
      throw new Error("no get for @portfolio/ui/use-toast");
    const factory = (await getToast.get()) as () => unknown;
    expect(factory()).toBe(await import("@portfolio/ui/use-toast"));
  });

  it("refuses a shared module it has no copy of, instead of failing in a remote later", () => {
    expect(() =>
      sharedOptions({ "left-pad": { version: "1.0.0", requiredVersion: "^1.0.0" } }),
    ).toThrow('the shell provides no module for the shared "left-pad"');
  });

  // The share scope's react-router is the shell's selection of it (src/federation/react-router.ts).
  it("offers the remotes every react-router name they import, as the shell's own instance", () => {
    const imported = new Set<string>();
    for (const dir of [
      "apps/blog/src",
      "apps/newsletter/src",
      "apps/admin/src",
      "packages/router/src",
    ])
      for (const file of sources(join(root, dir)).filter(
        (f) => !/(server|standalone)\.tsx$/.test(f),
      ))
        for (const [, names] of readFileSync(file, "utf8").matchAll(
          /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*["']react-router["']/g,
        ))
          for (const name of (names ?? "").split(","))
            if (name.trim() && !name.trim().startsWith("type "))
              imported.add(name.trim().split(/\s+as\s+/)[0] ?? "");
    expect(imported.size).toBeGreaterThan(3);
    const offered = sharedRouter as Record<string, unknown>;
    const library = reactRouter as Record<string, unknown>;
    for (const name of imported) {
      expect(offered[name], `react-router's ${name}`).toBeDefined();
      expect(offered[name], `react-router's ${name}`).toBe(library[name]);
    }
  });
});
