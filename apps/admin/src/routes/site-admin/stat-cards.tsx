import { ADMIN_API, type AdminStats, type Replication } from "@portfolio/api-client/admin";
import { Card, CardContent, CardHeader, CardTitle } from "@portfolio/ui/card";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { count } from "./format";
import { LoadProblem } from "./load-problem";

export const statsKey = [ADMIN_API.stats] as const;

/** Every subscriber, whatever the state: the subscriber list's "N in all". */
const allSubscribers = (stats: AdminStats) =>
  stats.subscribers.confirmed + stats.subscribers.unconfirmed + stats.subscribers.unsubscribed;

function StatCard({
  title,
  value,
  detail,
}: {
  title: string;
  value: ReactNode;
  detail?: ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="text-sm font-medium text-muted-foreground">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="text-3xl font-bold">{value}</p>
        {detail ? <p className="mt-1 text-sm text-muted-foreground">{detail}</p> : null}
      </CardContent>
    </Card>
  );
}

/**
 * Whether the database is copied off its disk: "Replicated 3 s ago", or a warning when
 * it is not (no replica configured, or the replica's store has not answered for a while).
 * Nothing on PostgreSQL, whose server archives its own WAL.
 */
export function ReplicationNote({ replication }: { replication: Replication | null }) {
  if (!replication || replication.mode === "postgres") {
    return null;
  }
  if (replication.mode === "replica" && replication.healthy) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Database replicated {replication.lagSeconds} s ago.
      </p>
    );
  }
  return (
    <p
      role="alert"
      className="rounded-md border border-destructive/40 p-3 text-sm text-destructive"
    >
      {replication.mode === "replica"
        ? `Not replicated for ${replication.lagSeconds} s: the replica's store does not answer. A lost disk loses what was written since; the gateway log says why.`
        : "Not replicated: the database is on this disk only. Set PORTFOLIO_REPLICA_URL (README, Replication)."}
    </p>
  );
}

/**
 * Total Subscribers (confirmed: the ones an edition goes to; then the others and all of
 * them, as the list below counts them), Published Editions (sent to subscribers, as the
 * editions' list says of each; then of how many), Schedule.
 */
export function StatCards() {
  const stats = useQuery<AdminStats>({ queryKey: statsKey });
  const data = stats.data;
  const pending = (
    <>
      <span aria-hidden="true">…</span>
      <span className="sr-only">Loading</span>
    </>
  );
  return (
    <div className="mt-8 flex flex-col gap-4">
      {stats.isError ? <LoadProblem what="the numbers" query={stats} /> : null}
      <div className="grid gap-4 sm:grid-cols-3" aria-busy={stats.isPending}>
        <StatCard
          title="Total Subscribers"
          value={data ? data.subscribers.confirmed : pending}
          detail={
            data
              ? `confirmed · ${data.subscribers.unconfirmed} unconfirmed · ${data.subscribers.unsubscribed} unsubscribed · ${allSubscribers(data)} in all`
              : null
          }
        />
        <StatCard
          title="Published Editions"
          value={data ? data.published : pending}
          detail={
            data
              ? `of ${count(data.editions, "edition")} · ${data.editions - data.published} not published yet`
              : null
          }
        />
        <StatCard title="Schedule" value={data?.schedule ?? "Monthly"} />
      </div>
      {data ? <ReplicationNote replication={data.replication} /> : null}
    </div>
  );
}
