import { attachCopyButtons } from "@portfolio/ui/reading-aids";
import { type RefObject, useEffect } from "react";

export { COPIED_MS as copiedMs } from "@portfolio/ui/reading-aids";

/**
 * A 'Copy' button on each code block inside `root` after mount (attachCopyButtons):
 * without JavaScript there is none, and the prerendered HTML matches the first render.
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
