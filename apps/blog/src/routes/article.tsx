import { routes } from "@portfolio/content";
import { buttonClasses } from "@portfolio/ui/button";
import { Link, useParams } from "@portfolio/router";
import { NotFound } from "./not-found";

/** An article page; its title comes from content/routes.json until articles are Markdown. */
export function Article() {
  const { slug } = useParams();
  const route = routes.find((r) => r.section === "blog" && r.path === `/blog/${slug}`);
  if (!route) return <NotFound />;
  return (
    <article className="mx-auto max-w-3xl px-4 py-16 sm:px-6 md:py-20">
      <Link to="/blog" className={buttonClasses({ variant: "ghost", size: "sm", className: "-ml-3 mb-6" })}>
        ← Back to Blog
      </Link>
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{route.title}</h1>
      <p className="mt-4 text-lg text-muted-foreground">{route.description}</p>
    </article>
  );
}
