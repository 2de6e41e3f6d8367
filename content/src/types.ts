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
