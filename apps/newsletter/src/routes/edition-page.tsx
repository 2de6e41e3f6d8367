import "@portfolio/content/code-theme.css";
import { site } from "@portfolio/content";
import {
  type EditionSummary,
  editionPath,
  getEdition,
  loadEditions,
  newsletterPage,
} from "@portfolio/content/newsletter";
import { AdjacentLinks, type AdjacentPage } from "@portfolio/ui/adjacent-links";
import { buttonClasses } from "@portfolio/ui/button";
import { ArrowLeftIcon } from "@portfolio/ui/icons";
import { TextLoading } from "@portfolio/ui/text-loading";
import { useDocumentTitle } from "@portfolio/ui/use-document-title";
import { type ComponentType, lazy, Suspense } from "react";
import { Link, useParams } from "react-router";
import { EditionBody } from "./edition-body";
import { EditionMeta, EditionTags } from "./edition-parts";
import { NotFound } from "./not-found";
import { SubscribeIsland } from "./subscribe-form";

/**
 * The edition a page path segment names: its id written as the gateway writes it
 * (/newsletter/1), so "01", "1.0" or "abc" name none, as the gateway answers 404 for them.
 */
export function editionOf(segment: string): EditionSummary | undefined {
  if (!/^[1-9][0-9]{0,8}$/.test(segment)) return undefined;
  return getEdition(Number(segment));
}

/** /newsletter/:id: an edition's own page; any other segment is the section's not-found view. */
export function EditionRoute() {
  const { id = "" } = useParams();
  const edition = editionOf(id);
  if (!edition) return <NotFound />;
  // Keyed: moving from one edition to another starts the new one afresh.
  return <EditionPage key={edition.id} edition={edition} />;
}

/** An edition as the link to it names it. */
const pageOf = (edition: EditionSummary | undefined): AdjacentPage | undefined =>
  edition && { url: editionPath(edition), title: edition.title };

/**
 * The edition whole, then the ways on (docs/decisions/0057): the previous and next editions
 * and, for a reader who arrived from a link, the newsletter's subscribe form (the same
 * island as /newsletter's, posting without JavaScript too).
 */
function EditionPage({ edition }: { edition: EditionSummary }) {
  useDocumentTitle(edition.title, site.siteName);
  const Text = editionText(edition.id);
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 md:py-16">
      <article aria-labelledby="edition-title">
        <Link
          to="/newsletter"
          className={buttonClasses({ variant: "ghost", size: "sm", className: "-ml-3 mb-6" })}
        >
          <ArrowLeftIcon />
          Back to Newsletter
        </Link>
        <header className="flex flex-col gap-4 border-b border-border pb-8">
          <p className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">
            {newsletterPage.heading}
          </p>
          <h1
            id="edition-title"
            className="text-3xl font-bold leading-tight tracking-tight sm:text-4xl"
          >
            {edition.title}
          </h1>
          <EditionMeta edition={edition} />
          <p className="text-lg text-muted-foreground">{edition.excerpt}</p>
          <EditionTags tags={edition.tags} />
        </header>
        <Suspense fallback={<TextLoading label="Loading the edition…" />}>
          <Text />
        </Suspense>
        {/* Ids run 1, 2, 3… without gaps (the content checks): the older is id - 1. */}
        <AdjacentLinks
          label="More editions"
          previous={pageOf(getEdition(edition.id - 1))}
          next={pageOf(getEdition(edition.id + 1))}
          link={Link}
        />
      </article>
      <div className="mt-12">
        <SubscribeIsland />
      </div>
    </div>
  );
}

// The text loads with the page that shows it (the editions' one chunk, which /newsletter
// also loads as its list nears the screen), and is in the prerendered HTML: a first load
// shows it at once and hydrates when the chunk is here. One component per edition for
// the page's lifetime; a failed load is forgotten, so the section's 'Try again' loads it
// afresh.
const texts = new Map<number, ComponentType>();

function editionText(id: number): ComponentType {
  let text = texts.get(id);
  if (!text) {
    text = lazy(async () => {
      try {
        const edition = (await loadEditions()).find((e) => e.id === id);
        return {
          default: () => (edition ? <EditionBody html={edition.html} /> : null),
        };
      } catch (err) {
        texts.delete(id);
        throw err;
      }
    });
    texts.set(id, text);
  }
  return text;
}
