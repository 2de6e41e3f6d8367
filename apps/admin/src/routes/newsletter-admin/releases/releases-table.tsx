import type { SectionStatus } from "@portfolio/api-client/admin";
import { sectionLabel } from "./format";
import { cell, ReleaseRow } from "./release-row";

/** A section's published releases, newest first, each with its verdict and 'Promote'. */
export function ReleasesTable({
  section,
  onPromoted,
}: {
  section: SectionStatus;
  onPromoted: () => void;
}) {
  const name = `${sectionLabel(section.name)} releases`;
  return (
    // Scrolls sideways on a phone; focusable so a keyboard can scroll it too.
    // biome-ignore lint/a11y/useSemanticElements: a named scroll region around a table, not a document section
    <div
      role="region"
      aria-label={name}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (axe: scrollable-region-focusable)
      tabIndex={0}
      className="relative overflow-x-auto rounded-md border border-border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <table className="w-full min-w-[44rem] text-sm">
        <caption className="sr-only">{name}, newest first.</caption>
        <thead className="bg-muted text-muted-foreground">
          <tr>
            <th scope="col" className={cell}>
              Version
            </th>
            <th scope="col" className={cell}>
              Published
            </th>
            <th scope="col" className={cell}>
              By
            </th>
            <th scope="col" className={cell}>
              Check
            </th>
            <th scope="col" className={cell}>
              <span className="sr-only">Action</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {section.releases.map((release) => (
            <ReleaseRow
              key={release.version}
              section={section.name}
              release={release}
              serving={section.serving}
              onPromoted={onPromoted}
            />
          ))}
          {section.releases.length === 0 ? (
            <tr>
              <td colSpan={5} className={`${cell} text-muted-foreground`}>
                No releases published yet.
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}
