// The browser's search (src/search/search-index.ts) against the table the gateway's
// no-JavaScript results page is held to (services/gateway/internal/search/testdata).
import { readFileSync } from "node:fs";
import path from "node:path";
import type { SearchDocument } from "@portfolio/content/search";
import { describe, expect, it } from "vitest";
import { createSearch, excerpt, oneEdit, words } from "../src/search/search-index";

const fixture = JSON.parse(
  readFileSync(
    path.resolve(
      import.meta.dirname,
      "../../../services/gateway/internal/search/testdata/queries.json",
    ),
    "utf8",
  ),
) as {
  documents: SearchDocument[];
  queries: { query: string; ids: string[]; ordered?: boolean }[];
  oneEdit: [string, string, boolean][];
};

describe("site search in the browser", () => {
  const search = createSearch(fixture.documents);

  it.each(fixture.queries)("'$query' finds what the gateway finds", ({ query, ids, ordered }) => {
    const found = search.search(query).map((r) => r.document.id);
    if (ordered) expect(found).toEqual(ids);
    else expect([...found].sort()).toEqual([...ids].sort());
  });

  it("marks the word a typo was taken for", () => {
    const [result, ...others] = search.search("kuberntes velero");
    expect(others).toEqual([]);
    expect(result?.excerpt.filter((r) => r.match).map((r) => r.text)).toEqual([
      "Velero",
      "Kubernetes",
    ]);
  });

  it.each(fixture.oneEdit)("oneEdit(%s, %s) is %s both ways, as the gateway's", (a, b, want) => {
    expect(oneEdit(a, b)).toBe(want);
    expect(oneEdit(b, a)).toBe(want);
  });

  it("marks every matching word of the excerpt around the first match", () => {
    const [result] = search.search("ndots");
    const runs = result?.excerpt ?? [];
    expect(runs.filter((r) => r.match).map((r) => r.text)).toEqual(["ndots"]);
    expect(runs.map((r) => r.text).join("")).toContain("The ndots setting multiplied the queries");
  });

  it("falls back to the excerpt when only the title matches", () => {
    const doc = fixture.documents[2] as SearchDocument;
    const runs = excerpt(doc, ["night"]);
    expect(runs.map((r) => r.text).join("")).toBe(doc.excerpt);
  });

  it("splits words as the gateway does", () => {
    expect(words("CoreDNS fell-over at 2 a.m.!")).toEqual([
      "coredns",
      "fell",
      "over",
      "at",
      "2",
      "a",
      "m",
    ]);
  });
});
