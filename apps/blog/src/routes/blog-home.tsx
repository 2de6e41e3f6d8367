import { type PublishedPost, publishedPosts } from "@portfolio/content/blog";
import { buttonClasses } from "@portfolio/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "@portfolio/ui/card";
import { ArrowRightIcon } from "@portfolio/ui/icons";
import { Page } from "@portfolio/ui/page";
import { Link } from "react-router";
import { AllTagsLink } from "../components/all-tags-link";
import { PostMeta } from "../components/post-meta";
import { routeIntro } from "../components/route-intro";
import { PostTags } from "../components/tag-list";

/** /blog: 'Latest Blog Posts', a card per published article, and 'View All Posts'. */
export function BlogHome() {
  const intro = routeIntro("/blog");
  return (
    <Page as="section" title="Latest Blog Posts" intro={intro}>
      <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {publishedPosts.map((post) => (
          <li key={post.slug} className="flex">
            <LatestPostCard post={post} />
          </li>
        ))}
      </ul>
      <div className="mt-12 flex flex-wrap items-center justify-center gap-x-8 gap-y-4">
        <Link to="/blog/all-posts" className={buttonClasses({ variant: "outline", size: "lg" })}>
          View All Posts
          <ArrowRightIcon />
        </Link>
        <AllTagsLink />
      </div>
    </Page>
  );
}

export function LatestPostCard({ post }: { post: PublishedPost }) {
  return (
    <Card className="flex w-full flex-col transition-shadow hover:shadow-md">
      <CardHeader className="gap-3">
        <PostMeta post={post} />
        <CardTitle className="text-xl">
          <Link
            to={post.url}
            className="rounded-sm hover:text-primary focus-visible:outline-2 focus-visible:outline-ring"
          >
            {post.title}
          </Link>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-4">
        <p className="text-sm leading-relaxed text-muted-foreground">{post.excerpt}</p>
        <PostTags tags={post.tags} className="mt-auto" />
      </CardContent>
      <CardFooter>
        <Link
          to={post.url}
          className="inline-flex items-center gap-2 rounded-sm text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background [&_svg]:size-4"
        >
          Read More
          <span className="sr-only">: {post.title}</span>
          <ArrowRightIcon />
        </Link>
      </CardFooter>
    </Card>
  );
}
