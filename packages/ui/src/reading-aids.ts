// An article's reading aids as plain DOM: used by the blog's components once the app
// runs, and by the page itself after a document load, where nothing of the article is
// hydrated (docs/decisions/0040-islands.md). One implementation for both.

/** How long a button says 'Copied'. */
export const COPIED_MS = 2000;

/**
 * Adds a 'Copy' button to each code block (`div.code-block`, the build's wrapper of a
 * <pre>) inside `root`: without JavaScript there is none. The button sits absolutely in
 * the block's corner, in the strip reading-aids.css keeps free above the code (no layout
 * shift, no code covered; `root` has the class `with-copy-buttons`); it copies the
 * <pre>'s text and says 'Copied' (or 'Copy failed') for 2 s, which `status` (a
 * role="status" element) announces. Returns what removes them.
 */
export function attachCopyButtons(root: HTMLElement, status: HTMLElement | null): () => void {
  const removers = [...root.querySelectorAll(".code-block")].map((block) => {
    const button = document.createElement("button");
    let timer: ReturnType<typeof setTimeout> | undefined;
    const say = (label: string) => {
      button.textContent = label;
      if (status) status.textContent = label === "Copy" ? "" : label;
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
      timer = setTimeout(() => say("Copy"), COPIED_MS);
    };
    block.append(button);
    return () => {
      clearTimeout(timer);
      button.remove();
    };
  });
  return () => {
    for (const remove of removers) remove();
  };
}

/**
 * Reports the id of the heading whose section is being read: the last of `headings`
 * above the top 30% of the viewport, null above the first. An IntersectionObserver
 * reports each heading crossing that line (its root reaches far above the viewport, so
 * a fast scroll that skips the band is seen too). Returns what stops watching.
 */
export function watchCurrentHeading(
  headings: readonly HTMLElement[],
  onChange: (id: string | null) => void,
): () => void {
  if (headings.length === 0 || typeof IntersectionObserver === "undefined") return () => {};
  const observer = new IntersectionObserver(
    () => {
      let id: string | null = null;
      for (const el of headings) {
        if (el.getBoundingClientRect().top > window.innerHeight * 0.3) break;
        id = el.id;
      }
      onChange(id);
    },
    { rootMargin: "100000px 0px -70% 0px" },
  );
  for (const el of headings) observer.observe(el);
  return () => observer.disconnect();
}
