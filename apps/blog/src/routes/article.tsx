import { site } from "@portfolio/content";
import {
  type Article as ArticleData,
  getPost,
  isPublished,
  loadArticle,
  type PublishedPost,
} from "@portfolio/content/blog";
import { Badge } from "@portfolio/ui/badge";
import { TextLoading } from "@portfolio/ui/text-loading";
import { useDocumentTitle } from "@portfolio/ui/use-document-title";
import { type ComponentType, lazy, Suspense } from "react";
import { useParams } from "react-router";
import { AdjacentPosts } from "../components/adjacent-posts";
import { BackLink } from "../components/back-link";
import { PostMeta } from "../components/post-meta";
import { PostTags } from "../components/tag-list";
import { NotFound } from "./not-found";

/** /blog/:slug: a published post's article; any other slug is the section's not-found state. */
export function Article() {
  const { slug = "" } = useParams();
  const post = getPost(slug);
  if (!post || !isPublished(post)) return <NotFound />;
  // Keyed: moving from one article to another starts the new one afresh.
  return <ArticlePage key={post.slug} post={post} />;
}

function ArticlePage({ post }: { post: PublishedPost }) {
  useDocumentTitle(post.title, site.siteName);
  const Body = articleBody(post);
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 md:py-16">
      <BackLink to="/blog">Back to Blog</BackLink>
      <header className="flex flex-col gap-4 border-b border-border pb-8">
        <Badge className="self-start">{post.category}</Badge>
        <h1 className="text-3xl font-bold leading-tight tracking-tight sm:text-4xl">
          {post.title}
        </h1>
        <PostMeta post={post} updated />
        <PostTags tags={post.tags} />
      </header>
      <Suspense fallback={<TextLoading label="Loading the article…" />}>
        <Body />
      </Suspense>
      <AdjacentPosts slug={post.slug} />
    </article>
  );
}

// The article body loads only when an article is shown, so /blog and /blog/all-posts
// never download it: its component and styles (one chunk) and the article's own HTML
// (one chunk per article, highlighted at build time), both at once. On the article a
// page was loaded on, its HTML is in the document already, as the gateway sent it: it
// is taken from there (prerenderedArticle) and not downloaded again. One component per
// article for the page's lifetime; a failed load is forgotten, so the section's
// 'Try again' loads it afresh.
const bodies = new Map<string, ComponentType>();

function articleBody(post: PublishedPost): ComponentType {
  let body = bodies.get(post.slug);
  if (!body) {
    const prerendered = prerenderedArticle(post);
    body = lazy(async () => {
      try {
        const [{ default: ArticleHtml }, article] = await Promise.all([
          import("./article-body"),
          prerendered ?? loadArticle(post.slug),
        ]);
        return { default: () => (article ? <ArticleHtml article={article} /> : null) };
      } catch (err) {
        bodies.delete(post.slug);
        throw err;
      }
    });
    bodies.set(post.slug, body);
  }
  return body;
}

/**
 * The article as the document holds it before the page hydrates (read once, before
 * any script changes it): the body's HTML and, from its headings, the table of
 * contents, exactly what the build wrote into the article's own chunk.
 */
function prerenderedArticle(post: PublishedPost): ArticleData | undefined {
  if (typeof document === "undefined") return undefined;
  const body = document.querySelector<HTMLElement>(
    `.article-body[data-article="${CSS.escape(post.slug)}"]`,
  );
  if (!body) return undefined;
  const headings = [...body.querySelectorAll<HTMLElement>("h2[id], h3[id]")].map((h) => {
    const text = h.cloneNode(true) as HTMLElement;
    text.querySelector(".heading-anchor")?.remove();
    return { depth: h.tagName === "H2" ? 2 : 3, id: h.id, text: text.textContent ?? "" } as const;
  });
  return { ...post, headings, html: body.innerHTML };
}
