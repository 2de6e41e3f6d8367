import type { ComponentType } from "react";

type IslandComponent = ComponentType<Record<string, unknown>>;
const island = <P>(load: () => Promise<ComponentType<P>>) => load as () => Promise<IslandComponent>;

/**
 * The newsletter's islands by name (`newsletter:<name>` in the page): what a page that
 * arrived prerendered hydrates, each when it is needed (docs/decisions/0040-islands.md).
 * tests/islands.test.tsx checks that every island a page renders is here.
 */
export const islands: Record<string, () => Promise<IslandComponent>> = {
  subscribe: island(() => import("./routes/subscribe-form").then((m) => m.SubscribeFormIsland)),
  "dont-miss-out": island(() => import("./routes/dont-miss-out").then((m) => m.DontMissOut)),
};
