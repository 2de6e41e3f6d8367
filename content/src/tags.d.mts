// Types of tags.mjs (plain JavaScript, shared with the Node build script).

/** The tags page, /blog/tags; a tag's own page is /blog/tags/<slug>. */
export declare const TAGS_PATH: "/blog/tags";
/** "CI/CD" → "ci-cd", "Cost Optimization" → "cost-optimization" (content/tags.go TagSlug). */
export declare function tagSlug(tag: string): string;
/** Posts tagged “name” (content/tags.go TagTitle). */
export declare function tagTitle(name: string): string;
/** /blog/tags/<slug>. */
export declare function tagUrl(tag: string): string;
/** Problems with one post's tags (slug clashes, no slug), one "file: pointer: message" each. */
export declare function tagProblems(
  file: string,
  tags: readonly string[],
  seen: Map<string, { tag: string; file: string }>,
): string[];
