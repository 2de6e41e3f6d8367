import "@portfolio/ui/reading-aids.css";
import { useCopyButtons } from "@portfolio/ui/use-copy-buttons";
import { useRef } from "react";
import { EditionText } from "./edition-parts";

/**
 * An edition's text on its own page: once the script runs, a 'Copy' button on each code
 * block (as an article has), announced by the status after the text. A page that
 * arrived prerendered gets the same buttons from the shell before the app runs
 * (`with-copy-buttons`).
 */
export function EditionBody({ html }: { html: string }) {
  const body = useRef<HTMLDivElement>(null);
  const status = useRef<HTMLParagraphElement>(null);
  useCopyButtons(body, status);
  return (
    <>
      <EditionText ref={body} html={html} className="with-copy-buttons mt-8" />
      {/* What a code block's 'Copy' button did, for screen readers. */}
      <p ref={status} role="status" className="sr-only" />
    </>
  );
}
