/**
 * The app's router: react-router's <Router> over the browser's history
 * (docs/decisions/0061-react-router.md). react-router's BrowserRouter does the same
 * with two differences the site needs: a navigation to the admin's origin is a document
 * load, never a history entry (./history.ts, docs/decisions/0047), and the layout knows
 * when a navigation is still rendering (its page's code loading: the old page stays,
 * with the progress cue). Each navigation renders in a transition, as BrowserRouter's
 * does, so a <ViewTransition> around the page animates it (the layout's).
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
import { createPath, type Location, NavigationType, type Navigator, Router } from "react-router";
import { pushHistory } from "./history";

function browserLocation(): Location {
  const { pathname, search, hash } = window.location;
  const state = window.history.state as { usr?: unknown; key?: string } | null;
  return { pathname, search, hash, state: state?.usr ?? null, key: state?.key || "default" };
}

const Pending = createContext(false);

/** Whether a navigation is still rendering: the page shown is the one being left. */
export function useNavigationPending(): boolean {
  return useContext(Pending);
}

export function SiteRouter({ children }: { children?: ReactNode }) {
  const [current, setCurrent] = useState(() => ({
    location: browserLocation(),
    action: NavigationType.Pop,
  }));
  const [pending, startTransition] = useTransition();
  const [navigator, show] = useMemo(() => {
    const show = (action: NavigationType) =>
      startTransition(() => setCurrent({ location: browserLocation(), action }));
    const href = (to: Parameters<Navigator["createHref"]>[0]) =>
      typeof to === "string" ? to : createPath(to);
    const move = (replace: boolean) => (to: Parameters<Navigator["push"]>[0], state?: unknown) => {
      const url = href(to);
      if (pushHistory(url, replace, state ?? null))
        show(replace ? NavigationType.Replace : NavigationType.Push);
      else window.location.assign(url);
    };
    const navigator: Navigator = {
      createHref: href,
      push: move(false),
      replace: move(true),
      go: (delta) => window.history.go(delta),
    };
    return [navigator, show] as const;
  }, []); // startTransition from useTransition is stable
  // Back and forward (and the browser's own fragment navigation) arrive as popstate.
  useLayoutEffect(() => {
    const onPop = () => show(NavigationType.Pop);
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, [show]);
  return (
    <Pending.Provider value={pending}>
      <Router location={current.location} navigationType={current.action} navigator={navigator}>
        {children}
      </Router>
    </Pending.Provider>
  );
}
