import { type RefObject, useEffect } from "react";
import { attachCopyButtons } from "./reading-aids";

/**
 * A 'Copy' button on each code block inside `root` after mount (attachCopyButtons; its
 * look: reading-aids.css, with `with-copy-buttons` on `root`): without JavaScript there
 * is none, and the prerendered HTML matches the first render. `status` (a role="status"
 * element) announces what a button did.
 */
export function useCopyButtons(
  root: RefObject<HTMLElement | null>,
  status: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    if (!root.current) return;
    return attachCopyButtons(root.current, status.current);
  }, [root, status]);
}
