// The hooks: where we are, the route's params, links resolved, navigating, the query string.
import { useCallback, useContext, useMemo, useRef } from "react";
import { RouteContext, useRouter } from "./context";
import { routePathnames } from "./matching";
import {
  createPath,
  type Location,
  type NavigateFunction,
  type NavigateOptions,
  type Params,
  type Path,
  resolveTo,
  type To,
} from "./paths";

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

export function useResolvedPath(to: To): Path {
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
