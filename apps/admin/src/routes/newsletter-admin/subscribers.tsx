import {
  ADMIN_API,
  type SubscriberPage,
  type SubscriberState,
  subscriberStates,
} from "@portfolio/api-client/admin";
import { Badge, type BadgeVariant } from "@portfolio/ui/badge";
import { Button, buttonClasses } from "@portfolio/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@portfolio/ui/card";
import { cn } from "@portfolio/ui/cn";
import { controlClasses, labelClasses } from "@portfolio/ui/form";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Blank, Timestamp } from "./format";
import { LoadProblem } from "./load-problem";

export const SUBSCRIBERS_PER_PAGE = 20;

const stateLabels: Record<SubscriberState, string> = {
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

/** Subscribers, newest first, a page at a time, optionally of one state; and all of them as CSV (the export). */
export function Subscribers() {
  const [page, setPage] = useState(1);
  const [state, setState] = useState<SubscriberState | "">("");
  const subscribers = useQuery<SubscriberPage>({
    queryKey: [ADMIN_API.subscribers, { page, perPage: SUBSCRIBERS_PER_PAGE, state }],
    // The page on screen stays while the next one loads: no jump in the layout.
    placeholderData: keepPreviousData,
  });
  const data = subscribers.data;
  const pages = data
    ? Math.max(1, Math.ceil(data.total / (data.perPage || SUBSCRIBERS_PER_PAGE)))
    : 1;
  const where = `Page ${page} of ${pages}`;

  return (
    <Card className="mt-10">
      <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1.5">
          <CardTitle id="admin-subscribers-heading">Subscribers</CardTitle>
          <CardDescription>
            Newest first. {data ? `${data.total} in all${state ? `, ${state}` : ""}.` : null}
          </CardDescription>
        </div>
        <a
          href={ADMIN_API.subscribersCsv}
          download
          className={buttonClasses({ variant: "outline", size: "sm", className: "self-start" })}
        >
          Export CSV
        </a>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-col gap-2 sm:max-w-56">
          <label htmlFor="admin-subscriber-state" className={labelClasses}>
            State
          </label>
          <select
            id="admin-subscriber-state"
            value={state}
            onChange={(event) => {
              setState(event.target.value as SubscriberState | "");
              setPage(1);
            }}
            className={cn(controlClasses, "h-10 py-0")}
          >
            <option value="">All</option>
            {subscriberStates.map((value) => (
              <option key={value} value={value}>
                {stateLabels[value]}
              </option>
            ))}
          </select>
        </div>

        {subscribers.isError ? (
          <LoadProblem
            what="the subscribers"
            error={subscribers.error}
            onRetry={() => void subscribers.refetch()}
          />
        ) : null}

        {/* Scrolls sideways on a phone; focusable so a keyboard can scroll it too. */}
        {/* biome-ignore lint/a11y/useSemanticElements: a named scroll region around a table, not a document section */}
        <div
          role="region"
          aria-labelledby="admin-subscribers-heading"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (axe: scrollable-region-focusable)
          tabIndex={0}
          className="relative overflow-x-auto rounded-md border border-border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <table className="w-full min-w-[40rem] text-sm" aria-busy={subscribers.isFetching}>
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
              {!data && subscribers.isPending ? (
                <tr>
                  <td colSpan={5} className={`${cell} text-muted-foreground`}>
                    Loading subscribers…
                  </td>
                </tr>
              ) : null}
            </tbody>
          </table>
        </div>

        <nav aria-label="Subscriber pages" className="flex items-center justify-between gap-4">
          <Button
            variant="outline"
            size="sm"
            disabled={page <= 1}
            onClick={() => setPage((p) => Math.max(1, p - 1))}
          >
            Previous
          </Button>
          <p role="status" className="text-sm text-muted-foreground">
            {where}
          </p>
          <Button
            variant="outline"
            size="sm"
            disabled={!data || page >= pages || subscribers.isPlaceholderData}
            onClick={() => setPage((p) => p + 1)}
          >
            Next
          </Button>
        </nav>
      </CardContent>
    </Card>
  );
}
