import {
  ADMIN_API,
  type MailList,
  retryMail,
  type TroubledMail,
} from "@portfolio/api-client/admin";
import { Badge } from "@portfolio/ui/badge";
import { Button } from "@portfolio/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@portfolio/ui/card";
import { toast } from "@portfolio/ui/use-toast";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { count, Timestamp } from "./format";
import { describeProblem, LoadProblem } from "./load-problem";

export const MAIL_LIMIT = 50;

const mailKey = [ADMIN_API.mail, { limit: MAIL_LIMIT }] as const;

/** One email in trouble: who it is for, why it failed, and what happens next. */
function MailItem({ mail }: { mail: TroubledMail }) {
  const client = useQueryClient();
  const retry = useMutation({
    mutationFn: () => retryMail(mail.id),
    onSuccess: () => {
      toast({
        title: "Email queued again",
        description: `"${mail.subject}" to ${mail.to.join(", ")} will be sent now.`,
      });
      void client.invalidateQueries({ queryKey: [ADMIN_API.mail] });
    },
    onError: (error) => {
      console.error(`Newsletter admin: retrying email ${mail.id} failed.`, error);
      toast({ variant: "destructive", title: "Retry failed", description: describeProblem(error) });
      void client.invalidateQueries({ queryKey: [ADMIN_API.mail] });
    },
  });
  const subjectId = `mail-${mail.id}-subject`;
  const dead = mail.status === "dead";
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between sm:gap-6 sm:p-6">
      <div className="flex min-w-0 flex-col gap-2">
        <h3 id={subjectId} className="break-words font-semibold leading-snug">
          {mail.subject}
        </h3>
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <Badge variant={dead ? "destructive" : "secondary"}>{dead ? "Dead" : "Failing"}</Badge>
          <span className="break-all">
            <span className="sr-only">To: </span>
            {mail.to.join(", ")}
          </span>
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Attempts</dt>
          <dd>{mail.attempts}</dd>
          <dt className="text-muted-foreground">Last error</dt>
          <dd className="break-words font-mono text-xs leading-5">{mail.lastError}</dd>
          <dt className="text-muted-foreground">{dead ? "Dead since" : "Next attempt"}</dt>
          <dd>
            <Timestamp iso={dead ? mail.deadAt : mail.nextAttemptAt} />
          </dd>
        </dl>
      </div>
      {dead ? (
        <Button
          variant="outline"
          className="self-start"
          disabled={retry.isPending}
          aria-describedby={subjectId}
          onClick={() => retry.mutate()}
        >
          {retry.isPending ? "Retrying..." : "Retry"}
        </Button>
      ) : null}
    </li>
  );
}

/** The outbox's emails in trouble: failing ones are retried on their own, dead ones wait for 'Retry'. */
export function Mail() {
  const mail = useQuery<MailList>({ queryKey: mailKey });
  const data = mail.data;
  return (
    <Card className="mt-10">
      <CardHeader>
        <CardTitle id="admin-mail-heading">Mail delivery</CardTitle>
        <CardDescription>
          {data
            ? `${count(data.counts.sent, "email")} sent, ${data.counts.pending + data.counts.sending} queued, ${data.counts.dead} dead.`
            : "Emails the mail server has not accepted yet."}{" "}
          Failing emails are tried again on their own; Retry queues a dead one again.
        </CardDescription>
      </CardHeader>
      <CardContent className="p-0 sm:p-0">
        {mail.isError ? (
          <LoadProblem what="the mail delivery" query={mail} inset />
        ) : !data ? (
          <p className="px-6 pb-6 text-sm text-muted-foreground">Loading mail delivery…</p>
        ) : data.items.length === 0 ? (
          <p className="px-6 pb-6 text-sm text-muted-foreground">Every email was delivered.</p>
        ) : (
          <ul
            aria-labelledby="admin-mail-heading"
            className="divide-y divide-border border-t border-border"
          >
            {data.items.map((m) => (
              <MailItem key={m.id} mail={m} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
