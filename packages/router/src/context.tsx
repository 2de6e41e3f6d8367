/**
 * The routers: the context every router provides (where we are, how to move), and the
 * browser's. Shared by host and remotes as one singleton (Module Federation, through
 * the package's index): both contexts below must exist once in the page.
 */
import {
  createContext,
  type ReactNode,
  useContext,
  useLayoutEffect,
  useMemo,
  useState,
  useTransition,
} from "react";
import { pushHistory } from "./history";
import type { RouteMatch } from "./matching";
import { createPath, type Location, type Path } from "./paths";

/** How a router moves: the browser's history, entries in memory, or not at all (static). */
export interface Navigator {
  push(path: Path, state: unknown): void;
  replace(path: Path, state: unknown): void;
  go(delta: number): void;
}

export interface RouterState {
  location: Location;
  navigator: Navigator;
  /** A navigation is rendering (its page's code still loading): the old page stays. */
  pending?: boolean;
}

export const RouterContext = createContext<RouterState | null>(null);
export const RouteContext = createContext<{ outlet: ReactNode; matches: RouteMatch[] }>({
  outlet: null,
  matches: [],
});

export function useRouter(): RouterState {
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
