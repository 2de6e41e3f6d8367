import type { ComponentType } from "react";

/** An island's component as the browser finds it by name: it takes the page's JSON props. */
export type IslandComponent = ComponentType<Record<string, unknown>>;

/** An app's islands by name (its `islands` export, docs/decisions/0040-islands.md). */
export type IslandLoaders = Record<string, () => Promise<IslandComponent>>;

/** The loader of an island's component, typed as the hydration calls it. */
export const island = <P>(load: () => Promise<ComponentType<P>>) =>
  load as () => Promise<IslandComponent>;
