import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import * as ours from "../src/index";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const packages = ["apps/shell", "apps/blog", "apps/newsletter", "apps/admin", "packages/ui"];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

const allSources = () =>
  [...packages, "packages/router"].flatMap((dir) =>
    sources(join(root, dir, "src")).concat(sources(join(root, dir, "tests"))),
  );

// The design card's router routes every app (docs/decisions/0061-react-router.md, which
// supersedes 0020's own copy): react-router by its own name, one singleton in the page.
describe("the router", () => {
  it("is react-router, at the catalog's version, in every app", () => {
    const catalog = readFileSync(join(root, "pnpm-workspace.yaml"), "utf8");
    expect(catalog).toMatch(/^ {2}react-router: \d+\.\d+\.\d+$/m);
    for (const app of ["apps/shell", "apps/blog", "apps/newsletter", "apps/admin"]) {
      const manifest = JSON.parse(readFileSync(join(root, app, "package.json"), "utf8")) as {
        dependencies?: Record<string, string>;
      };
      expect(manifest.dependencies?.["react-router"], app).toBe("catalog:");
    }
  });

  it("is imported as react-router everywhere: no copy of its API, no second name for it", () => {
    const offenders = allSources()
      .filter((file) => {
        const text = readFileSync(file, "utf8");
        // react-router-dom is react-router's v7 name; two names would be two singletons.
        return (
          /from\s+["']react-router-dom["']/.test(text) ||
          // Our own router's names, from the package that no longer has them.
          /import\s*{[^}]*\b(BrowserRouter|Routes|Route|Link|NavLink|Navigate|Outlet|useLocation|useNavigate|useParams|useSearchParams|MemoryRouter)\b[^}]*}\s*from\s+["']@portfolio\/router/.test(
            text,
          )
        );
      })
      .map((file) => relative(root, file));
    expect(offenders).toEqual([]);
  });

  it("keeps only what is ours: islands and the prerender's helpers", () => {
    expect(Object.keys(ours).sort()).toEqual(["Island", "IslandSlots", "useStaticRender"]);
  });

  it("is used: every app routes with it", () => {
    const routing = allSources().filter((file) =>
      /from\s+["']react-router["']/.test(readFileSync(file, "utf8")),
    );
    for (const app of ["apps/shell", "apps/blog", "apps/newsletter", "apps/admin"])
      expect(
        routing.some((file) => relative(root, file).startsWith(`${app}/src/`)),
        app,
      ).toBe(true);
  });
});
