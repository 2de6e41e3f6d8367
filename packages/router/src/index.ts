/**
 * What is ours beside the router: islands (docs/decisions/0040-islands.md) and the
 * prerender's helpers. The router itself is react-router, which every app imports by
 * its own name and Module Federation shares as one singleton
 * (docs/decisions/0061-react-router.md).
 *
 * src/island.tsx: <Island>; src/island-root.tsx and src/islands.tsx: hydrating one (the
 * shell's entry), the latter in a router;
 * src/server.tsx: renderStatic and sectionPrerender (the builds' prerender);
 * src/standalone.tsx: a remote's standalone dev page.
 */

export { type Hydrate, Island, IslandSlots, useStaticRender } from "./island";
export type { SectionMount } from "./section";
