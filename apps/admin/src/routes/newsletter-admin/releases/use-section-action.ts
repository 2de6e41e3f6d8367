import { ADMIN_API, type SectionServing } from "@portfolio/api-client/admin";
import { toast } from "@portfolio/ui/use-toast";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { describeProblem } from "../load-problem";
import { sectionLabel, servingInSentence } from "./format";

export const sectionsKey = [ADMIN_API.sections] as const;

interface SectionActionOptions {
  section: string;
  /** The call: a promote or a rollback. */
  run: () => Promise<SectionServing>;
  /** The toast's title after a success ('Release promoted'), and after a failure ('Promote failed'). */
  done: string;
  failed: string;
  /** Runs once the list has been read again after a success. */
  onSuccess?: () => void;
}

/**
 * A promote or a rollback of one section: a toast with what the section serves now or
 * the server's refusal, and the list read again either way. Each row makes its own, so
 * only the row acted on shows its progress.
 */
export function useSectionAction({ section, run, done, failed, onSuccess }: SectionActionOptions) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async ({ serving }) => {
      toast({
        title: done,
        description: `${sectionLabel(section)} now serves ${servingInSentence(serving)}.`,
      });
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
