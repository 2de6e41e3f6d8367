import { type IslandLoaders, island } from "@portfolio/router/loaders";

/**
 * The newsletter's islands by name (`newsletter:<name>` in the page): what a page that
 * arrived prerendered hydrates, each when it is needed (docs/decisions/0040-islands.md).
 * tests/islands.test.tsx checks that every island a page renders is here.
 */
export const islands: IslandLoaders = {
  subscribe: island(() => import("./routes/subscribe-form").then((m) => m.SubscribeFormIsland)),
  "dont-miss-out": island(() => import("./routes/dont-miss-out").then((m) => m.DontMissOut)),
};
