import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { catalogVersion, workspaceRoot } from "./catalog";

export interface SharedSingleton {
  singleton: true;
  requiredVersion: string;
  /** The version this build provides: the catalog's, or the workspace package's. */
  version: string;
}
export type SharedObject = Record<string, SharedSingleton>;

/** Libraries whose module state (contexts, stores) must be one copy in the page. */
const catalogSingletons: Record<string, string[]> = {
  react: ["react", "react/jsx-runtime", "react/jsx-dev-runtime"],
  "react-dom": ["react-dom", "react-dom/client"],
  // One router for host and remotes: one location context, one history listener
  // (docs/decisions/0061-react-router.md).
  "react-router": ["react-router"],
};

/**
 * Workspace packages with context or module state shared by host and remotes.
 * (@portfolio/router is not one: its islands and prerender helpers keep no state the
 * page shares; the router is react-router, shared above.)
 * Only the root of @portfolio/content is shared (site, routes: what the chrome reads);
 * its page subpaths (@portfolio/content/home, /skills, /resume, /projects, /talks,
 * /legal, /contact, /blog, /newsletter) are frozen data without state, so each page's
 * chunk bundles just what it uses instead of every visitor loading all.
 * Likewise only the root of @portfolio/api-client is shared (request, ApiError); its
 * /contact, /newsletter, /email-address and /admin subpaths (stateless calls) go into the
 * chunks of the pages that use them. Its /query subpath and @tanstack/react-query are not
 * shared either: only the admin dashboard uses them (its own QueryClient, made in its
 * React tree), so TanStack Query (~11 kB gzip) loads only once someone has signed in.
 */
const workspaceSingletons = {
  "@portfolio/ui": "packages/ui",
  "@portfolio/content": "content",
  "@portfolio/api-client": "packages/api-client",
} as const;

function workspaceVersion(dir: string): string {
  const pkg = JSON.parse(readFileSync(join(workspaceRoot, dir, "package.json"), "utf8")) as {
    version: string;
  };
  return pkg.version;
}

/**
 * Every subpath of @portfolio/ui (`@portfolio/ui/button`, `@portfolio/ui/use-toast`, …),
 * one entry each: a subpath that is not shared would give a remote its own copy of, say,
 * the toast store, and its toasts would never reach the host's <Toaster>.
 */
export function uiSubpaths(): string[] {
  return readdirSync(join(workspaceRoot, "packages/ui/src"))
    .filter(
      (file) => /\.tsx?$/.test(file) && !/\.(test|spec)\./.test(file) && !file.endsWith(".d.ts"),
    )
    .map((file) => `@portfolio/ui/${file.replace(/\.tsx?$/, "")}`)
    .sort();
}

/** The Module Federation `shared` map used by the shell and every remote. */
export function sharedModules(): SharedObject {
  const shared: SharedObject = {};
  for (const [pkg, requests] of Object.entries(catalogSingletons)) {
    const version = catalogVersion(pkg);
    for (const request of requests) {
      shared[request] = { singleton: true, version, requiredVersion: `^${version}` };
    }
  }
  for (const [pkg, dir] of Object.entries(workspaceSingletons)) {
    const version = workspaceVersion(dir);
    const requests = pkg === "@portfolio/ui" ? uiSubpaths() : [pkg];
    for (const request of requests) {
      shared[request] = { singleton: true, version, requiredVersion: `^${version}` };
    }
  }
  return shared;
}
