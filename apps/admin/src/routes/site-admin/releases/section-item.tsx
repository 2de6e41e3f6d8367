import type { SectionStatus } from "@portfolio/api-client/admin";
import { useCallback, useRef } from "react";
import { sectionLabel, servingInSentence, servingLabel } from "./format";
import { ReleasesTable } from "./releases-table";
import { RollBack } from "./roll-back";
import { SectionHistory } from "./section-history";
import { SectionKeys } from "./section-keys";

/** One section: what it serves, 'Roll back', its releases, its signing keys and its history. */
export function SectionItem({ section }: { section: SectionStatus }) {
  const label = sectionLabel(section.name);
  const headingId = `admin-section-${section.name}-heading`;
  const root = useRef<HTMLElement>(null);
  const status = useRef<HTMLParagraphElement>(null);

  // A promote replaces the row's button with 'Serving': focus would fall to the page's
  // top. Unless it has moved elsewhere meanwhile, it goes to what the section serves now.
  const focusStatus = useCallback(() => {
    const active = document.activeElement;
    if (!active || active === document.body || root.current?.contains(active))
      status.current?.focus();
  }, []);

  return (
    <section ref={root} aria-labelledby={headingId} className="flex flex-col gap-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h3 id={headingId} className="text-lg font-semibold">
            {label}
          </h3>
          <p ref={status} tabIndex={-1} className="break-all text-sm focus:outline-none">
            Serving:{" "}
            <strong className={section.serving ? "font-mono" : undefined}>
              {servingLabel(section.serving)}
            </strong>
          </p>
          {section.canary ? (
            <p className="break-all text-sm">
              Canary: <strong className="font-mono">{section.canary.version}</strong> to{" "}
              {section.canary.percent}% of new visitors; the others get{" "}
              {servingInSentence(section.serving)}.
              {section.canary.stages?.length
                ? ` Next: ${section.canary.stages.join("%, ")}%.`
                : null}
            </p>
          ) : null}
        </div>
        <RollBack section={section} headingId={headingId} />
      </div>
      <ReleasesTable section={section} onPromoted={focusStatus} />
      <SectionKeys section={section} />
      <SectionHistory label={label} history={section.history} />
    </section>
  );
}
