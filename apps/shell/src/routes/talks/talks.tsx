import { formatDateLong } from "@portfolio/content/dates";
import { type Talk, talkAnchor, talks } from "@portfolio/content/talks";
import { Badge } from "@portfolio/ui/badge";
import { buttonClasses } from "@portfolio/ui/button";
import { Card } from "@portfolio/ui/card";
import { ExternalLink } from "@portfolio/ui/external-link";
import { CalendarIcon } from "@portfolio/ui/icons";
import { Page } from "@portfolio/ui/page";
import { SlidesIcon, VideoIcon } from "../../components/icons";

/**
 * Talks & Events: each talk, with video and slides links only where they exist, and an
 * id of its own.
 */
export function Talks() {
  return (
    <Page
      title="Talks & Events"
      intro="Conference talks and meetups on DevOps, Kubernetes and cloud infrastructure."
    >
      <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {talks.map((talk, index) => (
          // Its id is where a search result for the talk leads (/talks#<anchor>), below the
          // sticky header.
          <li key={talk.title} id={talkAnchor(talk)} className="flex scroll-mt-24">
            <TalkCard talk={talk} titleId={`talk-${index}-title`} />
          </li>
        ))}
      </ul>
    </Page>
  );
}

function TalkCard({ talk, titleId }: { talk: Talk; titleId: string }) {
  return (
    <Card className="flex w-full flex-col gap-4 p-6">
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <CalendarIcon className="size-4 shrink-0" />
        <time dateTime={talk.date}>{formatDateLong(talk.date)}</time>
      </p>
      <div className="flex flex-col gap-1">
        <h2 id={titleId} className="text-xl font-semibold leading-tight tracking-tight">
          {talk.title}
        </h2>
        <p className="text-sm font-medium text-primary">{talk.event}</p>
      </div>
      <p className="text-sm text-muted-foreground">{talk.description}</p>
      <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
        {talk.tags.map((tag) => (
          <li key={tag}>
            <Badge variant="secondary">{tag}</Badge>
          </li>
        ))}
      </ul>
      {talk.videoUrl || talk.slidesUrl ? (
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          {talk.videoUrl ? (
            <ExternalLink
              href={talk.videoUrl}
              aria-describedby={titleId}
              className={buttonClasses({ variant: "outline", size: "sm" })}
            >
              <VideoIcon />
              Watch Video
            </ExternalLink>
          ) : null}
          {talk.slidesUrl ? (
            <ExternalLink
              href={talk.slidesUrl}
              aria-describedby={titleId}
              className={buttonClasses({ variant: "outline", size: "sm" })}
            >
              <SlidesIcon />
              View Slides
            </ExternalLink>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}
