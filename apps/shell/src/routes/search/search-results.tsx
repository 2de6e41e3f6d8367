import { Link } from "react-router";
import { SECTION_LABELS, type SearchResult } from "../../search/search-index";

/**
 * The results list. The gateway writes the same markup for the page it renders without
 * JavaScript (internal/search/page.go): keep the two alike.
 */
export function SearchResults({ query, results }: { query: string; results: SearchResult[] }) {
  return (
    <section aria-labelledby="search-results-heading" className="mt-10">
      <h2 id="search-results-heading" className="text-xl font-semibold">
        {results.length === 0
          ? `No results for “${query}”`
          : `${results.length} result${results.length === 1 ? "" : "s"} for “${query}”`}
      </h2>
      <ol className="mt-6 flex flex-col gap-4">
        {results.map(({ document, excerpt }) => (
          <li key={document.id} className="rounded-lg border border-border p-5">
            <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
              {SECTION_LABELS[document.section]}
            </p>
            <h3 className="mt-1 text-lg font-semibold">
              <Link to={document.url} className="underline-offset-4 hover:underline">
                {document.title}
              </Link>
            </h3>
            <p className="mt-2 text-sm text-muted-foreground">
              {/* The runs of one excerpt never move: their place is their key. */}
              {excerpt.map((run, i) => (run.match ? <mark key={i}>{run.text}</mark> : run.text))}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
