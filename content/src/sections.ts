// The site's sections, from sections.json, the one list of their names
// (docs/decisions/0065): which are the shell's remotes, which ship in releases of their
// own, and what the admin calls them.
import { sections } from "../dist/types/sections";

export { sections };

type Info = (typeof sections)[number];

/** Any section's name. */
export type SectionName = Info["name"];
/** A remote's name: a section the shell loads from /mf/remotes.json. */
export type RemoteName = Extract<Info, { remote: true }>["name"];
/** A section that ships in releases of its own (`make release SECTION=…`). */
export type ReleasedName = Extract<Info, { released: true }>["name"];

/** The remotes, in the order remotes.json lists them. */
export const remoteNames: readonly RemoteName[] = sections
  .filter((s): s is Extract<Info, { remote: true }> => s.remote)
  .map((s) => s.name);

/** 'blog' → 'Blog'; a name this build does not know (a newer gateway's) stays itself. */
export const sectionLabel = (name: string): string =>
  sections.find((s) => s.name === name)?.label ?? name;
