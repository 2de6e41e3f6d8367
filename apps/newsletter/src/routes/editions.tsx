import { type EditionSummary, editionPath, editions } from "@portfolio/content/newsletter";
import { Card, CardDescription, CardHeader, CardTitle } from "@portfolio/ui/card";
import { Link } from "react-router";
import { EditionMeta, EditionTags } from "./edition-parts";

/**
 * 'Previous Editions': the archive, every edition newest first as a card of its
 * excerpt, linking its own page (/newsletter/<id>), where its text is. The texts are
 * not on this page: six of them made it 17,900 px tall on a phone (docs/decisions/0057).
 */
export function Editions({ heading, intro }: { heading: string; intro: string }) {
  const newestFirst = [...editions].sort((a, b) => b.id - a.id);
  return (
    <section aria-labelledby="editions-heading" className="mt-16">
      <h2 id="editions-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
        {heading}
      </h2>
      <p className="mt-2 text-muted-foreground">{intro}</p>
      <ul className="mt-8 flex flex-col gap-6">
        {newestFirst.map((edition) => (
          <li key={edition.id}>
            <EditionCard edition={edition} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function EditionCard({ edition }: { edition: EditionSummary }) {
  const titleId = `edition-${edition.id}`;
  return (
    <article aria-labelledby={titleId}>
      <Card>
        <CardHeader className="gap-3">
          <EditionMeta edition={edition} />
          <CardTitle as="h3" id={titleId} className="text-xl sm:text-2xl">
            {/* The edition's own page, named by the title. */}
            <Link
              to={editionPath(edition)}
              className="rounded-sm underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              {edition.title}
            </Link>
          </CardTitle>
          <CardDescription className="text-base">{edition.excerpt}</CardDescription>
          <EditionTags tags={edition.tags} />
        </CardHeader>
      </Card>
    </article>
  );
}
