import { ADMIN_API, type SectionServing } from "@portfolio/api-client/admin";
import { toast } from "@portfolio/ui/use-toast";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { describeProblem } from "../load-problem";
import { sectionLabel, servingInSentence } from "./format";

export const sectionsKey = [ADMIN_API.sections] as const;

interface SectionActionOptions<T> {
  section: string;
  /** The call: a promote, a rollback, a key's removal. */
  run: () => Promise<T>;
  /** The toast's title after a success ('Release promoted'), and after a failure ('Promote failed'). */
  done: string;
  failed: string;
  /** The success toast's text, from the answer. */
  describe: (answer: T) => string;
  /** Runs once the list has been read again after a success. */
  onSuccess?: () => void;
}

/** The toast's text after a promote or a rollback: what `section` serves now. */
export const nowServes =
  (section: string) =>
  ({ serving }: SectionServing) =>
    `${sectionLabel(section)} now serves ${servingInSentence(serving)}.`;

/**
 * An action on one section (a promote, a rollback, a key's removal): a toast with what
 * it did or the server's refusal, and the list read again either way. Each row makes
 * its own, so only the row acted on shows its progress.
 */
export function useSectionAction<T>({
  section,
  run,
  done,
  failed,
  describe,
  onSuccess,
}: SectionActionOptions<T>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async (answer) => {
      toast({ title: done, description: describe(answer) });
      // Awaited: the row keeps its progress until the list shows the new state, instead
      // of flashing back to what it was.
      await client.invalidateQueries({ queryKey: sectionsKey });
      onSuccess?.();
    },
    onError: (error) => {
      console.error(`Newsletter admin: ${failed} (section ${section}).`, error);
      // The server's own message: for a 409, the check's refusal or 'nothing to roll back'.
      toast({ variant: "destructive", title: failed, description: describeProblem(error) });
      // A refusal usually means the list on screen is out of date (the CLI, another tab).
      void client.invalidateQueries({ queryKey: sectionsKey });
    },
  });
}
