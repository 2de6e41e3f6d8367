import {
  ADMIN_API,
  liftSuppression,
  type Suppression,
  type SuppressionList,
  type SuppressionReason,
} from "@portfolio/api-client/admin";
import { Badge } from "@portfolio/ui/badge";
import { Button } from "@portfolio/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@portfolio/ui/card";
import { toast } from "@portfolio/ui/use-toast";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { count, Timestamp } from "./format";
import { describeProblem, LoadProblem } from "./load-problem";

const suppressionsKey = [ADMIN_API.suppressions] as const;

export const reasonLabels: Record<SuppressionReason, string> = {
  hard_bounce: "Hard bounce",
  complaint: "Spam complaint",
  soft_bounces: "Soft bounces",
};

/** One suppressed address: why, since when, what the relay said, and 'Let back in'. */
function SuppressionItem({ suppression }: { suppression: Suppression }) {
  const client = useQueryClient();
  const lift = useMutation({
    mutationFn: () => liftSuppression(suppression.email),
    onSuccess: () => {
      toast({
        title: "Suppression lifted",
        description: `${suppression.email} gets email again.`,
      });
      void client.invalidateQueries({ queryKey: suppressionsKey });
    },
    onError: (error) => {
      console.error("Newsletter admin: lifting a suppression failed.", error);
      toast({
        variant: "destructive",
        title: "Lifting failed",
        description: describeProblem(error),
      });
      void client.invalidateQueries({ queryKey: suppressionsKey });
    },
  });
  const emailId = `suppression-${suppression.email}`;
  return (
    <li className="flex flex-col gap-2 p-4 sm:flex-row sm:items-start sm:justify-between sm:gap-6 sm:p-6">
      <div className="flex min-w-0 flex-col gap-1">
        <p id={emailId} className="break-all font-semibold">
          {suppression.email}
        </p>
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <Badge variant="destructive">{reasonLabels[suppression.reason]}</Badge>
          <span>
            since <Timestamp iso={suppression.since} />
          </span>
        </p>
        {suppression.detail ? (
          <p className="break-words font-mono text-xs leading-5 text-muted-foreground">
            {suppression.detail}
          </p>
        ) : null}
      </div>
      <Button
        variant="outline"
        className="self-start"
        disabled={lift.isPending}
        aria-describedby={emailId}
        onClick={() => lift.mutate()}
      >
        {lift.isPending ? "Lifting..." : "Let back in"}
      </Button>
    </li>
  );
}

/**
 * The addresses that get no email: a hard bounce or a spam complaint suppresses one at
 * once, repeated soft bounces too. Letting one back in is the owner's call (a reader who
 * fixed their mailbox, or asked).
 */
export function Suppressions() {
  const list = useQuery<SuppressionList>({ queryKey: suppressionsKey });
  const items = list.data?.items;
  return (
    <Card className="mt-10">
      <CardHeader>
        <CardTitle id="admin-suppressions-heading">Suppressed addresses</CardTitle>
        <CardDescription>
          {items ? `${count(items.length, "address", "addresses")} get no email. ` : null}
          Bounces and spam complaints reported by the mail relay keep an address from every email
          the site sends, to protect its reputation.
        </CardDescription>
      </CardHeader>
      <CardContent className="p-0 sm:p-0">
        {list.isError ? (
          <LoadProblem what="the suppressed addresses" query={list} inset />
        ) : !items ? (
          <p className="px-6 pb-6 text-sm text-muted-foreground">Loading suppressed addresses…</p>
        ) : items.length === 0 ? (
          <p className="px-6 pb-6 text-sm text-muted-foreground">No address is suppressed.</p>
        ) : (
          <ul
            aria-labelledby="admin-suppressions-heading"
            className="divide-y divide-border border-t border-border"
          >
            {items.map((s) => (
              <SuppressionItem key={s.email} suppression={s} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
