import type { SearchDocument } from "@portfolio/content/search";
import MiniSearch from "minisearch";

// The site's search in the browser (docs/decisions/0042-search.md): the documents the
// gateway serves at /search.json (every section's, as its release built them), indexed
// here with MiniSearch on first use. The gateway's no-JavaScript results page searches
// the same documents (internal/search) with the same fields and weights; MiniSearch
// also forgives a typo.

/** A result: its document and the text around its first match, cut into runs. */
export interface SearchResult {
  document: SearchDocument;
  excerpt: { text: string; match: boolean }[];
}

export const SECTION_LABELS: Record<SearchDocument["section"], string> = {
  blog: "Blog",
  newsletter: "Newsletter",
};

const WORD = /[\p{L}\p{N}]+/gu;

/** Lower-case words of letters and digits, as the gateway splits them. */
export function words(text: string): string[] {
  return (text.toLowerCase().match(WORD) ?? []) as string[];
}

export interface SiteSearch {
  search(query: string): SearchResult[];
}

/** Indexes `documents`: title, headings, excerpt and body, weighted 5, 3, 2, 1. */
export function createSearch(documents: readonly SearchDocument[]): SiteSearch {
  const index = new MiniSearch<SearchDocument>({
    fields: ["title", "headings", "excerpt", "text"],
    storeFields: [],
    tokenize: (text) => words(text),
    processTerm: (term) => term.toLowerCase(),
    extractField: (doc, field) => {
      const value = doc[field as keyof SearchDocument];
      return Array.isArray(value) ? value.join(" ") : String(value ?? "");
    },
    searchOptions: {
      boost: { title: 5, headings: 3, excerpt: 2 },
      prefix: true,
      // A typo in a word of five letters or more still finds it.
      fuzzy: (term) => (term.length >= 5 ? 1 : 0),
      combineWith: "AND",
    },
  });
  index.addAll(documents);
  const byId = new Map(documents.map((d) => [d.id, d]));
  return {
    search(query) {
      const terms = words(query).slice(0, 8);
      if (terms.length === 0) return [];
      return index.search(terms.join(" ")).flatMap((hit) => {
        const document = byId.get(String(hit.id));
        if (!document) return [];
        // The words MiniSearch matched (with a typo forgiven, the word it found).
        const matched = [...new Set([...terms, ...Object.keys(hit.match)])];
        return [{ document, excerpt: excerpt(document, matched) }];
      });
    },
  };
}

const BEFORE = 60;
const AFTER = 140;

/** Whether `word` (lower case) starts with one of `terms`. */
const matches = (word: string, terms: readonly string[]) => terms.some((t) => word.startsWith(t));

/** The body around its first matching word (the excerpt when the body has none), matches marked. */
export function excerpt(doc: SearchDocument, terms: readonly string[]): SearchResult["excerpt"] {
  let text = doc.text;
  let start = firstMatch(text, terms);
  if (start < 0) {
    text = doc.excerpt;
    start = Math.max(0, firstMatch(text, terms));
  }
  let from = Math.max(0, start - BEFORE);
  let to = Math.min(text.length, start + AFTER);
  while (from > 0 && from < text.length && text[from - 1] !== " ") from++;
  while (to < text.length && text[to] !== " ") to++;
  const window = text.slice(Math.min(from, to), to).trim();
  const out: SearchResult["excerpt"] = [];
  if (from > 0) out.push({ text: "…", match: false });
  let last = 0;
  for (const m of window.matchAll(WORD)) {
    if (!matches(m[0].toLowerCase(), terms)) continue;
    if (m.index > last) out.push({ text: window.slice(last, m.index), match: false });
    out.push({ text: m[0], match: true });
    last = m.index + m[0].length;
  }
  if (last < window.length) out.push({ text: window.slice(last), match: false });
  if (to < text.length) out.push({ text: "…", match: false });
  return out;
}

function firstMatch(text: string, terms: readonly string[]): number {
  for (const m of text.matchAll(WORD)) if (matches(m[0].toLowerCase(), terms)) return m.index;
  return -1;
}

let loading: Promise<SiteSearch> | undefined;

/** The site's search, its documents fetched once (a failure is tried again next time). */
export function loadSearch(): Promise<SiteSearch> {
  loading ??= fetch("/search.json", { headers: { Accept: "application/json" } })
    .then((response) => {
      if (!response.ok) throw new Error(`/search.json: HTTP ${response.status}`);
      return response.json() as Promise<{ documents: SearchDocument[] }>;
    })
    .then(({ documents }) => createSearch(documents))
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}
