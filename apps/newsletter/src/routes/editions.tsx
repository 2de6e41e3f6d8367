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
import { type RefObject, useEffect, useRef, useState } from "react";
import { EditionMeta, EditionText } from "./edition-parts";

/** How far below the screen the section may still be when its texts start loading. */
const LOAD_AHEAD = "0px 0px 100px 0px";

type Texts =
  | { state: "waiting" }
  | { state: "loaded"; byId: ReadonlyMap<number, Edition> }
  | { state: "failed" };

/**
 * The editions' texts (about 10 kB gzip, more than the rest of the page) load when the
 * section comes near the screen, not with the page: the list itself is there at once.
 * Where there is no IntersectionObserver (tests, old browsers) they load right away.
 */
function textsOf(list: readonly Edition[]): Texts {
  return { state: "loaded", byId: new Map(list.map((e) => [e.id, e])) };
}

function useEditionTexts(section: RefObject<HTMLElement | null>) {
  // Already here in the prerender, and on a second visit.
  const [texts, setTexts] = useState<Texts>(() => {
    const list = loadedEditions();
    return list ? textsOf(list) : { state: "waiting" };
  });
  const [attempt, setAttempt] = useState(0);
  const waiting = texts.state === "waiting";
  useEffect(() => {
    if (!waiting) return;
    let live = true;
    const load = () =>
      loadEditions().then(
        (list) => live && setTexts(textsOf(list)),
        (error: unknown) => {
          console.error("Newsletter: the editions' texts could not be loaded.", error);
          if (live) setTexts({ state: "failed" });
        },
      );
    const target = section.current;
    if (!target || typeof IntersectionObserver === "undefined") {
      void load();
      return () => {
        live = false;
      };
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        void load();
      },
      { rootMargin: LOAD_AHEAD },
    );
    observer.observe(target);
    return () => {
      live = false;
      observer.disconnect();
    };
  }, [section, attempt, waiting]);
  const retry = () => {
    setTexts({ state: "waiting" });
    setAttempt((n) => n + 1);
  };
  return { texts, retry };
}

/** 'Previous Editions': every edition, newest first, with its full text. */
export function Editions({ heading, intro }: { heading: string; intro: string }) {
  const section = useRef<HTMLElement>(null);
  const { texts, retry } = useEditionTexts(section);
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
              html={texts.state === "loaded" ? texts.byId.get(edition.id)?.html : undefined}
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
            <EditionText html={html} />
          </CardContent>
        ) : null}
      </Card>
    </article>
  );
}
