import { type BlogPost, categories, isPublished, posts } from "@portfolio/content/blog";
import { Badge } from "@portfolio/ui/badge";
import { Button, buttonClasses } from "@portfolio/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "@portfolio/ui/card";
import { ArrowRightIcon, MailIcon } from "@portfolio/ui/icons";
import { Page } from "@portfolio/ui/page";
import { Link } from "react-router";
import { AllTagsLink } from "../components/all-tags-link";
import { BackLink } from "../components/back-link";
import { allPostsOrder, MAX_CARD_TAGS } from "../components/card-rules";
import { RssIcon } from "../components/icons";
import { PostMeta } from "../components/post-meta";
import { routeIntro } from "../components/route-intro";
import { PostTags } from "../components/tag-list";

/** /blog/all-posts: every post, readable ones first, the categories, and 'Stay Updated'. */
export function AllPosts() {
  const intro = routeIntro("/blog/all-posts");
  return (
    <Page
      as="section"
      back={<BackLink to="/blog">Back to Blog</BackLink>}
      title="All Blog Posts"
      intro={intro}
    >
      {/* The categories are what the posts are about, as text: no page lists a category,
          so they are not dressed as the filter buttons they would look like as pills. */}
      <div className="mt-8 flex flex-wrap items-baseline gap-x-6 gap-y-3 text-sm">
        <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
          <span aria-hidden="true" className="font-medium">
            Categories:
          </span>
          <ul aria-label="Categories" className="flex flex-wrap gap-x-2 text-muted-foreground">
            {categories.map((category) => (
              <li
                key={category}
                className="[&+li]:before:mr-2 [&+li]:before:text-muted-foreground [&+li]:before:content-['·']"
              >
                {category}
              </li>
            ))}
          </ul>
        </div>
        <AllTagsLink />
      </div>

      <ul className="mt-10 grid gap-6 md:grid-cols-2">
        {allPostsOrder(posts).map((post) => (
          <li key={post.slug} className="flex">
            <PostCard post={post} />
          </li>
        ))}
      </ul>

      <StayUpdated />
    </Page>
  );
}

/** One post of the all-posts page: 'Read Article' when it is published, else 'Coming Soon'. */
export function PostCard({ post }: { post: BlogPost }) {
  return (
    <Card className="flex w-full flex-col">
      <CardHeader className="gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Badge>{post.category}</Badge>
          <PostMeta post={post} date={false} />
        </div>
        <CardTitle className="text-xl">{post.title}</CardTitle>
        {/* A post not written yet shows no date: its planned date, once past, would read
            as a stale post rather than one to come. */}
        {isPublished(post) ? <PostMeta post={post} readTime={false} /> : null}
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-4">
        <p className="text-sm leading-relaxed text-muted-foreground">{post.excerpt}</p>
        <PostTags tags={post.tags} max={MAX_CARD_TAGS} className="mt-auto" />
      </CardContent>
      <CardFooter>
        {isPublished(post) ? (
          <Link to={post.url} className={buttonClasses({ className: "w-full sm:w-auto" })}>
            Read Article
            <span className="sr-only">: {post.title}</span>
            <ArrowRightIcon />
          </Link>
        ) : (
          <Button variant="secondary" disabled className="w-full sm:w-auto">
            Coming Soon
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}

/** Where to follow the blog: the newsletter page, and the RSS feed (a file, so a plain link). */
function StayUpdated() {
  return (
    <section
      aria-labelledby="stay-updated"
      className="mt-16 rounded-lg border border-border bg-muted/50 px-6 py-10 text-center sm:px-10"
    >
      <h2 id="stay-updated" className="text-2xl font-semibold tracking-tight">
        Stay Updated
      </h2>
      <p className="mx-auto mt-3 max-w-xl text-muted-foreground">
        New articles come out in DevOps Digest, the monthly newsletter, and in the RSS feed.
      </p>
      <div className="mt-6 flex flex-col items-center justify-center gap-3 sm:flex-row">
        <Link to="/newsletter" className={buttonClasses()}>
          <MailIcon />
          Subscribe to Newsletter
        </Link>
        <a href="/rss.xml" className={buttonClasses({ variant: "outline" })}>
          <RssIcon />
          RSS Feed
        </a>
      </div>
    </section>
  );
}
