import { routes } from "@portfolio/content";

/** A blog route's description in content/routes.json: the page's intro line. */
export function routeIntro(path: string): string | undefined {
  return routes.find((r) => r.path === path)?.description;
}
