import { buttonClasses } from "@portfolio/ui/button";
import { Link } from "@portfolio/router";

export function AllPosts() {
  return (
    <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6 md:py-20">
      <Link to="/blog" className={buttonClasses({ variant: "ghost", size: "sm", className: "-ml-3 mb-6" })}>
        ← Back to Blog
      </Link>
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">All Blog Posts</h1>
      <p className="mt-4 max-w-2xl text-lg text-muted-foreground">Every article on DevOps, security, infrastructure and cloud.</p>
    </section>
  );
}
