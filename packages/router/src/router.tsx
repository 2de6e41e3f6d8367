/**
 * The router the apps use: the part of react-router's declarative API they render
 * (docs/decisions/0020-own-router.md), with react-router's matching rules, so every URL
 * picks the route it picked before, but one: paths match case-sensitively by default
 * (react-router's default is insensitive), as the gateway serves them, so /BLOG renders
 * the 404 page the server sends for it instead of the blog under a 404 status (issue 20).
 * What it leaves out: data routers (loaders, actions), optional segments (`:id?`),
 * basename, <Routes location>, blockers, scroll restoration and view transitions.
 *
 * One module, shared by host and remotes as one singleton (Module Federation): both
 * contexts below must exist once in the page.
 */
import {
  type AnchorHTMLAttributes,
  Children,
  type ComponentType,
  type CSSProperties,
  createContext,
  Fragment,
  isValidElement,
  type ReactNode,
  type Ref,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useTransition,
} from "react";
import { createKey, pushHistory } from "./history";

export interface Path {
  pathname: string;
  search: string;
  hash: string;
}
export interface Location<State = unknown> extends Path {
  state: State;
  /** "default" for the entry the page loaded with, a random key for each navigation. */
  key: string;
}
export type To = string | Partial<Path>;
export type Params<Key extends string = string> = { readonly [key in Key]: string | undefined };
export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}
export interface NavigateFunction {
  (to: To, options?: NavigateOptions): void;
  (delta: number): void;
}

/** How a router moves: the browser's history, entries in memory, or not at all (static). */
export interface Navigator {
  push(path: Path, state: unknown): void;
  replace(path: Path, state: unknown): void;
  go(delta: number): void;
}

interface RouterState {
  location: Location;
  navigator: Navigator;
  /** A navigation is rendering (its page's code still loading): the old page stays. */
  pending?: boolean;
}

/** A remote section as the shell mounts it: what its prerender and standalone page share. */
export interface SectionMount {
  /** The section's path segment, e.g. "blog": mounted at `<Route path="blog/*">`. */
  base: string;
  Section: ComponentType;
  /** The providers the shell renders the section inside (the theme). */
  Providers: ComponentType<{ children: ReactNode }>;
}

export interface RouteProps {
  path?: string;
  index?: boolean;
  /** True unless set false: the gateway's paths are case-sensitive (see the top). */
  caseSensitive?: boolean;
  element?: ReactNode;
  children?: ReactNode;
}
interface RouteObject extends Omit<RouteProps, "children"> {
  children: RouteObject[];
}
interface RouteMatch {
  params: Params;
  pathname: string;
  /** The part of the URL this route and its parents matched, without a splat. */
  pathnameBase: string;
  route: RouteObject;
}

const RouterContext = createContext<RouterState | null>(null);
const RouteContext = createContext<{ outlet: ReactNode; matches: RouteMatch[] }>({
  outlet: null,
  matches: [],
});

// ---- paths ----

export function parsePath(path: string): Partial<Path> {
  const parsed: Partial<Path> = {};
  const hash = path.indexOf("#");
  if (hash >= 0) {
    parsed.hash = path.slice(hash);
    path = path.slice(0, hash);
  }
  const search = path.indexOf("?");
  if (search >= 0) {
    parsed.search = path.slice(search);
    path = path.slice(0, search);
  }
  if (path) parsed.pathname = path;
  return parsed;
}

export function createPath({ pathname = "/", search = "", hash = "" }: Partial<Path>): string {
  if (search && search !== "?") pathname += search[0] === "?" ? search : `?${search}`;
  if (hash && hash !== "#") pathname += hash[0] === "#" ? hash : `#${hash}`;
  return pathname;
}

export function createLocation(to: To, state: unknown = null, key = createKey()): Location {
  return {
    pathname: "/",
    search: "",
    hash: "",
    ...(typeof to === "string" ? parsePath(to) : to),
    state,
    key,
  };
}

const joinPaths = (paths: string[]) => paths.join("/").replace(/[\\/]{2,}/g, "/");
const trimSlash = (path: string) => path.replace(/\/+$/, "");
/** Trailing slashes off, but "/" stays "/". */
const trimSlashKeepRoot = (path: string) => path.replace(/(.)\/+$/, "$1");
/** A pathname as the URL parser writes it (react-router's encodeLocation): what links show. */
const encode = (pathname: string) => new URL(pathname.replace(/ $/, "%20"), "http://x").pathname;
/** A matched pathname (decoded for matching) back in URL form; `%`, `?`, `#` stay literal. */
const reencode = (pathname: string) =>
  encode(pathname.replace(/%/g, "%25").replace(/\?/g, "%3F").replace(/#/g, "%23"));
const prefixed = (value: string | undefined, mark: string) =>
  !value || value === mark ? "" : value[0] === mark ? value : mark + value;

/** The route pathnames relative links resolve against, one per route that adds a path. */
function routePathnames(matches: RouteMatch[]): string[] {
  const contributing = matches.filter((m, i) => i === 0 || m.route.path);
  return contributing.map((m, i) => (i === contributing.length - 1 ? m.pathname : m.pathnameBase));
}

/** react-router's resolveTo: `..` steps up a route, not a URL segment. */
function resolveTo(to: To, routes: string[], locationPathname: string): Path {
  const path = typeof to === "string" ? parsePath(to) : { ...to };
  const empty = to === "" || path.pathname === "";
  const toPathname = empty ? "/" : path.pathname;
  let from = locationPathname;
  if (toPathname != null) {
    let index = routes.length - 1;
    if (toPathname.startsWith("..")) {
      const segments = toPathname.split("/");
      while (segments[0] === "..") {
        segments.shift();
        index--;
      }
      path.pathname = segments.join("/");
    }
    from = routes[index] ?? "/";
  }
  let pathname = from;
  const relative = path.pathname?.replace(/[\\/]{2,}/g, "/");
  if (relative) {
    const absolute = /^[\\/]/.test(relative);
    const segments = (absolute ? "" : trimSlash(from)).split("/");
    for (const segment of (absolute ? relative.slice(1) : relative).split("/")) {
      if (segment === "..") {
        if (segments.length > 1) segments.pop();
      } else if (segment !== ".") segments.push(segment);
    }
    pathname = segments.length > 1 ? segments.join("/") : "/";
  }
  const trailing =
    (toPathname && toPathname !== "/" && toPathname.endsWith("/")) ||
    ((empty || toPathname === ".") && locationPathname.endsWith("/"));
  if (trailing && !pathname.endsWith("/")) pathname += "/";
  return { pathname, search: prefixed(path.search, "?"), hash: prefixed(path.hash, "#") };
}

// ---- matching (react-router's flattenRoutes, rankRouteBranches, matchRouteBranch) ----

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

// ---- routers ----

function useRouter(): RouterState {
  const router = useContext(RouterContext);
  if (!router) throw new Error("Outside a <Router>");
  return router;
}

/** The context every router provides: where we are and how to move. */
export function Router({
  location,
  navigator,
  pending = false,
  children,
}: RouterState & { children?: ReactNode }) {
  const value = useMemo(() => ({ location, navigator, pending }), [location, navigator, pending]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

function browserLocation(): Location {
  const { pathname, search, hash } = window.location;
  const state = window.history.state as { usr?: unknown; key?: string } | null;
  return { pathname, search, hash, state: state?.usr ?? null, key: state?.key || "default" };
}

/**
 * The browser's history. The URL changes at once; the new location renders as a
 * transition (as react-router's BrowserRouter does), so a page whose chunk is still
 * loading keeps the old page on screen instead of a Suspense fallback.
 */
export function BrowserRouter({ children }: { children?: ReactNode }) {
  const [location, setLocation] = useState(browserLocation);
  const [pending, startTransition] = useTransition();
  const [navigator, show] = useMemo(() => {
    const show = () => startTransition(() => setLocation(browserLocation()));
    const change = (replace: boolean) => (path: Path, state: unknown) => {
      const url = createPath(path);
      if (pushHistory(url, replace, state)) show();
      else window.location.assign(url);
    };
    const navigator: Navigator = {
      push: change(false),
      replace: change(true),
      go: (delta) => window.history.go(delta),
    };
    return [navigator, show] as const;
  }, []); // startTransition from useTransition is stable
  // Back and forward (and the browser's own fragment navigation) arrive as popstate.
  useLayoutEffect(() => {
    window.addEventListener("popstate", show);
    return () => window.removeEventListener("popstate", show);
  }, [show]);
  return (
    <Router location={location} navigator={navigator} pending={pending}>
      {children}
    </Router>
  );
}

// ---- routes ----

/** Declares a route inside <Routes>; never rendered itself. */
export function Route(_props: RouteProps): ReactNode {
  throw new Error("<Route> is only used inside <Routes>");
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

// ---- hooks ----

export function useLocation(): Location {
  return useRouter().location;
}

/** Whether a navigation is still rendering: the page shown is the one being left. */
export function useNavigationPending(): boolean {
  return useRouter().pending ?? false;
}

/** The URL params of the route and its parents (`:id`, and `*` for a splat). */
export function useParams<Key extends string = string>(): Params<Key> {
  return (useContext(RouteContext).matches.at(-1)?.params ?? {}) as Params<Key>;
}

function useResolvedPath(to: To): Path {
  const { location } = useRouter();
  const { matches } = useContext(RouteContext);
  return resolveTo(to, routePathnames(matches), location.pathname);
}

export function useHref(to: To): string {
  return createPath(useResolvedPath(to));
}

export function useNavigate(): NavigateFunction {
  const { navigator, location } = useRouter();
  const { matches } = useContext(RouteContext);
  // By value, so the function stays the same while the routes above do.
  const routes = JSON.stringify(routePathnames(matches));
  return useCallback(
    (to: To | number, options?: NavigateOptions) => {
      if (typeof to === "number") return navigator.go(to);
      const path = resolveTo(to, JSON.parse(routes), location.pathname);
      (options?.replace ? navigator.replace : navigator.push)(path, options?.state ?? null);
    },
    [navigator, routes, location.pathname],
  ) as NavigateFunction;
}

export type URLSearchParamsInit = ConstructorParameters<typeof URLSearchParams>[0];
export type SetURLSearchParams = (
  next: URLSearchParamsInit | ((prev: URLSearchParams) => URLSearchParamsInit),
  options?: NavigateOptions,
) => void;

/** The query string as URLSearchParams; setting it navigates (pushes) to `?<params>`. */
export function useSearchParams(
  defaultInit?: URLSearchParamsInit,
): [URLSearchParams, SetURLSearchParams] {
  const { search } = useLocation();
  const navigate = useNavigate();
  // Defaults fill keys the URL lacks, until the first set (which may remove them).
  const defaults = useRef<URLSearchParams | null>(new URLSearchParams(defaultInit));
  const params = useMemo(() => {
    const inUrl = new URLSearchParams(search);
    const params = new URLSearchParams(search);
    defaults.current?.forEach((value, key) => {
      if (!inUrl.has(key)) params.append(key, value);
    });
    return params;
  }, [search]);
  const set = useCallback<SetURLSearchParams>(
    (next, options) => {
      defaults.current = null;
      const init = typeof next === "function" ? next(new URLSearchParams(params)) : next;
      navigate(`?${new URLSearchParams(init)}`, options);
    },
    [navigate, params],
  );
  return [params, set];
}

// ---- components ----

/** Navigates when rendered (in an effect: a static render only renders nothing). */
export function Navigate({ to, replace, state }: { to: To } & NavigateOptions): null {
  const navigate = useNavigate();
  const href = useHref(to);
  useEffect(() => navigate(href, { replace, state }), [navigate, href, replace, state]);
  return null;
}

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  to: To;
  replace?: boolean;
  state?: unknown;
  /** A full page load instead of a client-side navigation. */
  reloadDocument?: boolean;
  ref?: Ref<HTMLAnchorElement>;
};

const ABSOLUTE_URL = /^(?:[a-z][a-z0-9+.-]*:|[\\/]{2})/i;

/**
 * An <a> that navigates inside the app on a plain left click. Modified clicks (ctrl,
 * meta, shift, alt, another button), other targets, downloads and absolute URLs
 * (`https:`, `mailto:`, `//host`) keep the browser's behaviour.
 */
export function Link({ to, replace, state, reloadDocument, onClick, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useNavigate();
  const { location } = useRouter();
  const external = typeof to === "string" && ABSOLUTE_URL.test(to);
  return (
    <a
      {...rest}
      href={external ? to : href}
      onClick={(event) => {
        onClick?.(event);
        if (
          external ||
          reloadDocument ||
          event.defaultPrevented ||
          event.button !== 0 ||
          (rest.target && rest.target !== "_self") ||
          rest.download != null ||
          event.metaKey ||
          event.altKey ||
          event.ctrlKey ||
          event.shiftKey
        )
          return;
        event.preventDefault();
        // A link to where we are replaces the entry instead of stacking a copy.
        navigate(href, { replace: replace ?? createPath(location) === href, state });
      }}
    />
  );
}

export interface NavLinkRenderProps {
  isActive: boolean;
  /** Always false here: there are no pending (data router) navigations. */
  isPending: boolean;
  isTransitioning: boolean;
}
export type NavLinkProps = Omit<LinkProps, "className" | "style" | "children"> & {
  children?: ReactNode | ((props: NavLinkRenderProps) => ReactNode);
  className?: string | ((props: NavLinkRenderProps) => string | undefined);
  style?: CSSProperties | ((props: NavLinkRenderProps) => CSSProperties | undefined);
  /** Active only on its own path, not below it. */
  end?: boolean;
  /** True unless set false, as routes: /BLOG is the 404 page, where no link is current. */
  caseSensitive?: boolean;
};

/**
 * A <Link> that knows whether it is current: aria-current="page" (or the given value)
 * and, for a string className, an "active" class, on its path and every path below it.
 */
export function NavLink({
  "aria-current": ariaCurrent = "page",
  caseSensitive = true,
  className = "",
  end,
  style,
  children,
  ...rest
}: NavLinkProps) {
  let to = encode(useResolvedPath(rest.to).pathname);
  let here = useLocation().pathname;
  if (!caseSensitive) {
    to = to.toLowerCase();
    here = here.toLowerCase();
  }
  const slash = to !== "/" && to.endsWith("/") ? to.length - 1 : to.length;
  const isActive = here === to || (!end && here.startsWith(to) && here.charAt(slash) === "/");
  const props = { isActive, isPending: false, isTransitioning: false };
  return (
    <Link
      {...rest}
      aria-current={isActive ? ariaCurrent : undefined}
      className={
        typeof className === "function"
          ? className(props)
          : [className, isActive && "active"].filter(Boolean).join(" ")
      }
      style={typeof style === "function" ? style(props) : style}
    >
      {typeof children === "function" ? children(props) : children}
    </Link>
  );
}
