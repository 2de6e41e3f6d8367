// What site search indexes (docs/decisions/0042-search.md): one document per published
// article and per edition, built by the section's own build (its release carries
// dist/search.json), and one per project and per talk, built by the shell's
// (docs/decisions/0054-search-everywhere-one-typo.md); merged by the gateway into
// /search.json, which the search palette indexes in the browser and the no-JavaScript
// results page searches on the server.
import { loadArticle, type PublishedPost, publishedPosts } from "./blog";
import { type Edition, editionPath, loadEditions } from "./newsletter";
import { getProject, type ProjectPage, projectPath, projects } from "./projects";
import { type Talk, talkAnchor, talks } from "./talks";

export type SearchSection = "blog" | "newsletter" | "projects" | "talks";

export interface SearchDocument {
  /** `<section>:<slug or number>`. */
  id: string;
  section: SearchSection;
  /** The page's path. */
  url: string;
  title: string;
  excerpt: string;
  /** ISO date: YYYY-MM-DD for an article or a talk, YYYY-MM for an edition, "" for a project. */
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

/** The h2/h3 headings of trusted HTML, as text. */
const headingsOf = (html: string) =>
  [...html.matchAll(/<h[23]\b[^>]*>([\s\S]*?)<\/h[23]>/g)].map((m) => htmlToText(m[1] ?? ""));

/**
 * A project's document: its page (/projects/<id>) whole: the description, the
 * overview, architecture and challenges (their own headings as headings), the features
 * and every technology.
 */
export function projectDocument({ project, detail }: ProjectPage): SearchDocument {
  const html = detail.architecture + detail.challenges;
  return {
    id: `projects:${project.id}`,
    section: "projects",
    url: projectPath(project),
    title: project.title,
    excerpt: project.description,
    date: "",
    headings: headingsOf(html),
    text: [
      detail.overview,
      htmlToText(html),
      ...detail.features,
      project.technologies.join(", "),
      ...detail.techStack.map((g) => `${g.category}: ${g.tools.join(", ")}`),
    ].join(" "),
  };
}

/** A talk's document: its card on /talks (the page's anchor for it), event and tags. */
export function talkDocument(talk: Talk): SearchDocument {
  return {
    id: `talks:${talkAnchor(talk)}`,
    section: "talks",
    url: `/talks#${talkAnchor(talk)}`,
    title: talk.title,
    excerpt: talk.description,
    date: talk.date,
    headings: [],
    text: `${talk.event}. ${talk.tags.join(", ")}.`,
  };
}

/** The shell's documents: every project and every talk. */
export async function shellSearchDocuments(): Promise<SearchDocument[]> {
  const pages = projects.map((p) => {
    const page = getProject(p.id);
    if (!page) throw new Error(`search: no detail for project ${p.id}`);
    return page;
  });
  return [...pages.map(projectDocument), ...talks.map(talkDocument)];
}
