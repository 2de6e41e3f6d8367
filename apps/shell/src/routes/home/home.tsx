import { site } from "@portfolio/content";
import { home } from "@portfolio/content/home";
import { Button } from "@portfolio/ui/button";
import { Link } from "react-router";
import { HomeSocialLinks, loadTooltips } from "./social-links";

// Transparent 1×1 GIF: what the <img> shows below lg, where the photo is hidden and the
// <source> does not match — so phones never download the photo.
const NO_IMAGE = "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7";

/** Home: greeting and name, the headline (the page's h1), pitch, calls to action, links, photo. */
export function Home() {
  const { photo } = home;
  return (
    // Pointing at or focusing in the hero fetches the social links' tooltips, so they are
    // ready by the time the pointer reaches an icon.
    // biome-ignore lint/a11y/noStaticElementInteractions: a prefetch hint, not an action
    <section
      className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-[minmax(0,1fr)_auto]"
      onPointerOver={loadTooltips}
      onFocus={loadTooltips}
    >
      <div className="flex flex-col gap-6">
        <p className="text-lg font-medium text-primary">
          {home.greeting} <span className="font-semibold">{site.owner.name}</span>
        </p>
        <h1 className="max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">
          {home.headline}
        </h1>
        <p className="max-w-2xl text-lg text-muted-foreground">{home.pitch}</p>
        <div className="flex flex-wrap gap-3">
          {/* data-prerender: pages the gateway's speculation rules prerender as soon as
              this one is painted, as the header's (docs/decisions/0069-what-a-first-tap-waits-for.md). */}
          <Button asChild size="lg">
            <Link to={home.primaryCta.path} data-prerender="">
              {home.primaryCta.label}
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={home.secondaryCta.path} data-prerender="">
              {home.secondaryCta.label}
            </Link>
          </Button>
        </div>
        <div className="flex flex-col gap-2">
          <h2 id="home-social" className="text-sm font-medium text-muted-foreground">
            {home.socialHeading}
          </h2>
          <HomeSocialLinks
            labelledBy="home-social"
            social={site.social}
            email={site.owner.email}
            emailLabel={home.emailLabel}
          />
        </div>
      </div>
      {/* Large screens only (lg): below that the source does not match and nothing loads. */}
      <picture className="hidden lg:block">
        <source
          media="(min-width: 1024px)"
          srcSet={photo.src}
          width={photo.width}
          height={photo.height}
        />
        <img
          src={NO_IMAGE}
          alt={photo.alt}
          width={photo.width}
          height={photo.height}
          decoding="async"
          className="size-80 rounded-full border border-border object-cover shadow-lg xl:size-96"
        />
      </picture>
    </section>
  );
}
