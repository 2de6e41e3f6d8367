import type { SubscriberPage, SubscriberState } from "@portfolio/api-client/admin";
import { Badge, type BadgeVariant } from "@portfolio/ui/badge";
import { Blank, Timestamp } from "./format";
import { cell, Labelled, ScrollTable } from "./scroll-table";

const columns = ["Email", "Name", "State", "Subscribed", "Confirmed"];

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
      columns={columns}
      minWidth="sm:min-w-[40rem]"
      busy={fetching}
      stacked
    >
      {data?.items.map((s) => (
        <tr key={s.email}>
          <td className={`${cell} font-medium sm:whitespace-nowrap`}>
            <Labelled label="Email">
              <span className="break-all sm:break-normal">{s.email}</span>
            </Labelled>
          </td>
          <td className={cell}>
            <Labelled label="Name">{s.name || <Blank spoken="no name" />}</Labelled>
          </td>
          <td className={cell}>
            <Labelled label="State">
              <Badge variant={stateBadges[s.state]}>{stateLabels[s.state]}</Badge>
              {s.state === "unsubscribed" && s.unsubscribedAt ? (
                <span className="mt-1 block text-xs text-muted-foreground">
                  <Timestamp iso={s.unsubscribedAt} />
                </span>
              ) : null}
            </Labelled>
          </td>
          <td className={cell}>
            <Labelled label="Subscribed">
              <Timestamp iso={s.subscribedAt} />
            </Labelled>
          </td>
          <td className={cell}>
            <Labelled label="Confirmed">
              <Timestamp iso={s.confirmedAt} />
            </Labelled>
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
