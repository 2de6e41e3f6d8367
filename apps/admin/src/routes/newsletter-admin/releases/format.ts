// How the Sections panel words versions and history: pure functions, tested alone.
import type { SectionEvent, SectionName } from "@portfolio/api-client/admin";

const sectionLabels: Record<SectionName, string> = {
  shell: "Shell",
  blog: "Blog",
  newsletter: "Newsletter",
  admin: "Admin",
};

/** 'blog' → 'Blog'; a section a newer gateway adds keeps its own name. */
export const sectionLabel = (name: string): string => sectionLabels[name as SectionName] ?? name;

/** What a section serves, on its own: '' is the build the gateway shipped with. */
export const servingLabel = (version: string): string => version || "Shipped build";

/** The same inside a sentence. */
export const servingInSentence = (version: string): string => version || "the shipped build";

/** One history entry as a sentence after its actor: 'promoted 1.2.0-abc, replacing the shipped build'. */
export function describeEvent(event: SectionEvent): string {
  switch (event.action) {
    case "publish":
      return `published ${event.version}`;
    case "promote":
      return `promoted ${event.version}, replacing ${servingInSentence(event.previous)}`;
    case "rollback":
      return `rolled back from ${servingInSentence(event.previous)} to ${servingInSentence(event.version)}`;
    case "expire":
      return `removed ${event.version} after its retention`;
    case "key-add":
      return `added the signing key ${event.key}`;
    case "key-remove":
      return `removed the signing key ${event.key}`;
    case "canary":
      return `gave ${event.version} to ${event.note ?? "a share"} of new visitors, beside ${servingInSentence(event.previous)}`;
    case "abort":
      return `rolled the canary ${event.previous} back by itself: ${event.note ?? ""}`;
    default:
      // An action a newer gateway records: still say what it was about.
      return `${String(event.action)} ${event.version}`;
  }
}

/**
 * What a rollback would serve, read from the history (newest first): the server undoes
 * the newest promote no rollback has undone yet and serves what that promote replaced.
 * Each rollback in the history undid the newest promote still standing before it, so
 * walking back, every rollback cancels the next promote not already cancelled.
 * undefined when the history shown (at most 20 entries) does not reach that promote.
 */
export function rollbackTarget(history: readonly SectionEvent[]): string | undefined {
  let undone = 0;
  for (const event of history) {
    if (event.action === "rollback") undone++;
    else if (event.action === "promote") {
      if (undone === 0) return event.previous;
      undone--;
    }
  }
  return undefined;
}
