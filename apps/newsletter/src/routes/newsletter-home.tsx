import { site } from "@portfolio/content";
import {
  type NewsletterExpectIcon,
  newsletterPage,
  withSubscribers,
} from "@portfolio/content/newsletter";
import { Island } from "@portfolio/router";
import { Badge } from "@portfolio/ui/badge";
import { buttonClasses } from "@portfolio/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@portfolio/ui/card";
import { ArrowLeftIcon, type IconProps, MailIcon, MoonIcon } from "@portfolio/ui/icons";
import type { ComponentType } from "react";
import { Link } from "react-router";
import { FlameIcon, HomeIcon, LayersIcon, WrenchIcon } from "../components/icons";
import { DontMissOut } from "./dont-miss-out";
import { Editions } from "./editions";
import { SubscribeIsland } from "./subscribe-form";

const expectIcons: Record<NewsletterExpectIcon, ComponentType<IconProps>> = {
  "war-stories": FlameIcon,
  "deep-dives": WrenchIcon,
  architecture: LayersIcon,
  wisdom: MoonIcon,
};

/**
 * /newsletter: DevOps Digest. The header with its badges, 'What to Expect' beside the
 * subscribe form, every previous edition, and 'Don't Miss Out'. All copy comes from
 * content (newsletter-page.json, the editions' Markdown, site.json's subscriber count).
 */
export function NewsletterHome() {
  const page = newsletterPage;
  const subscribers = site.stats.newsletterSubscribers;
  const nav = buttonClasses({ variant: "outline", size: "sm" });
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 md:py-14">
      <div className="flex flex-wrap gap-2">
        <Link to="/" className={nav}>
          <HomeIcon />
          {page.links.home}
        </Link>
        <Link to="/blog" className={nav}>
          <ArrowLeftIcon />
          {page.links.blog}
        </Link>
      </div>

      <div className="mt-10 text-center">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-primary text-primary-foreground [&_svg]:size-7">
          <MailIcon />
        </span>
        <h1 className="mt-5 text-4xl font-bold tracking-tight sm:text-5xl">{page.heading}</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-muted-foreground">{page.intro}</p>
        <ul aria-label={page.badgesLabel} className="mt-6 flex flex-wrap justify-center gap-2">
          {page.badges.map((badge) => (
            <li key={badge}>
              <Badge variant="secondary" className="px-3 py-1 text-sm">
                {withSubscribers(badge, subscribers)}
              </Badge>
            </li>
          ))}
        </ul>
      </div>

      <div className="mt-12 grid items-start gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>{page.expect.heading}</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="flex flex-col gap-5">
              {page.expect.items.map((item) => {
                const ItemIcon = expectIcons[item.icon];
                return (
                  <li key={item.title} className="flex gap-4">
                    <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-accent text-accent-foreground [&_svg]:size-5">
                      <ItemIcon />
                    </span>
                    <div>
                      <h3 className="font-semibold">{item.title}</h3>
                      <p className="mt-1 text-sm text-muted-foreground">{item.description}</p>
                    </div>
                  </li>
                );
              })}
            </ul>
          </CardContent>
        </Card>
        <SubscribeIsland />
      </div>

      <Editions heading={page.editions.heading} intro={page.editions.intro} />

      <Island
        name="newsletter:dont-miss-out"
        hydrate="interaction"
        component={DontMissOut}
        props={{ ...page.cta, text: withSubscribers(page.cta.text, subscribers) }}
      />
    </div>
  );
}
