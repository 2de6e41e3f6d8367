import { useStaticRender } from "@portfolio/router";
import { Button } from "@portfolio/ui/button";
import { Page } from "@portfolio/ui/page";
import { useChunk } from "@portfolio/ui/use-chunk";
import { useSearchParams } from "react-router";
import { loadSearch, type SearchResult } from "../../search/search-index";
import { SearchResults } from "./search-results";

/**
 * /search: the form, and the results for `?q=`. The gateway answers this page itself
 * (internal/search: the same documents, searched on the server) and puts its results
 * where the build left <template data-search-results>, so it works without
 * JavaScript; once the app runs, it searches in the browser.
 */
export function Search() {
  const [params] = useSearchParams();
  const query = params.get("q")?.trim() ?? "";
  const built = useStaticRender();
  return (
    <Page
      title="Search"
      intro="The blog's articles, the newsletter's editions, the projects and the talks."
    >
      <search>
        <form action="/search" method="get" className="mt-8 flex max-w-xl gap-2">
          <label htmlFor="search-query" className="sr-only">
            Search the site
          </label>
          <input
            id="search-query"
            name="q"
            type="search"
            // No value in the build's HTML: the gateway writes the query right after the id.
            defaultValue={query || undefined}
            key={query}
            className="h-10 min-w-0 flex-1 rounded-md border border-input bg-background px-3 text-base outline-none focus-visible:ring-2 focus-visible:ring-ring"
          />
          <Button type="submit">Search</Button>
        </form>
      </search>
      {built ? <template data-search-results="" /> : <BrowserResults query={query} />}
    </Page>
  );
}

function BrowserResults({ query }: { query: string }) {
  const { chunk } = useChunk(loadSearch, { failure: "Search: the index could not be loaded." });
  if (!query) return null;
  if (chunk.state === "failed")
    return (
      <p role="alert" className="mt-10">
        Search is unavailable right now.
      </p>
    );
  if (chunk.state === "waiting") return <p className="mt-10 text-muted-foreground">Searching…</p>;
  const results: SearchResult[] = chunk.value.search(query);
  return <SearchResults query={query} results={results} />;
}
