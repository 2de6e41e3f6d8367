// Printing a standalone HTML document from the browser (the resume's 'Download PDF
// Resume'): the document is built as a string, with its text escaped here.

/** Spec: print is triggered 250 ms after the resume window opens. */
export const PRINT_DELAY_MS = 250;

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string | number): string {
  return String(text)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** Where a document was printed: its own window, or the page itself (window blocked). */
export type PrintTarget = "window" | "page";

/**
 * Opens a new window with `html`, prints it 250 ms later and closes it. When the browser
 * blocks the window (window.open returns null or throws) or it cannot be written, prints
 * the page itself instead (its print stylesheet hides the site's chrome), so the button
 * never does nothing.
 */
export function printDocument(html: string, win: Window = window): PrintTarget {
  let popup: Window | null = null;
  try {
    // No "noopener": with it, window.open returns null and the window could not be written.
    popup = win.open("", "_blank");
  } catch {
    popup = null;
  }
  if (popup) {
    try {
      popup.document.open();
      popup.document.write(html);
      popup.document.close();
    } catch {
      popup.close();
      popup = null;
    }
  }
  if (!popup) {
    win.print();
    return "page";
  }
  const opened = popup;
  win.setTimeout(() => {
    opened.focus();
    opened.print(); // returns when the print dialog closes
    opened.close();
  }, PRINT_DELAY_MS);
  return "window";
}
