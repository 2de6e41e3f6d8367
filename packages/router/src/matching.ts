/**
 * Route matching: react-router's rules (flattenRoutes, rankRouteBranches,
 * matchRouteBranch), so every URL picks the route it picked before, but one: paths match
 * case-sensitively by default (react-router's default is insensitive), as the gateway
 * serves them, so /BLOG renders the 404 page the server sends for it instead of the blog
 * under a 404 status (docs/decisions/0020-own-router.md). No optional segments (`:id?`).
 */
import { Children, Fragment, isValidElement, type ReactNode } from "react";
import { joinPaths, type Params, trimSlash, trimSlashKeepRoot } from "./paths";

export interface RouteProps {
  path?: string;
  index?: boolean;
  /** True unless set false: the gateway's paths are case-sensitive (see the top). */
  caseSensitive?: boolean;
  element?: ReactNode;
  children?: ReactNode;
}
export interface RouteObject extends Omit<RouteProps, "children"> {
  children: RouteObject[];
}
export interface RouteMatch {
  params: Params;
  pathname: string;
  /** The part of the URL this route and its parents matched, without a splat. */
  pathnameBase: string;
  route: RouteObject;
}

/** Declares a route inside <Routes>; never rendered itself. */
export function Route(_props: RouteProps): ReactNode {
  throw new Error("<Route> is only used inside <Routes>");
}

/** The route pathnames relative links resolve against, one per route that adds a path. */
export function routePathnames(matches: RouteMatch[]): string[] {
  const contributing = matches.filter((m, i) => i === 0 || m.route.path);
  return contributing.map((m, i) => (i === contributing.length - 1 ? m.pathname : m.pathnameBase));
}

interface Branch {
  score: number;
  meta: { relativePath: string; childIndex: number; route: RouteObject }[];
}

function createRoutes(children: ReactNode): RouteObject[] {
  const routes: RouteObject[] = [];
  Children.forEach(children, (element) => {
    if (!isValidElement<RouteProps>(element)) return;
    if (element.type === Fragment) {
      routes.push(...createRoutes(element.props.children));
      return;
    }
    if (element.type !== Route) throw new Error("Not a <Route>");
    routes.push({ ...element.props, children: createRoutes(element.props.children) });
  });
  return routes;
}

function flattenRoutes(
  routes: RouteObject[],
  branches: Branch[],
  parents: Branch["meta"],
  parentPath: string,
): Branch[] {
  routes.forEach((route, childIndex) => {
    let relativePath = route.path || "";
    if (relativePath.startsWith("/")) {
      if (!relativePath.startsWith(parentPath))
        throw new Error(`Route "${relativePath}" is not below "${parentPath}"`);
      relativePath = relativePath.slice(parentPath.length);
    }
    const path = joinPaths([parentPath, relativePath]);
    const meta = parents.concat({ relativePath, childIndex, route });
    if (route.children.length) flattenRoutes(route.children, branches, meta, path);
    if (route.path == null && !route.index) return;
    branches.push({ score: computeScore(path, route.index), meta });
  });
  return branches;
}

/** Static segment 10, `:param` 3, empty 1, index route +2, splat -2, plus one per segment. */
function computeScore(path: string, index?: boolean): number {
  const segments = path.split("/");
  let score = segments.length + (segments.includes("*") ? -2 : 0) + (index ? 2 : 0);
  for (const s of segments) if (s !== "*") score += /^:[\w-]+$/.test(s) ? 3 : s ? 10 : 1;
  return score;
}

/** Equal scores: an earlier sibling first; other routes keep their order. */
function compareBranches(a: Branch, b: Branch): number {
  if (a.score !== b.score) return b.score - a.score;
  const x = a.meta.map((m) => m.childIndex);
  const y = b.meta.map((m) => m.childIndex);
  const siblings = x.length === y.length && x.slice(0, -1).every((n, i) => n === y[i]);
  return siblings ? (x.at(-1) ?? 0) - (y.at(-1) ?? 0) : 0;
}

function matchPath(path: string, end: boolean, pathname: string, caseSensitive = true) {
  const names: string[] = [];
  let source = `^${path
    .replace(/\/*\*?$/, "")
    .replace(/^\/*/, "/")
    .replace(/[\\.*+?^${}|()[\]]/g, "\\$&")
    .replace(/\/:([\w-]+)/g, (_, name: string) => {
      names.push(name);
      return "/([^\\/]+)";
    })}`;
  if (path.endsWith("*")) {
    names.push("*");
    source += path === "*" || path === "/*" ? "(.*)$" : "(?:\\/(.+)|\\/*)$";
  } else if (end) source += "\\/*$";
  else if (path !== "" && path !== "/") source += "(?:(?=\\/|$))";
  const match = new RegExp(source, caseSensitive ? undefined : "i").exec(pathname);
  if (!match) return null;
  const matched = match[0];
  let pathnameBase = trimSlashKeepRoot(matched);
  const params: Record<string, string> = {};
  names.forEach((name, i) => {
    const value = match[i + 1] || "";
    if (name === "*")
      pathnameBase = trimSlashKeepRoot(matched.slice(0, matched.length - value.length));
    params[name] = value.replace(/%2F/g, "/");
  });
  return { params, pathname: matched, pathnameBase };
}

function matchBranch({ meta }: Branch, pathname: string): RouteMatch[] | null {
  const params: Record<string, string | undefined> = {};
  const matches: RouteMatch[] = [];
  let matchedPathname = "/";
  for (const [i, { relativePath, route }] of meta.entries()) {
    const remaining =
      matchedPathname === "/" ? pathname : pathname.slice(matchedPathname.length) || "/";
    const match = matchPath(relativePath, i === meta.length - 1, remaining, route.caseSensitive);
    if (!match) return null;
    Object.assign(params, match.params);
    matches.push({
      params,
      pathname: joinPaths([matchedPathname, match.pathname]),
      pathnameBase: trimSlash(joinPaths([matchedPathname, match.pathnameBase])).replace(
        /^\/*/,
        "/",
      ),
      route,
    });
    if (match.pathnameBase !== "/")
      matchedPathname = joinPaths([matchedPathname, match.pathnameBase]);
  }
  return matches;
}

/** Segments decoded for matching; an encoded "/" stays "%2F" until it is a param's value. */
function decodePath(pathname: string): string {
  try {
    return pathname
      .split("/")
      .map((s) => decodeURIComponent(s).replace(/\//g, "%2F"))
      .join("/");
  } catch {
    return pathname;
  }
}

/** The matches for `pathname`, outermost route first, or null: what <Routes> renders. */
export function matchRoutes(children: ReactNode, pathname: string): RouteMatch[] | null {
  const branches = flattenRoutes(createRoutes(children), [], [], "").sort(compareBranches);
  const decoded = decodePath(pathname);
  for (const branch of branches) {
    const matches = matchBranch(branch, decoded);
    if (matches) return matches;
  }
  return null;
}
