import { type IslandLoaders, island } from "@portfolio/router/loaders";

/**
 * The admin's islands by name (`admin:<name>` in the page): its page is one, hydrated as
 * soon as the page is painted, without the router (docs/decisions/0061-react-router.md).
 * tests/prerender.test.tsx checks that every island the page renders is here.
 */
export const islands: IslandLoaders = {
  "site-admin": island(() => import("./routes/site-admin").then((m) => m.SiteAdmin)),
};
