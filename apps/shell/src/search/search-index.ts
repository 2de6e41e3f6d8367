import type { SearchDocument } from "@portfolio/content/search";
import MiniSearch, { type Query } from "minisearch";

// The site's search in the browser (docs/decisions/0042-search.md): the documents the
// gateway serves at /search.json (the shell's and every section's, as their builds
// made them), indexed here with MiniSearch on first use. The gateway's no-JavaScript
// results page searches the same documents (internal/search) with the same fields and
// weights, and matches words by the same rule, a typo included
// (docs/decisions/0054-search-everywhere-one-typo.md).

/** A result: its document and the text around its first match, cut into runs. */
export interface SearchResult {
  document: SearchDocument;
  excerpt: { text: string; match: boolean }[];
}

export const SECTION_LABELS: Record<SearchDocument["section"], string> = {
  blog: "Blog",
  newsletter: "Newsletter",
  projects: "Projects",
  talks: "Talks",
};

const WORD = /[\p{L}\p{N}]+/gu;

/** Lower-case words of letters and digits, as the gateway splits them. */
export function words(text: string): string[] {
  return (text.toLowerCase().match(WORD) ?? []) as string[];
}

export interface SiteSearch {
  search(query: string): SearchResult[];
}

/** The shortest word in which a typo is forgiven (the gateway's TypoMinLetters). */
const TYPO_MIN_LETTERS = 5;

/**
 * Whether `a` and `b` are one edit apart: a letter added, dropped or changed, or two
 * neighbours swapped (the gateway's OneEdit). Letters are code points.
 */
export function oneEdit(a: string, b: string): boolean {
  let [x, y] = [[...a], [...b]];
  if (x.length > y.length) [x, y] = [y, x];
  if (y.length - x.length > 1) return false;
  let i = 0;
  while (i < x.length && x[i] === y[i]) i++;
  const same = (from: number, to: number) => x.slice(from).join("") === y.slice(to).join("");
  if (x.length < y.length) return same(i, i + 1);
  if (i === x.length) return false;
  if (same(i + 1, i + 1)) return true;
  return i + 1 < x.length && x[i] === y[i + 1] && x[i + 1] === y[i] && same(i + 2, i + 2);
}

/**
 * What one word of a query finds: the words that start with it when any word of the
 * documents does; otherwise, in a word of five letters or more, the words one edit
 * away (a typo: "kuberntes" finds Kubernetes); otherwise nothing. The gateway's rule.
 */
type Match = { prefix: string } | { fixes: readonly string[] };

function matchFor(term: string, vocabulary: readonly string[]): Match {
  if (vocabulary.some((w) => w.startsWith(term))) return { prefix: term };
  if ([...term].length < TYPO_MIN_LETTERS) return { fixes: [] };
  return { fixes: vocabulary.filter((w) => oneEdit(term, w)) };
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
      combineWith: "AND",
    },
  });
  index.addAll(documents);
  const byId = new Map(documents.map((d) => [d.id, d]));
  // Every word of every field, once: where a typo's corrections are looked up.
  const vocabulary = [
    ...new Set(
      documents.flatMap((d) => words([d.title, ...d.headings, d.excerpt, d.text].join(" "))),
    ),
  ];
  return {
    search(query) {
      const terms = words(query).slice(0, 8);
      if (terms.length === 0) return [];
      const found = terms.map((term) => matchFor(term, vocabulary));
      if (found.some((m) => "fixes" in m && m.fixes.length === 0)) return [];
      // A typo's corrections are whole words (no prefix), any one of them will do.
      const queries = found.map(
        (m): Query =>
          "prefix" in m ? m.prefix : { queries: [...m.fixes], combineWith: "OR", prefix: false },
      );
      const prefixes = found.flatMap((m) => ("prefix" in m ? [m.prefix] : []));
      const fixes = found.flatMap((m) => ("fixes" in m ? m.fixes : []));
      return index.search({ queries, combineWith: "AND" }).flatMap((hit) => {
        const document = byId.get(String(hit.id));
        return document ? [{ document, excerpt: excerpt(document, prefixes, fixes) }] : [];
      });
    },
  };
}

const BEFORE = 60;
const AFTER = 140;

/** A word (lower case) matched: it starts with one of `prefixes` or is one of `fixes`. */
type Matches = (word: string) => boolean;

/**
 * The body around its first matching word (the excerpt when the body has none), matches
 * marked: words that start with one of `prefixes`, and the words typos were taken for.
 */
export function excerpt(
  doc: SearchDocument,
  prefixes: readonly string[],
  fixes: readonly string[] = [],
): SearchResult["excerpt"] {
  const matches: Matches = (word) =>
    prefixes.some((t) => word.startsWith(t)) || fixes.includes(word);
  let text = doc.text;
  let start = firstMatch(text, matches);
  if (start < 0) {
    text = doc.excerpt;
    start = Math.max(0, firstMatch(text, matches));
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
    if (!matches(m[0].toLowerCase())) continue;
    if (m.index > last) out.push({ text: window.slice(last, m.index), match: false });
    out.push({ text: m[0], match: true });
    last = m.index + m[0].length;
  }
  if (last < window.length) out.push({ text: window.slice(last), match: false });
  if (to < text.length) out.push({ text: "…", match: false });
  return out;
}

function firstMatch(text: string, matches: Matches): number {
  for (const m of text.matchAll(WORD)) if (matches(m[0].toLowerCase())) return m.index;
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
