import { buttonClasses } from "@portfolio/ui/button";
import { Link } from "@portfolio/router";

export function BlogHome() {
  return (
    <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6 md:py-20">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Latest Blog Posts</h1>
      <p className="mt-4 max-w-2xl text-lg text-muted-foreground">
        Notes from production: Kubernetes security, Terraform, monitoring and the cloud.
      </p>
      <Link to="/blog/all-posts" className={buttonClasses({ variant: "outline", className: "mt-8" })}>
        View All Posts
      </Link>
    </section>
  );
}
