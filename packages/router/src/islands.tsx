/**
 * Hydrating one island (src/island.tsx) after a document load: its component as a root
 * of its own over the HTML the prerender wrote, inside a router that knows where the
 * page is and hands any navigation to `onNavigate` (the shell starts the app for it):
 * react-router's <Router> with a navigator of our own, which moves nothing itself.
 * Only the shell imports this; a section's islands reach it as components.
 */
import { type ComponentType, type ReactNode, StrictMode, useEffect, useState } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { createPath, type Navigator, Router } from "react-router";
import { islandIdPrefix } from "./island";

// One child all the way down, as in the prerender's <StaticRouter>: a sibling would
// fork React's tree ids and no useId inside would match the HTML.
function DocumentRouter({
  onNavigate,
  onHydrated,
  children,
}: HydrateIslandOptions & { children: ReactNode }) {
  useEffect(onHydrated, []); // after the commit that hydrated the island
  const [location] = useState(() => {
    const { pathname, search, hash } = window.location;
    return { pathname, search, hash, state: null, key: "default" };
  });
  const [navigator] = useState<Navigator>(() => ({
    createHref: (to) => (typeof to === "string" ? to : createPath(to)),
    push: (to) => onNavigate(typeof to === "string" ? to : createPath(to), false),
    replace: (to) => onNavigate(typeof to === "string" ? to : createPath(to), true),
    go: (delta) => window.history.go(delta),
  }));
  return (
    <Router location={location} navigator={navigator}>
      {children}
    </Router>
  );
}

export interface HydrateIslandOptions {
  /** A navigation from inside the island (a <Link>, useNavigate). */
  onNavigate: (url: string, replace: boolean) => void;
  /** The island is hydrated: its handlers are attached. */
  onHydrated: () => void;
}

export function hydrateIsland(
  container: HTMLElement,
  name: string,
  Component: ComponentType<Record<string, unknown>>,
  props: Record<string, unknown>,
  { onNavigate, onHydrated }: HydrateIslandOptions,
): Root {
  return hydrateRoot(
    container,
    <StrictMode>
      <DocumentRouter onNavigate={onNavigate} onHydrated={onHydrated}>
        <Component {...props} />
      </DocumentRouter>
    </StrictMode>,
    {
      identifierPrefix: islandIdPrefix(name),
      // Logged, so the end-to-end suite sees any hydration mismatch React recovered from.
      onRecoverableError(error, info) {
        console.error(
          `[hydration] island ${name}: recoverable error:`,
          error,
          info.componentStack ?? "",
        );
      },
    },
  );
}
