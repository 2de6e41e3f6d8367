import type { ComponentType, ReactNode } from "react";

/** A remote section as the shell mounts it: what its prerender and standalone page share. */
export interface SectionMount {
  /** The section's path segment, e.g. "blog": mounted at `<Route path="blog/*">`. */
  base: string;
  Section: ComponentType;
  /** The providers the shell renders the section inside (the theme). */
  Providers: ComponentType<{ children: ReactNode }>;
}
