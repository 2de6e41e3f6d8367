import {
  ADMIN_API,
  type ImportResult,
  importSubscribers,
  MAX_IMPORT_BYTES,
} from "@portfolio/api-client/admin";
import { Button } from "@portfolio/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@portfolio/ui/card";
import { labelClasses } from "@portfolio/ui/form";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { count } from "./format";
import { describeProblem } from "./load-problem";

const formatNames: Record<ImportResult["format"], string> = {
  portfolio: "this site's export",
  listmonk: "a listmonk export",
  mailchimp: "a Mailchimp export",
  buttondown: "a Buttondown export",
  plain: "a list of addresses",
};

/**
 * What an import did, in a sentence, and one more for each of the confirmations an
 * earlier import held back and sent now, and those today's limit held back.
 */
export function importSummary(r: ImportResult): string {
  const parts = [
    `${count(r.confirmed, "confirmed subscriber")} kept confirmed`,
    `${count(r.confirmationsSent - r.confirmationsResent, "confirmation email")} queued`,
    `${count(r.unsubscribed, "unsubscribed address", "unsubscribed addresses")} kept unsubscribed`,
  ];
  const sentences = [
    `Read ${count(r.rows, "row")} as ${formatNames[r.format]}: added ${r.added} (${parts.join(", ")}); refused ${r.refused.length}.`,
  ];
  if (r.confirmationsResent > 0) {
    sentences.push(
      `${count(r.confirmationsResent, "confirmation")} held back by an earlier import sent now.`,
    );
  }
  if (r.suppressed > 0) {
    sentences.push(
      `${count(r.suppressed, "suppressed address", "suppressed addresses")} kept from every email, as in the file.`,
    );
  }
  if (r.confirmationsNotSent > 0) {
    sentences.push(
      `${count(r.confirmationsNotSent, "confirmation")} not sent: today's limit of ${r.confirmationsPerDay} import confirmations is reached; import the file again tomorrow to send them.`,
    );
  }
  return sentences.join(" ");
}

/**
 * A refused row as a sentence naming it: "Line 4 (not-an-address): not a valid email
 * address." The reason is the server's clause (services/newsletter/import.go).
 */
export function refusedSentence(r: ImportResult["refused"][number]): string {
  const reason = r.reason.trim().replace(/\.$/, "");
  return `Line ${r.line}${r.email ? ` (${r.email})` : ""}: ${reason}.`;
}

/** The rows an import refused, each a sentence, in a region that scrolls past a few. */
function RefusedRows({ result }: { result: ImportResult }) {
  if (result.refused.length === 0) return null;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a named scroll region around a list, not a document section
    <div
      role="region"
      aria-label="Refused rows"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (axe: scrollable-region-focusable)
      tabIndex={0}
      className="max-h-96 overflow-auto rounded-md border border-border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <ul className="divide-y divide-border text-sm">
        {result.refused.map((r) => (
          <li key={r.line} className="break-words px-4 py-2">
            {refusedSentence(r)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Imports subscribers from a CSV file (this site's export, listmonk, Mailchimp or
 * Buttondown), and shows what it did: how many came in, and every refused row.
 */
export function SubscriberImport() {
  const inputId = useId();
  const hintId = useId();
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const upload = useMutation({
    mutationFn: (f: File) => importSubscribers(f),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: [ADMIN_API.subscribers] });
      void client.invalidateQueries({ queryKey: [ADMIN_API.stats] });
    },
    onError: (error) => console.error("Newsletter admin: the import failed.", error),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (file && !tooLarge) upload.mutate(file);
  };

  return (
    <Card className="mt-10">
      <CardHeader>
        <CardTitle>Import subscribers</CardTitle>
        <CardDescription>
          A CSV file: this site's export, or an export of listmonk, Mailchimp or Buttondown. A row
          with a confirmation date comes in confirmed; every other address gets a confirmation
          email, up to a daily limit. Addresses already on the list, or unsubscribed, are left as
          they are.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {/* The Import button beside the file picker, level with it (the hint under both). */}
        <form onSubmit={onSubmit} className="flex flex-col gap-2">
          <label htmlFor={inputId} className={labelClasses}>
            CSV file
          </label>
          <div className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-3 sm:flex">
            <input
              id={inputId}
              type="file"
              accept=".csv,text/csv"
              aria-describedby={hintId}
              onChange={(event) => {
                const chosen = event.target.files?.[0] ?? null;
                setFile(chosen);
                setTooLarge(chosen !== null && chosen.size > MAX_IMPORT_BYTES);
                upload.reset();
              }}
              className="w-full min-w-0 text-sm sm:w-auto file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1.5 file:text-sm"
            />
            <Button type="submit" disabled={!file || tooLarge || upload.isPending}>
              {upload.isPending ? "Importing..." : "Import"}
            </Button>
          </div>
          <p id={hintId} className="text-xs text-muted-foreground">
            At most 10 MiB and 200,000 rows.
          </p>
        </form>

        {tooLarge ? (
          <p role="alert" className="text-sm text-destructive">
            This file is larger than 10 MiB. Split it and import each part.
          </p>
        ) : null}
        {upload.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Nothing was imported. {describeProblem(upload.error)}
          </p>
        ) : null}
        <div role="status" className="text-sm">
          {upload.data ? importSummary(upload.data) : null}
        </div>
        {upload.data ? <RefusedRows result={upload.data} /> : null}
      </CardContent>
    </Card>
  );
}
