import { rollbackSection, type SectionStatus } from "@portfolio/api-client/admin";
import { useId } from "react";
import { ConfirmAction } from "./confirm-action";
import { rollbackTarget, sectionLabel, servingInSentence } from "./format";
import { nowServes, useSectionAction } from "./use-section-action";

/**
 * 'Roll back': undoes the section's last promote. On the shipped build there is none to
 * undo (a rollback back to the shipped build undid the last promote standing), so the
 * button says so instead of asking the server for a 409.
 */
export function RollBack({ section, headingId }: { section: SectionStatus; headingId: string }) {
  const reasonId = useId();
  const label = sectionLabel(section.name);
  const rollback = useSectionAction({
    section: section.name,
    run: () => rollbackSection(section.name),
    done: "Rolled back",
    failed: "Roll back failed",
    describe: nowServes(section.name),
  });
  // While a canary runs, a rollback ends it: everyone gets what the section serves.
  const canary = section.canary;
  const nothing = section.serving === "" && !canary;
  const target = rollbackTarget(section.history);
  const back =
    target === undefined ? "what it served before its last promote" : servingInSentence(target);
  const title = canary
    ? `End the canary of ${label} ${canary.version}?`
    : `Roll back ${label} ${section.serving}?`;
  const description = canary
    ? `Every visitor will get ${servingInSentence(section.serving)} again, the ${canary.percent}% on ${canary.version} too, on every gateway within about a second.`
    : `${label} will serve ${back} again instead of ${section.serving}, on every gateway within about a second.`;
  return (
    <div className="flex flex-col items-start gap-1 sm:items-end">
      <ConfirmAction
        label="Roll back"
        pendingLabel="Rolling back..."
        pending={rollback.isPending}
        blocked={nothing}
        describedBy={nothing ? `${headingId} ${reasonId}` : headingId}
        title={title}
        description={description}
        onConfirm={() => rollback.mutate()}
      />
      {nothing ? (
        <p id={reasonId} className="text-xs text-muted-foreground">
          Nothing to roll back: the shipped build is served.
        </p>
      ) : null}
    </div>
  );
}
