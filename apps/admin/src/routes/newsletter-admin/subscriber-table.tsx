import type { SubscriberPage, SubscriberState } from "@portfolio/api-client/admin";
import { Badge, type BadgeVariant } from "@portfolio/ui/badge";
import { Blank, Timestamp } from "./format";
import { cell, ScrollTable } from "./scroll-table";

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
    <ScrollTable
      name={{ labelledBy: "admin-subscribers-heading" }}
      caption={
        <>
          Subscribers{state ? ` (${stateLabels[state].toLowerCase()})` : ""}, newest first. {where}.
        </>
      }
      columns={["Email", "Name", "State", "Subscribed", "Confirmed"]}
      minWidth="min-w-[40rem]"
      busy={fetching}
    >
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
    </ScrollTable>
  );
}
