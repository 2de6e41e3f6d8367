// What site search indexes (docs/decisions/0042-search.md): one document per published
// article and per edition, built by the section's own build (its release carries
// dist/search.json), merged by the gateway into /search.json, which the search palette
// indexes in the browser and the no-JavaScript results page searches on the server.
import { loadArticle, type PublishedPost, publishedPosts } from "./blog";
import { type Edition, editionPath, loadEditions } from "./newsletter";

export type SearchSection = "blog" | "newsletter";

export interface SearchDocument {
  /** `<section>:<slug or number>`. */
  id: string;
  section: SearchSection;
  /** The page's path. */
  url: string;
  title: string;
  excerpt: string;
  /** ISO date: YYYY-MM-DD for an article, YYYY-MM for an edition. */
  date: string;
  /** The h2/h3 headings' text, in order. */
  headings: string[];
  /** The body as plain text. */
  text: string;
}

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
};

/** Trusted HTML (the build's own) as plain text: tags dropped, entities decoded, spaces collapsed. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, " ")
    .replace(/<a [^>]*class="heading-anchor"[^>]*>[\s\S]*?<\/a>/g, " ")
    .replace(/<\/?(p|div|h[1-6]|li|ul|ol|pre|br|blockquote|tr|td|th)\b[^>]*>/gi, " ")
    .replace(/<[^>]+>/g, "")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] === "#")
        return String.fromCodePoint(
          name[1]?.toLowerCase() === "x"
            ? Number.parseInt(name.slice(2), 16)
            : Number(name.slice(1)),
        );
      return ENTITIES[name.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, " ")
    .trim();
}

export function postDocument(post: PublishedPost, html: string, headings: readonly string[]) {
  return {
    id: `blog:${post.slug}`,
    section: "blog",
    url: post.url,
    title: post.title,
    excerpt: post.excerpt,
    date: post.date,
    headings: [...headings],
    text: htmlToText(html),
  } satisfies SearchDocument;
}

export function editionDocument(edition: Edition): SearchDocument {
  return {
    id: `newsletter:${edition.id}`,
    section: "newsletter",
    url: editionPath(edition),
    title: edition.title,
    excerpt: edition.excerpt,
    date: edition.date,
    headings: [],
    text: htmlToText(edition.html),
  };
}

/** The blog's documents: every published article, whole. */
export async function blogSearchDocuments(): Promise<SearchDocument[]> {
  return Promise.all(
    publishedPosts.map(async (post) => {
      const article = await loadArticle(post.slug);
      if (!article) throw new Error(`search: no article for ${post.slug}`);
      return postDocument(
        post,
        article.html,
        article.headings.map((h) => h.text),
      );
    }),
  );
}

/** The newsletter's documents: every edition, whole. */
export async function editionSearchDocuments(): Promise<SearchDocument[]> {
  return (await loadEditions()).map(editionDocument);
}
