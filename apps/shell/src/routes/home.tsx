import { site } from "@portfolio/content";
import { Button } from "@portfolio/ui/button";
import { ExternalLink } from "@portfolio/ui/external-link";
import { Link } from "@portfolio/router";

export function Home() {
  const { owner } = site;
  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-20 sm:px-6 md:py-28">
      <p className="text-lg font-medium text-primary">Hi, I'm {owner.name}</p>
      <h1 className="max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">{owner.headline}</h1>
      <p className="max-w-2xl text-lg text-muted-foreground">{site.description}</p>
      <div className="flex flex-wrap gap-3">
        <Button asChild size="lg">
          <Link to="/projects">View My Projects</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/contact">Get In Touch</Link>
        </Button>
      </div>
      <ul className="flex flex-wrap gap-x-5 gap-y-2" aria-label="Elsewhere">
        {site.social.map((social) => (
          <li key={social.network}>
            <ExternalLink href={social.url} className="text-sm font-medium text-muted-foreground underline-offset-4 hover:text-foreground hover:underline">
              {social.label}
            </ExternalLink>
          </li>
        ))}
        <li>
          <a href={`mailto:${owner.email}`} className="text-sm font-medium text-muted-foreground underline-offset-4 hover:text-foreground hover:underline">
            Email
          </a>
        </li>
      </ul>
    </section>
  );
}
