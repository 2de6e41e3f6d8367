// The content's types. Those of the content files are generated from schema/*.schema.json
// at build time (scripts/build-types.mjs → dist/types/, git-ignored): the schemas are the
// one source. This file re-exports them and adds only what no schema describes — what
// the build renders from the Markdown (posts with display dates and HTML, editions
// with their text), a project with its detail, and the icon keys the UI maps.

import type { BlogPostFrontMatter } from "../dist/types/blog-post";
import type { Contact as ContactFile } from "../dist/types/contact";
import type { FormFields } from "../dist/types/form-fields";
import type { PrivacyPolicy } from "../dist/types/legal";
import type { EditionFrontMatter } from "../dist/types/newsletter-edition";
import type { NewsletterPage as NewsletterPageFile } from "../dist/types/newsletter-page";
import type { ProjectDetail } from "../dist/types/project-details";
import type { Project } from "../dist/types/projects";

export type { BlogCategory, BlogPostFrontMatter, PostStatus } from "../dist/types/blog-post";
export type {
  Contact as ContactFile,
  ContactField,
  ContactSubject,
  ContactSubjectValue,
  ContactToast,
} from "../dist/types/contact";
export type { FormFields } from "../dist/types/form-fields";
export type { ContentImage, Home, HomeCta } from "../dist/types/home";
export type { Legal, LegalSection, PrivacyPolicy, TermsOfUse } from "../dist/types/legal";
export type { EditionFrontMatter } from "../dist/types/newsletter-edition";
export type {
  NewsletterExpectIcon,
  NewsletterField,
  NewsletterPage as NewsletterPageFile,
  NewsletterToast,
} from "../dist/types/newsletter-page";
export type { ProjectDetail, TechStackGroup } from "../dist/types/project-details";
export type { Project, ProjectCategory } from "../dist/types/projects";
export type { Certification, Education, Experience, Resume } from "../dist/types/resume";
export type { Route } from "../dist/types/routes";
export type { Link, Owner, Site, SocialLink, SocialNetwork } from "../dist/types/site";
export type { Skill, SkillColor } from "../dist/types/skills";
export type { Talk } from "../dist/types/talks";

/**
 * The contact page as its form reads it: contact.json, its validation with the name's
 * and the email's rules of form-fields.json (every form's one source) beside its own.
 */
export type Contact = Omit<ContactFile, "validation"> & {
  validation: ContactFile["validation"] & FormFields;
};

/** The newsletter page as its form reads it: newsletter-page.json, with form-fields.json's rules. */
export type NewsletterPage = NewsletterPageFile & { validation: FormFields };

/** What both legal pages have (PrivacyPolicy and TermsOfUse add their constants). */
export type LegalDocument = Pick<PrivacyPolicy, "title" | "lastUpdated" | "intro" | "sections">;

/** A project with its own detail (never another project's). */
export interface ProjectPage {
  project: Project;
  detail: ProjectDetail;
}

/** The icon keys the UI maps; any other key of a skill shows the default icon. */
export type KnownSkillIcon =
  | "aws"
  | "azure"
  | "gcp"
  | "docker"
  | "kubernetes"
  | "network"
  | "cicd"
  | "terraform"
  | "jenkins"
  | "python"
  | "linux"
  | "monitoring"
  | "git"
  | "shell"
  | "ansible";

// ---------------------------------------------------------------------------------
// What scripts/build-markdown.mjs renders from blog/*.md and newsletter/*.md into
// dist/*.json (read by src/blog.ts, src/blog-articles.ts and src/newsletter.ts).

interface BlogPostBase extends BlogPostFrontMatter {
  /** `date` as the site shows it, e.g. "Dec 15, 2023" (formatted at build time). */
  displayDate: string;
  /** `updated` (when the front matter has it) formatted like displayDate. */
  displayUpdated?: string;
}

/** A post whose article page exists. */
export interface PublishedPost extends BlogPostBase {
  status: "published";
  /** The article's path, /blog/<slug>. */
  url: string;
}

/** A post announced but not written yet: no page, no URL. */
export interface ComingSoonPost extends BlogPostBase {
  status: "coming-soon";
}

/** A post as the list pages show it (no article HTML). */
export type BlogPost = PublishedPost | ComingSoonPost;

/**
 * A heading of an article (h2 or h3, in document order), for its table of contents:
 * `#id` is its anchor.
 */
export interface ArticleHeading {
  depth: 2 | 3;
  id: string;
  /** Plain text. */
  text: string;
}

/** A published post with its article rendered to HTML. */
export interface Article extends PublishedPost {
  /** The table of contents: every h2 and h3 of the body. */
  headings: ArticleHeading[];
  /**
   * The article body as HTML, rendered at build time from trusted content: headings
   * with ids (each h2/h3 ending with an `a.heading-anchor` "#" link to itself), code
   * blocks as `div.code-block > pre.shiki`, code highlighted by Shiki (import "@portfolio/content/code-theme.css"),
   * external links with target="_blank" rel="noopener noreferrer"; no raw HTML from
   * the Markdown and no script. Does not repeat the title.
   */
  html: string;
}

/** A DevOps Digest edition as a list shows it, without its text. */
export interface EditionSummary extends EditionFrontMatter {
  /** `date` as month and year text, e.g. "December 2024". */
  month: string;
}

/** A DevOps Digest edition with its text. */
export interface Edition extends EditionSummary {
  /** The full text, one paragraph per line; show it with line breaks preserved. */
  text: string;
  /**
   * The same text rendered from Markdown (paragraphs, lists, code blocks as
   * `div.code-block > pre.shiki`, highlighted as in an article).
   */
  html: string;
}
