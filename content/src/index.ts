// @portfolio/content: what every page of every app needs — the site (owner, navigation,
// footer, social links) and the route table — plus every type. It is a shared singleton
// of Module Federation and part of the shell's first load, so it stays small: each page's
// own data comes from a subpath (@portfolio/content/home, /skills, /resume, /projects,
// /talks, /legal, /contact, /blog, /newsletter) that only that page's chunk imports.

import routesJson from "../routes.json";
import siteJson from "../site.json";
import type { Route, Site } from "./types";

export type * from "./types";

export const site: Site = siteJson as Site;
export const routes: readonly Route[] = routesJson.routes as Route[];
