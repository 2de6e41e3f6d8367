/**
 * Hydrating one island (src/island.tsx) after a document load: `element` (its component,
 * in whatever the shell wraps it in) as a root of its own over the HTML the prerender
 * wrote, with the island's id prefix. Without react-router: an island that takes no
 * router (<Island router={false}>) hydrates without its code; ./islands.tsx puts one
 * around the others. Only the shell imports this; a section's islands reach it as
 * components.
 */
import { type ReactElement, type ReactNode, StrictMode, useEffect } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { islandIdPrefix } from "./island";

// One child all the way down, as in the prerender: a sibling would fork React's tree ids
// and no useId inside would match the HTML.
function Hydrated({ onHydrated, children }: { onHydrated: () => void; children: ReactNode }) {
  useEffect(onHydrated, []); // after the commit that hydrated the island
  return children;
}

export function hydrateIslandRoot(
  container: HTMLElement,
  name: string,
  element: ReactElement,
  onHydrated: () => void,
): Root {
  return hydrateRoot(
    container,
    <StrictMode>
      <Hydrated onHydrated={onHydrated}>{element}</Hydrated>
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
