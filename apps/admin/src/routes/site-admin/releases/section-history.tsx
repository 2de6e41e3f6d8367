import type { SectionEvent } from "@portfolio/api-client/admin";
import { Timestamp } from "../format";
import { describeEvent } from "./format";

/** Who published, promoted, rolled back or removed what, or added or removed a key, and when: newest first. */
export function SectionHistory({ label, history }: { label: string; history: SectionEvent[] }) {
  return (
    <div className="flex flex-col gap-2">
      <h4 className="text-sm font-semibold">History</h4>
      {history.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing has happened yet.</p>
      ) : (
        <ol aria-label={`${label} history`} className="flex flex-col gap-1.5 text-sm">
          {history.map((event) => (
            <li
              key={`${event.at} ${event.action} ${event.version} ${event.previous} ${event.key ?? ""}`}
              className="flex flex-wrap gap-x-2"
            >
              <span className="whitespace-nowrap text-muted-foreground">
                <Timestamp iso={event.at} />
              </span>
              <span className="min-w-0 break-words">
                <span className="font-medium">{event.actor}</span> {describeEvent(event)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
