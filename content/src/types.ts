// Types mirror schema/*.schema.json; the schema test keeps the JSON honest and
// `satisfies` below keeps these types honest against the JSON.

export interface Link {
  label: string;
  path: string;
}

export type SocialNetwork = "linkedin" | "github" | "twitter" | "devto";

export interface SocialLink {
  network: SocialNetwork;
  label: string;
  url: string;
}

export interface Owner {
  name: string;
  headline: string;
  email: string;
  phone: string;
  location: string;
  responseTime: string;
}

export interface Site {
  owner: Owner;
  siteName: string;
  description: string;
  navigation: Link[];
  footer: { year: number; tagline: string; links: Link[] };
  social: SocialLink[];
  stats: { newsletterSubscribers: number };
}

export type Section = "shell" | "blog" | "newsletter" | "admin";

export interface Route {
  /** A path such as `/projects/{id}`: `{name}` stands for one path segment. */
  path: string;
  section: Section;
  title: string;
  description: string;
  noindex?: boolean;
}

// ---------------------------------------------------------------------------------
// Shell pages: home.json, skills.json, resume.json, projects.json,
// project-details.json, talks.json, legal.json, contact.json (and their schemas).

/**
 * A picture: a site-local path under `/images/` (shipped in `content/images/`, served
 * by the gateway) or an external https URL. Width and height are the intrinsic size,
 * for `<img width height>` so the page does not shift while it loads.
 */
export interface ContentImage {
  src: string;
  width: number;
  height: number;
  alt: string;
}

export interface HomeCta {
  label: string;
  /** A route of the site, e.g. `/projects`. */
  path: string;
}

export interface Home {
  /** Shown before `site.owner.name`, e.g. "Hi, I'm". */
  greeting: string;
  headline: string;
  /** Two or three sentences. */
  pitch: string;
  /** Profile photo, shown only on large screens. */
  photo: ContentImage;
  primaryCta: HomeCta;
  secondaryCta: HomeCta;
  /** Heading of the social links (the links themselves are `site.social`). */
  socialHeading: string;
  /** Label of the mail link (`site.owner.email`) shown with the social links. */
  emailLabel: string;
}

/** The icon keys the UI maps to icons. */
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

/** Accent color tokens; not CSS classes — each UI maps them to its own styles. */
export type SkillColor =
  | "slate"
  | "gray"
  | "red"
  | "orange"
  | "amber"
  | "yellow"
  | "lime"
  | "green"
  | "emerald"
  | "teal"
  | "cyan"
  | "sky"
  | "blue"
  | "indigo"
  | "violet"
  | "purple"
  | "fuchsia"
  | "pink"
  | "rose";

export interface Skill {
  name: string;
  /** Any key is allowed: a key that is not a KnownSkillIcon shows the default icon. */
  icon: KnownSkillIcon | (string & {});
  color: SkillColor;
  description: string;
  /** 'Professional Achievements': four per skill. */
  achievements: string[];
}

export interface Experience {
  title: string;
  company: string;
  /** Display text, e.g. "Jan 2022 – Present". */
  duration: string;
  location: string;
  achievements: string[];
}

export interface Education {
  degree: string;
  /** Lowercase `university`: the spec's capital-U field showed an empty line (fixed). */
  university: string;
  year: number;
}

export interface Certification {
  name: string;
  provider: string;
  year: number;
}

export interface Resume {
  /** Professional summary at the top of the printable resume. */
  summary: string;
  /** Most recent first. */
  experience: Experience[];
  education: Education[];
  certifications: Certification[];
}

export type ProjectCategory = "DevOps" | "Infrastructure" | "Monitoring" | "Automation" | "Cloud";

export interface Project {
  /** 1 to 8; `/projects/{id}` parses it as an integer. */
  id: number;
  title: string;
  description: string;
  technologies: string[];
  image: ContentImage;
  githubUrl: string;
  /** No live demo when null or absent: the 'Demo' / 'Live Demo' link is not shown. */
  liveUrl?: string | null;
  category: ProjectCategory;
  featured?: boolean;
}

export interface TechStackGroup {
  category: string;
  tools: string[];
}

export interface ProjectDetail {
  overview: string;
  /**
   * HTML limited to attribute-less p, ul, ol, li, strong, em, code and h3 (the schema
   * and the Go loader enforce it). Still sanitize before rendering.
   */
  architecture: string;
  /** HTML, same rules as `architecture`. */
  challenges: string;
  /** Display text, e.g. "6 months". */
  timeline: string;
  /** Display text, e.g. "5 engineers". */
  teamSize: string;
  features: string[];
  techStack: TechStackGroup[];
}

/** A project with its own extra detail, if it has any (never another project's). */
export interface ProjectPage {
  project: Project;
  detail?: ProjectDetail;
}

export interface Talk {
  title: string;
  event: string;
  description: string;
  tags: string[];
  /** ISO calendar date, YYYY-MM-DD. */
  date: string;
  /** Absent when there is no recording: 'Watch Video' is not shown. */
  videoUrl?: string;
  /** Absent when there are no slides: 'View Slides' is not shown. */
  slidesUrl?: string;
}

export interface LegalSection {
  /** Anchor of the section heading. */
  id: string;
  heading: string;
  paragraphs: string[];
  /** Bullet list shown after the paragraphs. */
  list?: string[];
}

export interface LegalDocument {
  title: string;
  /** ISO date (YYYY-MM-DD) kept in content, shown in en-IN format — not today's date. */
  lastUpdated: string;
  intro: string;
  sections: LegalSection[];
}

export interface PrivacyPolicy extends LegalDocument {
  /** Response time to privacy requests, in hours (48); the prose states it too. */
  responseTimeHours: number;
  /** The site is not directed at people under this age (18). */
  minimumAge: number;
}

export interface TermsOfUse extends LegalDocument {
  /** Notice before material changes, in days (30). */
  noticePeriodDays: number;
  /** Jurisdiction whose laws govern the terms ("India"). */
  governingLaw: string;
}

export interface Legal {
  privacy: PrivacyPolicy;
  terms: TermsOfUse;
}

export type ContactSubjectValue = "collaboration" | "job" | "consulting" | "speaking" | "other";

export interface ContactField {
  label: string;
  placeholder: string;
}

export interface ContactSubject {
  value: ContactSubjectValue;
  label: string;
}

export interface ContactToast {
  title: string;
  description: string;
}

export interface Contact {
  heading: string;
  intro: string;
  form: {
    heading: string;
    fields: { name: ContactField; email: ContactField; subject: ContactField; message: ContactField };
    /** The five subjects in display order. */
    subjects: ContactSubject[];
    /** The subject the form starts (and resets) with. */
    defaultSubject: ContactSubjectValue;
    /** Label of the hidden 'website' field (the honeypot): people never see it, bots fill it in. */
    honeypotLabel: string;
    submitLabel: string;
    /** Submit label while sending. */
    pendingLabel: string;
  };
  /** The "Let's Connect" panel; the values come from `site.owner` and `site.social`. */
  connect: {
    heading: string;
    text: string;
    emailLabel: string;
    locationLabel: string;
    phoneLabel: string;
    responseTimeLabel: string;
    socialHeading: string;
  };
  /**
   * Spec section 5 (plus maximum lengths): checked on submit, in the form's order; the
   * first failing message goes in the toast. Lengths count characters (Unicode code
   * points) after trimming; the gateway checks the same rules with the same words.
   */
  validation: {
    nameMinLength: number;
    nameMaxLength: number;
    emailMaxLength: number;
    messageMinLength: number;
    messageMaxLength: number;
    messageRows: number;
    /** Toast title on a validation failure. */
    title: string;
    nameTooShort: string;
    nameTooLong: string;
    /** The name holds a line break or another control character. */
    nameNotOneLine: string;
    /** The name holds a bidirectional control character (it could show reordered). */
    nameDirection: string;
    invalidEmail: string;
    emailTooLong: string;
    invalidSubject: string;
    messageTooShort: string;
    messageTooLong: string;
  };
  toasts: { success: ContactToast; failure: ContactToast };
}

// ---------------------------------------------------------------------------------
// Markdown content: blog/*.md and newsletter/*.md, front matter per
// schema/blog-post.schema.json and schema/newsletter-edition.schema.json, rendered by
// scripts/build-markdown.mjs into dist/*.json (read by src/blog.ts, src/blog-articles.ts
// and src/newsletter.ts; not by this package's root export).

/** The spec's blog categories, in the schema's order. */
export type BlogCategory =
  | "Security"
  | "Infrastructure"
  | "Monitoring"
  | "Containers"
  | "CI/CD"
  | "Cloud"
  | "Networking"
  | "Database";

/** published: the article page exists; coming-soon: a disabled 'Coming Soon' card. */
export type PostStatus = "published" | "coming-soon";

/** A blog post's front matter (the YAML of content/blog/<slug>.md). */
export interface BlogPostFrontMatter {
  title: string;
  /** The URL segment, /blog/<slug>; equals the file name. */
  slug: string;
  excerpt: string;
  /** ISO date, YYYY-MM-DD (for a coming-soon post: the planned date). */
  date: string;
  /** Minutes. */
  readTime: number;
  category: BlogCategory;
  tags: string[];
  status: PostStatus;
}

interface BlogPostBase extends BlogPostFrontMatter {
  /** `date` as the spec shows it, e.g. "Dec 15, 2023" (formatted at build time). */
  displayDate: string;
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

/** A heading of an article, for a table of contents: `#id` is its anchor. */
export interface ArticleHeading {
  depth: number;
  id: string;
  /** Plain text. */
  text: string;
}

/** A published post with its article rendered to HTML. */
export interface Article extends PublishedPost {
  headings: ArticleHeading[];
  /**
   * The article body as HTML, rendered at build time from trusted content: headings
   * with ids, code highlighted by Shiki (import "@portfolio/content/code-theme.css"),
   * external links with target="_blank" rel="noopener noreferrer"; no raw HTML from
   * the Markdown and no script. Does not repeat the title.
   */
  html: string;
}

/** A DevOps Digest edition's front matter (the YAML of content/newsletter/<NN>-<slug>.md). */
export interface EditionFrontMatter {
  /** 1 for the first edition; the file name starts with it. */
  id: number;
  /** "#<id> ...". */
  title: string;
  /** The edition's month, YYYY-MM. */
  date: string;
  excerpt: string;
  /** Minutes. */
  readTime: number;
  tags: string[];
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
  /** The same text rendered from Markdown (paragraphs, lists, highlighted code). */
  html: string;
}

// ---------------------------------------------------------------------------------
// The newsletter page's copy: newsletter-page.json (schema/newsletter-page.schema.json).

export interface NewsletterToast {
  title: string;
  description: string;
}

export interface NewsletterField {
  label: string;
  placeholder: string;
}

/** The icons the newsletter page draws beside 'What to Expect' items. */
export type NewsletterExpectIcon = "war-stories" | "deep-dives" | "architecture" | "wisdom";

/** /newsletter's texts. `{subscribers}` in a text stands for `site.stats.newsletterSubscribers`. */
export interface NewsletterPage {
  heading: string;
  intro: string;
  /** Accessible name of the list of badges. */
  badgesLabel: string;
  /** Monthly, {subscribers} Subscribers, Zero Spam. */
  badges: string[];
  links: { home: string; blog: string };
  expect: {
    heading: string;
    items: { icon: NewsletterExpectIcon; title: string; description: string }[];
  };
  form: {
    heading: string;
    description: string;
    fields: { name: NewsletterField; email: NewsletterField };
    /** Shown in the (optional) name field's label. */
    optionalLabel: string;
    /** Label of the hidden honeypot field: people never see it, bots fill it in. */
    honeypotLabel: string;
    submitLabel: string;
    /** Submit label while subscribing. */
    pendingLabel: string;
  };
  /** Spec section 5: email valid; name optional, at least `nameMinLength` characters when given. */
  validation: {
    nameMinLength: number;
    nameTooShort: string;
    invalidEmail: string;
  };
  /** The card that replaces the form after subscribing. */
  welcome: { heading: string; text: string };
  toasts: { success: NewsletterToast; failure: NewsletterToast };
  editions: { heading: string; intro: string };
  /** 'Don't Miss Out': its button scrolls the page to `scrollTop` px. */
  cta: { heading: string; text: string; button: string; scrollTop: number };
}
