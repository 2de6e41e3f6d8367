// <Routes> and <Outlet>: what renders the matched routes.
import { type ComponentType, type ReactNode, useContext } from "react";
import { RouteContext, useRouter } from "./context";
import { matchRoutes } from "./matching";
import { joinPaths, reencode } from "./paths";

/** A remote section as the shell mounts it: what its prerender and standalone page share. */
export interface SectionMount {
  /** The section's path segment, e.g. "blog": mounted at `<Route path="blog/*">`. */
  base: string;
  Section: ComponentType;
  /** The providers the shell renders the section inside (the theme). */
  Providers: ComponentType<{ children: ReactNode }>;
}

/**
 * Renders the best-ranked route for the location. Inside a route (a section mounted at
 * `blog/*`), it matches the rest of the URL below what the parent routes matched.
 */
export function Routes({ children }: { children?: ReactNode }) {
  const { pathname } = useRouter().location;
  const parents = useContext(RouteContext).matches;
  const parent = parents.at(-1);
  const base = parent?.pathnameBase ?? "/";
  const below =
    base === "/"
      ? pathname
      : `/${pathname.replace(/^\//, "").split("/").slice(base.slice(1).split("/").length).join("/")}`;
  const found = matchRoutes(children, below);
  if (!found) return null;
  const matches = found.map((m) => ({
    ...m,
    params: { ...parent?.params, ...m.params },
    pathname: joinPaths([base, reencode(m.pathname)]),
    pathnameBase: m.pathnameBase === "/" ? base : joinPaths([base, reencode(m.pathnameBase)]),
  }));
  return matches.reduceRight<ReactNode>(
    (outlet, match, i) => (
      <RouteContext.Provider value={{ outlet, matches: parents.concat(matches.slice(0, i + 1)) }}>
        {match.route.element || outlet}
      </RouteContext.Provider>
    ),
    null,
  );
}

/** Where a layout route renders its matched child route. */
export function Outlet(): ReactNode {
  return useContext(RouteContext).outlet;
}
