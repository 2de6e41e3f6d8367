import type { EditionResults as Results } from "@portfolio/api-client/admin";

/**
 * What became of an edition's last send, from the relay's reports: sent, delivered
 * (where the relay reports it), bounced, complained, and unsubscribed within 7 days.
 * No open or click is tracked, so none is shown.
 */
export function EditionResults({ results, titleId }: { results: Results; titleId: string }) {
  const figures: [label: string, value: number][] = [
    ["Sent", results.sent],
    ["Delivered", results.delivered],
    ["Bounced", results.bounced],
    ["Complained", results.complained],
    ["Unsubscribed within 7 days", results.unsubscribed],
  ];
  return (
    <dl
      aria-describedby={titleId}
      aria-label="Results of the last send"
      className="grid grid-cols-[auto_auto] gap-x-3 gap-y-1 text-sm sm:grid-cols-[auto_auto_auto_auto]"
    >
      {figures.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
