import { type EditionPreview, editionPreviewPath } from "@portfolio/api-client/admin";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@portfolio/ui/dialog";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode, RefObject } from "react";
import { LoadProblem } from "../load-problem";

interface PreviewDialogProps {
  editionId: number;
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened it, focused again when it closes. */
  returnFocus: RefObject<HTMLButtonElement | null>;
  /** What the dialog offers besides closing: 'Send a test'. */
  actions: ReactNode;
}

/**
 * The edition's email as a subscriber gets it: its envelope, the HTML part and the
 * plain-text part. The HTML is the email's own markup, so it is shown in an iframe
 * sandboxed of everything (no scripts, no forms, no access to this page, an opaque
 * origin) through srcdoc: it is never a page of the site, and the site's CSP still
 * applies to it (its inline styles are allowed, as on the site).
 */
export function PreviewDialog({
  editionId,
  title,
  open,
  onOpenChange,
  returnFocus,
  actions,
}: PreviewDialogProps) {
  const preview = useQuery<EditionPreview>({
    queryKey: [editionPreviewPath(editionId)],
    enabled: open,
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-3xl overflow-y-auto"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocus.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle className="pr-6 leading-snug">Preview of “{title}”</DialogTitle>
          <DialogDescription>
            The email as subscribers get it, with you in their place.
          </DialogDescription>
        </DialogHeader>
        {preview.isError ? (
          <LoadProblem what="the preview" query={preview} />
        ) : preview.data ? (
          <PreviewParts title={title} email={preview.data} />
        ) : (
          <p className="text-sm text-muted-foreground">Loading the preview…</p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{actions}</div>
      </DialogContent>
    </Dialog>
  );
}

function PreviewParts({ title, email }: { title: string; email: EditionPreview }) {
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Subject</dt>
        <dd className="min-w-0 break-words">{email.subject}</dd>
        <dt className="text-muted-foreground">From</dt>
        <dd className="min-w-0 break-words">{email.from}</dd>
        <dt className="text-muted-foreground">To</dt>
        <dd className="min-w-0 break-words">{email.to}</dd>
      </dl>
      <section aria-label="HTML part" className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold">HTML</h3>
        <iframe
          title={`HTML part of “${title}”`}
          sandbox=""
          srcDoc={email.html}
          className="h-[60vh] min-h-80 w-full rounded-md border border-border bg-white"
        />
      </section>
      <section aria-label="Plain-text part" className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold">Plain text</h3>
        {/* A long text scrolls in its box, which takes the focus for a keyboard to scroll it. */}
        <pre
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (axe: scrollable-region-focusable)
          tabIndex={0}
          className="max-h-[40vh] overflow-auto whitespace-pre-wrap break-words rounded-md border border-border bg-muted p-3 font-mono text-xs"
        >
          {email.text}
        </pre>
      </section>
    </div>
  );
}
