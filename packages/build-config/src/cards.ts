// What an app's prerender module says of its share cards, and nothing that draws them:
// apps import this (as @portfolio/build-config/cards) into the code their prerender
// build bundles, which must not pull in satori, resvg or Rsbuild.

/**
 * One page's share card (its Open Graph image): what it shows. The build renders it
 * into `og/<key>.<hash>.png` of the app's dist and lists it in `og/cards.json`, which
 * the gateway reads to put `og:image` into the page's head (docs/decisions/0041-share-cards.md).
 */
export interface ShareCard {
  /** The page's path, as the gateway serves it: `/`, `/blog/terraform-guide`. */
  key: string;
  title: string;
  /** The section the card names above the title: Blog, Newsletter, Projects… */
  section: string;
  /** A line under the title for pages that are not articles (the page's description). */
  description?: string;
  /** An article's or edition's date as the site shows it: `Dec 8, 2023`. */
  date?: string;
  /** An article's or edition's reading time in minutes. */
  readingTime?: number;
}

/** What an app's prerender module gives its share cards (the `shareCards` export). */
export interface ShareCards {
  /** The owner's name (content/site.json), signed at the foot of every card. */
  owner: string;
  siteName: string;
  cards: ShareCard[];
}

/** A row of content/routes.json, as much of it as a card needs. */
export interface CardRoute {
  path: string;
  section: string;
  title: string;
  description: string;
  noindex?: boolean;
}

/**
 * The cards of a section's public pages of routes.json (not noindex, no parameter),
 * titled and described as their heads are, under the badge `label(path)`.
 */
export function routeCards(
  routes: readonly CardRoute[],
  section: string,
  label: (path: string) => string,
): ShareCard[] {
  return routes
    .filter((r) => r.section === section && !r.noindex && !r.path.includes("{"))
    .map((r) => ({
      key: r.path,
      title: r.title,
      section: label(r.path),
      description: r.description,
    }));
}
