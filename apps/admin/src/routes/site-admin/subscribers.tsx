import {
  ADMIN_API,
  type SubscriberPage,
  type SubscriberState,
  subscriberStates,
} from "@portfolio/api-client/admin";
import { Button, buttonClasses } from "@portfolio/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@portfolio/ui/card";
import { cn } from "@portfolio/ui/cn";
import { controlClasses, labelClasses } from "@portfolio/ui/form";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { LoadProblem } from "./load-problem";
import { SubscriberTable, stateLabels } from "./subscriber-table";

export const SUBSCRIBERS_PER_PAGE = 20;

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
            {/* The total of the state shown, said as the stat card says it. */}
            Newest first. {data ? `${data.total} ${state || "in all"}.` : null}
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
        <StateFilter
          state={state}
          onChange={(next) => {
            setState(next);
            setPage(1);
          }}
        />

        {subscribers.isError ? <LoadProblem what="the subscribers" query={subscribers} /> : null}

        <SubscriberTable
          data={data}
          state={state}
          where={where}
          fetching={subscribers.isFetching}
          pending={subscribers.isPending}
        />

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

/** Which subscribers the table shows: all, or those of one state. */
function StateFilter({
  state,
  onChange,
}: {
  state: SubscriberState | "";
  onChange: (state: SubscriberState | "") => void;
}) {
  return (
    <div className="flex flex-col gap-2 sm:max-w-56">
      <label htmlFor="admin-subscriber-state" className={labelClasses}>
        State
      </label>
      <select
        id="admin-subscriber-state"
        value={state}
        onChange={(event) => onChange(event.target.value as SubscriberState | "")}
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
  );
}
