import "@portfolio/content/code-theme.css";
import {
  type Edition,
  type EditionSummary,
  editionPath,
  editions,
  loadEditions,
  loadedEditions,
} from "@portfolio/content/newsletter";
import { Link } from "@portfolio/router";
import { Button } from "@portfolio/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@portfolio/ui/card";
import { TagList } from "@portfolio/ui/tag-list";
import { useChunk } from "@portfolio/ui/use-chunk";
import { useRef } from "react";
import { cardHtml, EditionMeta, EditionText } from "./edition-parts";

/** How far below the screen the section may still be when its texts start loading. */
const LOAD_AHEAD = "0px 0px 100px 0px";

/** The editions' texts by id. */
const textsById = (list: readonly Edition[]): ReadonlyMap<number, Edition> =>
  new Map(list.map((e) => [e.id, e]));
const loadTexts = () => loadEditions().then(textsById);
const loadedTexts = () => {
  const list = loadedEditions();
  return list && textsById(list);
};

/** 'Previous Editions': every edition, newest first, with its full text. */
export function Editions({ heading, intro }: { heading: string; intro: string }) {
  const section = useRef<HTMLElement>(null);
  // The texts (about 10 kB gzip, more than the rest of the page) load when the section
  // comes near the screen, not with the page: the list itself is there at once. They are
  // already here in the prerender, and on a second visit.
  const { chunk: texts, retry } = useChunk(loadTexts, {
    loaded: loadedTexts,
    near: section,
    rootMargin: LOAD_AHEAD,
    failure: "Newsletter: the editions' texts could not be loaded.",
  });
  const newestFirst = [...editions].sort((a, b) => b.id - a.id);
  return (
    <section ref={section} aria-labelledby="editions-heading" className="mt-16">
      <h2 id="editions-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
        {heading}
      </h2>
      <p className="mt-2 text-muted-foreground">{intro}</p>
      {texts.state === "failed" ? (
        <div
          role="alert"
          className="mt-6 flex flex-wrap items-center gap-4 rounded-lg border border-border p-4 text-sm"
        >
          <p>The editions&apos; full text could not be loaded.</p>
          <Button variant="outline" size="sm" onClick={retry}>
            Try again
          </Button>
        </div>
      ) : null}
      <ul
        className="mt-8 flex flex-col gap-8"
        aria-busy={texts.state === "waiting" ? true : undefined}
      >
        {newestFirst.map((edition) => (
          <li key={edition.id}>
            <EditionCard
              edition={edition}
              html={texts.state === "loaded" ? texts.value.get(edition.id)?.html : undefined}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

function EditionCard({ edition, html }: { edition: EditionSummary; html: string | undefined }) {
  const titleId = `edition-${edition.id}`;
  return (
    <article aria-labelledby={titleId}>
      <Card>
        <CardHeader className="gap-3">
          <EditionMeta edition={edition} />
          <CardTitle as="h3" id={titleId} className="text-xl sm:text-2xl">
            {/* The edition's own page (/newsletter/<id>), named by the title. */}
            <Link
              to={editionPath(edition)}
              className="rounded-sm underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              {edition.title}
            </Link>
          </CardTitle>
          <CardDescription className="text-base">{edition.excerpt}</CardDescription>
          <TagList tags={edition.tags} />
        </CardHeader>
        {html ? (
          <CardContent>
            <EditionText html={cardHtml(html)} />
          </CardContent>
        ) : null}
      </Card>
    </article>
  );
}
