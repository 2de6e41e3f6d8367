import { ADMIN_API, type AdminEdition, publishEdition } from "@portfolio/api-client/admin";
import { Badge } from "@portfolio/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@portfolio/ui/card";
import { toast } from "@portfolio/ui/use-toast";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { EditionResults } from "./edition-results";
import { EditionSchedule } from "./edition-schedule";
import { count, Timestamp } from "./format";
import { LoadProblem } from "./load-problem";
import { PublishEdition } from "./publish-edition";
import { Rehearsal } from "./rehearsal/rehearsal";
import { statsKey } from "./stat-cards";

const editionsKey = [ADMIN_API.editions] as const;

/**
 * One edition and its 'Publish' button ('Republish' once it was sent), which asks first.
 * Each row has its own mutation, so only the edition being sent reads 'Publishing...'
 * and is disabled.
 */
function EditionItem({ edition }: { edition: AdminEdition }) {
  const client = useQueryClient();
  const publish = useMutation({
    mutationFn: () => publishEdition(edition.id),
    onSuccess: ({ sent, title }) => {
      toast({
        title: "Newsletter Published!",
        description: `Sent "${title}" to ${count(sent, "subscriber")}`,
      });
      void client.invalidateQueries({ queryKey: statsKey });
      void client.invalidateQueries({ queryKey: editionsKey });
    },
    onError: (error) => {
      console.error(
        `Newsletter admin: publishing edition ${edition.id} ("${edition.title}") failed.`,
        error,
      );
      toast({
        variant: "destructive",
        title: "Publishing Failed",
        description: "Could not send newsletter. Check console for details.",
      });
    },
  });
  const titleId = `edition-${edition.id}-title`;
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between sm:gap-6 sm:p-6">
      <div className="flex min-w-0 flex-col gap-2">
        <h3 id={titleId} className="font-semibold leading-snug">
          {edition.title}
        </h3>
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <Badge variant="secondary">{edition.date}</Badge>
          <span>{edition.readTime}</span>
        </p>
        <p className="text-sm text-muted-foreground">{edition.excerpt}</p>
        <p className="text-sm">
          {edition.lastPublishedAt ? (
            <>
              Last published <Timestamp iso={edition.lastPublishedAt} />
              {edition.lastPublishedCount !== null
                ? ` to ${count(edition.lastPublishedCount, "subscriber")}`
                : null}
            </>
          ) : (
            <span className="text-muted-foreground">Not published yet</span>
          )}
        </p>
        {edition.results ? <EditionResults results={edition.results} titleId={titleId} /> : null}
        <EditionSchedule edition={edition} titleId={titleId} />
      </div>
      <div className="flex flex-wrap gap-2 self-start sm:flex-col">
        <Rehearsal editionId={edition.id} title={edition.title} titleId={titleId} />
        <PublishEdition
          title={edition.title}
          titleId={titleId}
          sent={edition.lastPublishedAt !== null}
          pending={publish.isPending}
          onConfirm={() => publish.mutate()}
        />
      </div>
    </li>
  );
}

/** Every edition, with when it was last sent and a button to send it again. */
export function Editions() {
  const editions = useQuery<AdminEdition[]>({ queryKey: editionsKey });
  return (
    <Card className="mt-10">
      <CardHeader>
        <CardTitle id="admin-editions-heading">Editions</CardTitle>
        <CardDescription>
          Preview shows an edition's email, Send a test sends it to you alone, and Publish (or
          Republish, once it was sent) sends it to every confirmed subscriber, now or, scheduled, at
          a time you set. Results count what the mail relay reports: no opens or clicks are tracked.
        </CardDescription>
      </CardHeader>
      <CardContent className="p-0 sm:p-0">
        {editions.isError ? (
          <LoadProblem what="the editions" query={editions} inset />
        ) : editions.data ? (
          <ul
            aria-labelledby="admin-editions-heading"
            className="divide-y divide-border border-t border-border"
          >
            {editions.data.map((edition) => (
              <EditionItem key={edition.id} edition={edition} />
            ))}
          </ul>
        ) : (
          <p className="px-6 pb-6 text-sm text-muted-foreground">Loading editions…</p>
        )}
      </CardContent>
    </Card>
  );
}
