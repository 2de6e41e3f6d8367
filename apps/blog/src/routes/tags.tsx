import { site } from "@portfolio/content";
import { type BlogTag, getTag, TAGS_PATH, tags } from "@portfolio/content/blog";
import { Page } from "@portfolio/ui/page";
import { useDocumentTitle } from "@portfolio/ui/use-document-title";
import { Link, useParams } from "react-router";
import { BackLink } from "../components/back-link";
import { routeIntro } from "../components/route-intro";
import { PostCard } from "./all-posts";
import { NotFound } from "./not-found";

const articles = (n: number) => (n === 1 ? "article" : "articles");

/**
 * /blog/tags: every tag of the published posts with its number of articles, the most
 * used first, then alphabetically (by slug), each a link to its page.
 */
export function TagsIndex() {
  const intro = routeIntro(TAGS_PATH);
  return (
    <Page
      as="section"
      back={<BackLink to="/blog">Back to Blog</BackLink>}
      title="Tags"
      intro={intro}
    >
      <ul aria-label="All tags" className="mt-10 flex flex-wrap gap-3">
        {tags.map((tag) => (
          <li key={tag.slug}>
            <Link
              to={tag.url}
              className="inline-flex items-center gap-2 rounded-full border border-border px-4 py-1.5 text-sm font-medium outline-none transition-colors hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
            >
              {tag.name}{" "}
              <span
                data-tag-count={tag.posts.length}
                className="rounded-full bg-secondary px-2 py-0.5 text-xs font-semibold text-secondary-foreground"
              >
                {tag.posts.length} <span className="sr-only">{articles(tag.posts.length)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </Page>
  );
}

/** /blog/tags/:tag: the published articles with the tag, newest first; else not found. */
export function TagPage() {
  const { tag: slug = "" } = useParams();
  const tag = getTag(slug);
  if (!tag) return <NotFound />;
  return <TagPosts key={tag.slug} tag={tag} />;
}

function TagPosts({ tag }: { tag: BlogTag }) {
  useDocumentTitle(tag.title, site.siteName);
  const n = tag.posts.length;
  return (
    <Page
      as="section"
      back={<BackLink to={TAGS_PATH}>All Tags</BackLink>}
      title={tag.title}
      intro={
        <>
          {n} {articles(n)} tagged “{tag.name}”, newest first.
        </>
      }
    >
      <ul className="mt-10 grid gap-6 md:grid-cols-2">
        {tag.posts.map((post) => (
          <li key={post.slug} className="flex">
            <PostCard post={post} />
          </li>
        ))}
      </ul>
    </Page>
  );
}
