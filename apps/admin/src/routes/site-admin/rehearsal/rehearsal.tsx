import { sendTestEdition } from "@portfolio/api-client/admin";
import { Button } from "@portfolio/ui/button";
import { toast } from "@portfolio/ui/use-toast";
import { useMutation } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { PreviewDialog } from "./preview-dialog";

interface RehearsalProps {
  editionId: number;
  title: string;
  titleId: string;
}

/**
 * 'Preview' and 'Send a test': the owner sees an edition's email before anyone else.
 * The test goes to the owner alone (marked '[Test] '), so it needs no confirmation;
 * it counts no subscriber and starts no publication.
 */
export function Rehearsal({ editionId, title, titleId }: RehearsalProps) {
  const [open, setOpen] = useState(false);
  const previewButton = useRef<HTMLButtonElement>(null);
  const test = useMutation({
    mutationFn: () => sendTestEdition(editionId),
    onSuccess: ({ to }) => {
      toast({ title: "Test Sent", description: `Sent a test of "${title}" to ${to}` });
    },
    onError: (error) => {
      console.error(`Newsletter admin: the test of edition ${editionId} failed.`, error);
      toast({
        variant: "destructive",
        title: "Test Not Sent",
        description: "Could not send the test. Check console for details.",
      });
    },
  });
  const sendTest = (inDialog: boolean) => (
    <Button
      variant="outline"
      disabled={test.isPending}
      aria-describedby={inDialog ? undefined : titleId}
      onClick={() => {
        // From the dialog, it closes first: a modal dialog hides the rest of the page
        // from screen readers, the toast that says where the test went included.
        if (inDialog) setOpen(false);
        test.mutate();
      }}
    >
      {test.isPending ? "Sending test..." : "Send a test"}
    </Button>
  );
  return (
    <>
      <Button
        ref={previewButton}
        variant="outline"
        aria-describedby={titleId}
        onClick={() => setOpen(true)}
      >
        Preview
      </Button>
      {sendTest(false)}
      <PreviewDialog
        editionId={editionId}
        title={title}
        open={open}
        onOpenChange={setOpen}
        returnFocus={previewButton}
        actions={sendTest(true)}
      />
    </>
  );
}
