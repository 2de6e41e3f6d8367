import { buttonClasses } from "@portfolio/ui/button";
import { SearchIcon } from "@portfolio/ui/icons";

/**
 * Search: a link to the search page (/search), which works without JavaScript; with it,
 * a click, `/` or Ctrl/⌘-K opens the search palette instead (src/document/search.ts).
 */
export function SearchLink() {
  return (
    <a
      href="/search"
      data-search-open=""
      aria-label="Search"
      aria-keyshortcuts="/ Control+K Meta+K"
      title="Search (/)"
      className={buttonClasses({ variant: "ghost", size: "icon" })}
    >
      <SearchIcon />
    </a>
  );
}
