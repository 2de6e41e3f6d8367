import {
  ADMIN_API,
  type AdminEdition,
  scheduleEdition,
  unscheduleEdition,
} from "@portfolio/api-client/admin";
import { Button } from "@portfolio/ui/button";
import { toast } from "@portfolio/ui/use-toast";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { Timestamp } from "./format";
import { describeProblem } from "./load-problem";

/**
 * When an edition goes out on its own: a time to schedule it (in the owner's time zone,
 * sent as UTC), or, once scheduled, when, and a button to cancel until it starts.
 */
export function EditionSchedule({ edition, titleId }: { edition: AdminEdition; titleId: string }) {
  const client = useQueryClient();
  const inputId = useId();
  const [when, setWhen] = useState("");
  const refresh = () => void client.invalidateQueries({ queryKey: [ADMIN_API.editions] });
  const fail = (what: string) => (error: unknown) => {
    console.error(`Newsletter admin: ${what} edition ${edition.id} failed.`, error);
    toast({ variant: "destructive", title: `${what} failed`, description: describeProblem(error) });
  };
  const schedule = useMutation({
    mutationFn: (at: string) => scheduleEdition(edition.id, at),
    onSuccess: () => {
      setWhen("");
      toast({
        title: "Edition scheduled",
        description: `"${edition.title}" will go out on its own.`,
      });
      refresh();
    },
    onError: fail("Scheduling"),
  });
  const cancel = useMutation({
    mutationFn: () => unscheduleEdition(edition.id),
    onSuccess: () => {
      toast({
        title: "Schedule cancelled",
        description: `"${edition.title}" will not go out on its own.`,
      });
      refresh();
    },
    onError: (error) => {
      fail("Cancelling")(error);
      refresh();
    },
  });

  if (edition.scheduledAt) {
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span>
          Scheduled for <Timestamp iso={edition.scheduledAt} />
        </span>
        <Button
          variant="outline"
          size="sm"
          aria-describedby={titleId}
          disabled={cancel.isPending}
          onClick={() => cancel.mutate()}
        >
          {cancel.isPending ? "Cancelling..." : "Cancel schedule"}
        </Button>
      </p>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const at = new Date(when);
    if (Number.isNaN(at.getTime())) return;
    schedule.mutate(at.toISOString());
  };
  return (
    <form className="flex flex-wrap items-end gap-2 text-sm" onSubmit={submit}>
      <label htmlFor={inputId} className="flex flex-col gap-1">
        <span className="text-muted-foreground">Send on its own at</span>
        <input
          id={inputId}
          type="datetime-local"
          required
          value={when}
          aria-describedby={titleId}
          onChange={(e) => setWhen(e.target.value)}
          className="rounded-md border border-input bg-background px-2 py-1"
        />
      </label>
      <Button type="submit" variant="outline" size="sm" disabled={schedule.isPending || !when}>
        {schedule.isPending ? "Scheduling..." : "Schedule"}
      </Button>
    </form>
  );
}
