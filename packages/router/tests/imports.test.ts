import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import * as router from "../src/index";

const root = fileURLToPath(new URL("../../..", import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

describe("@portfolio/router", () => {
  it("re-exports the router components the apps render", () => {
    for (const name of [
      "BrowserRouter",
      "Routes",
      "Route",
      "Link",
      "NavLink",
      "Navigate",
      "Outlet",
    ]) {
      expect(router, name).toHaveProperty(name);
    }
  });

  // A second copy of react-router in a bundle means a second router context: a remote's
  // <Routes> would not see the shell's <BrowserRouter>. Only this package imports it.
  it("is the only way app and ui sources import react-router", () => {
    const offenders = [
      "apps/shell/src",
      "apps/blog/src",
      "apps/newsletter/src",
      "apps/admin/src",
      "packages/ui/src",
    ]
      .flatMap((dir) => sources(join(root, dir)))
      .filter((file) =>
        /from\s+["']react-router(?:-dom)?(?:\/[^"']*)?["']/.test(readFileSync(file, "utf8")),
      )
      .map((file) => relative(root, file));
    expect(offenders).toEqual([]);
  });
});
