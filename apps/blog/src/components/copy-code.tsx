import { type RefObject, useEffect } from "react";

/** How long a button says 'Copied'. */
export const copiedMs = 2000;

/**
 * Adds a 'Copy' button to each code block (`div.code-block`, the build's wrapper of a
 * <pre>) inside `root`, after mount: without JavaScript there is none, and the
 * prerendered HTML matches the first render. The button sits absolutely in the block's
 * corner (no layout shift); it copies the <pre>'s text and says 'Copied' (or 'Copy
 * failed') for 2 s, which `status` (a role="status" element) announces. Plain DOM: the smallest code for the
 * article's first load.
 */
export function useCopyButtons(
  root: RefObject<HTMLElement | null>,
  status: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    const buttons = [...(root.current?.querySelectorAll(".code-block") ?? [])].map((block) => {
      const button = document.createElement("button");
      let timer: ReturnType<typeof setTimeout> | undefined;
      const say = (label: string) => {
        button.textContent = label;
        if (status.current) status.current.textContent = label === "Copy" ? "" : label;
      };
      button.type = "button";
      button.className = "code-copy";
      button.textContent = "Copy";
      button.onclick = async () => {
        try {
          await navigator.clipboard.writeText(block.querySelector("pre")?.textContent ?? "");
          say("Copied");
        } catch {
          say("Copy failed");
        }
        clearTimeout(timer);
        timer = setTimeout(() => say("Copy"), copiedMs);
      };
      block.append(button);
      return () => {
        clearTimeout(timer);
        button.remove();
      };
    });
    return () => {
      for (const remove of buttons) remove();
    };
  }, [root, status]);
}
