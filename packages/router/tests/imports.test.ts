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
  it("exports the router components and hooks the apps use", () => {
    for (const name of [
      "BrowserRouter",
      "Routes",
      "Route",
      "Link",
      "NavLink",
      "Navigate",
      "Outlet",
      "useHref",
      "useLocation",
      "useNavigate",
      "useParams",
      "useSearchParams",
    ]) {
      expect(router, name).toHaveProperty(name);
    }
  });

  // One router in the page: a second one (react-router beside this package) would be a
  // second context, and its links would not move the shell's routes. And its bytes are
  // what this package replaced (docs/decisions/0020-own-router.md).
  it("no app or package depends on or imports react-router", () => {
    const packages = ["apps/shell", "apps/blog", "apps/newsletter", "apps/admin", "packages/ui"];
    const manifests = [...packages, "packages/router"]
      .map((dir) => join(dir, "package.json"))
      .filter((file) => /"react-router(?:-dom)?"/.test(readFileSync(join(root, file), "utf8")));
    expect(manifests).toEqual([]);
    const offenders = [...packages, "packages/router"]
      .flatMap((dir) => sources(join(root, dir, "src")).concat(sources(join(root, dir, "tests"))))
      .filter((file) =>
        /from\s+["']react-router(?:-dom)?(?:\/[^"']*)?["']/.test(readFileSync(file, "utf8")),
      )
      .map((file) => relative(root, file));
    expect(offenders).toEqual([]);
  });
});
