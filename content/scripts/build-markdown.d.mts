// Types of build-markdown.mjs for the TypeScript tests that import it.
import type Ajv2020 from "ajv/dist/2020";
import type { Article, BlogPost, Edition } from "../src/types";

export declare const codeThemes: Readonly<{ light: string; dark: string }>;

export declare class ContentError extends Error {
  /** One "content/<dir>/<file>.md: <field>: <message>" per problem. */
  readonly problems: string[];
  constructor(problems: string[]);
}

export interface BuildOptions {
  /** The directory holding blog/ and newsletter/ (default: this package). */
  contentDir?: string;
  /** Where blog.json, blog-index.json, articles/, newsletter.json and newsletter-index.json go (default: contentDir/dist). */
  outDir?: string;
  /** Where editions.json, the editions' id, text and HTML for the Go module, goes (default: contentDir/rendered). */
  renderedDir?: string;
  /** How contentDir is named in messages (default: its base name). */
  label?: string;
}

export interface BuildResult {
  /** As written to blog.json: newest first; published posts with headings and html. */
  posts: (BlogPost | Article)[];
  editions: Edition[];
  /** Code languages highlighted by Shiki, and those rendered as plain text. */
  highlighted: string[];
  plain: string[];
  ms: number;
}

/** Validates and renders the Markdown content; throws ContentError on invalid content. */
export declare function buildMarkdown(options?: BuildOptions): Promise<BuildResult>;

export declare function splitFrontMatter(src: string): {
  frontMatter: string | undefined;
  body: string;
};
export declare function slugify(text: string): string;
/** A new heading-id maker for one document: slug of the text, "-2", "-3", ... on repeats. */
export declare function headingIds(): (text: string) => string;

/** The content schemas' Ajv: strict draft 2020-12, all errors, "format": "date" asserted. */
export declare function newAjv(): Ajv2020;
