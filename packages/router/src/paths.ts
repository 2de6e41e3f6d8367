// Paths and locations: parsing and writing a URL's path, and resolving a link's `to`
// against the routes it sits in (react-router's rules, docs/decisions/0020-own-router.md).
import { createKey } from "./history";

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

export const joinPaths = (paths: string[]) => paths.join("/").replace(/[\\/]{2,}/g, "/");
export const trimSlash = (path: string) => path.replace(/\/+$/, "");
/** Trailing slashes off, but "/" stays "/". */
export const trimSlashKeepRoot = (path: string) => path.replace(/(.)\/+$/, "$1");
/** A pathname as the URL parser writes it (react-router's encodeLocation): what links show. */
export const encode = (pathname: string) =>
  new URL(pathname.replace(/ $/, "%20"), "http://x").pathname;
/** A matched pathname (decoded for matching) back in URL form; `%`, `?`, `#` stay literal. */
export const reencode = (pathname: string) =>
  encode(pathname.replace(/%/g, "%25").replace(/\?/g, "%3F").replace(/#/g, "%23"));
const prefixed = (value: string | undefined, mark: string) =>
  !value || value === mark ? "" : value[0] === mark ? value : mark + value;

/** react-router's resolveTo: `..` steps up a route, not a URL segment. */
export function resolveTo(to: To, routes: string[], locationPathname: string): Path {
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
