import type { SectionStatus } from "@portfolio/api-client/admin";
import { cell, ScrollTable } from "../scroll-table";
import { sectionLabel } from "./format";
import { ReleaseRow } from "./release-row";

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
    <ScrollTable
      name={{ label: name }}
      caption={`${name}, newest first.`}
      columns={[
        "Version",
        "Published",
        "By",
        "Check",
        <span key="action" className="sr-only">
          Action
        </span>,
      ]}
      minWidth="min-w-[44rem]"
    >
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
    </ScrollTable>
  );
}
