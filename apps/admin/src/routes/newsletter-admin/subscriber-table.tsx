import type { SubscriberPage, SubscriberState } from "@portfolio/api-client/admin";
import { Badge, type BadgeVariant } from "@portfolio/ui/badge";
import { Blank, Timestamp } from "./format";

export const stateLabels: Record<SubscriberState, string> = {
  confirmed: "Confirmed",
  unconfirmed: "Unconfirmed",
  unsubscribed: "Unsubscribed",
};

const stateBadges: Record<SubscriberState, BadgeVariant> = {
  confirmed: "default",
  unconfirmed: "secondary",
  unsubscribed: "outline",
};

const cell = "px-4 py-3 text-left align-top";

/**
 * One page of subscribers as a table (named by the card's heading), or what stands in
 * for it: none of the chosen state, or loading the first page.
 */
export function SubscriberTable({
  data,
  state,
  where,
  fetching,
  pending,
}: {
  data: SubscriberPage | undefined;
  state: SubscriberState | "";
  /** "Page n of m", said in the table's caption. */
  where: string;
  fetching: boolean;
  pending: boolean;
}) {
  return (
    <>
      {/* Scrolls sideways on a phone; focusable so a keyboard can scroll it too. */}
      {/* biome-ignore lint/a11y/useSemanticElements: a named scroll region around a table, not a document section */}
      <div
        role="region"
        aria-labelledby="admin-subscribers-heading"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (axe: scrollable-region-focusable)
        tabIndex={0}
        className="relative overflow-x-auto rounded-md border border-border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <table className="w-full min-w-[40rem] text-sm" aria-busy={fetching}>
          <caption className="sr-only">
            Subscribers{state ? ` (${stateLabels[state].toLowerCase()})` : ""}, newest first.{" "}
            {where}.
          </caption>
          <thead className="bg-muted text-muted-foreground">
            <tr>
              <th scope="col" className={cell}>
                Email
              </th>
              <th scope="col" className={cell}>
                Name
              </th>
              <th scope="col" className={cell}>
                State
              </th>
              <th scope="col" className={cell}>
                Subscribed
              </th>
              <th scope="col" className={cell}>
                Confirmed
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {data?.items.map((s) => (
              <tr key={s.email}>
                <td className={`${cell} whitespace-nowrap font-medium`}>{s.email}</td>
                <td className={cell}>{s.name || <Blank spoken="no name" />}</td>
                <td className={cell}>
                  <Badge variant={stateBadges[s.state]}>{stateLabels[s.state]}</Badge>
                  {s.state === "unsubscribed" && s.unsubscribedAt ? (
                    <span className="mt-1 block text-xs text-muted-foreground">
                      <Timestamp iso={s.unsubscribedAt} />
                    </span>
                  ) : null}
                </td>
                <td className={cell}>
                  <Timestamp iso={s.subscribedAt} />
                </td>
                <td className={cell}>
                  <Timestamp iso={s.confirmedAt} />
                </td>
              </tr>
            ))}
            {data && data.items.length === 0 ? (
              <tr>
                <td colSpan={5} className={`${cell} text-muted-foreground`}>
                  {state ? `No ${state} subscribers.` : "No subscribers yet."}
                </td>
              </tr>
            ) : null}
            {!data && pending ? (
              <tr>
                <td colSpan={5} className={`${cell} text-muted-foreground`}>
                  Loading subscribers…
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
    </>
  );
}
