// @portfolio/content/talks: talks and events, newest first.
import talksJson from "../talks.json";
import { deepFreeze } from "./freeze";
import { tagSlug } from "./tags.mjs";
import type { Talk } from "./types";

export type { Talk } from "./types";

export const talks: readonly Talk[] = deepFreeze(talksJson.talks as Talk[]);

/**
 * The id of a talk's card on /talks, which search results link to (/talks#<anchor>):
 * its title as a slug, by the same rule as a tag's ("GitOps at Scale: …" →
 * "gitops-at-scale-…"), so it stays when talks are added above it.
 */
export function talkAnchor(talk: Pick<Talk, "title">): string {
  return tagSlug(talk.title);
}
