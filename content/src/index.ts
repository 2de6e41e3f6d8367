import siteJson from "../site.json";
import routesJson from "../routes.json";
import type { Route, Site } from "./types";

export type * from "./types";

export const site: Site = siteJson as Site;
export const routes: readonly Route[] = routesJson.routes as Route[];
