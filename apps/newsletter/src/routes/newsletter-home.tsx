import { site } from "@portfolio/content";
import { Badge } from "@portfolio/ui/badge";
import { buttonClasses } from "@portfolio/ui/button";
import { Link } from "@portfolio/router";

export function NewsletterHome() {
  return (
    <section className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 md:py-20">
      <div className="mb-10 flex justify-center gap-2">
        <Link to="/" className={buttonClasses({ variant: "ghost", size: "sm" })}>
          Home
        </Link>
        <Link to="/blog" className={buttonClasses({ variant: "ghost", size: "sm" })}>
          Back to Blog
        </Link>
      </div>
      <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">DevOps Digest</h1>
      <p className="mx-auto mt-4 max-w-2xl text-lg text-muted-foreground">
        A monthly newsletter of real war stories, tool deep dives and lessons from running production.
      </p>
      <ul className="mt-6 flex flex-wrap justify-center gap-2" aria-label="About the newsletter">
        <li>
          <Badge variant="secondary">Monthly</Badge>
        </li>
        <li>
          <Badge variant="secondary">{site.stats.newsletterSubscribers} Subscribers</Badge>
        </li>
        <li>
          <Badge variant="secondary">Zero Spam</Badge>
        </li>
      </ul>
    </section>
  );
}
