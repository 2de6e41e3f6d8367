import { type RefObject, useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";

/** How long a button says 'Copied'. */
export const copiedMs = 2000;

/**
 * A 'Copy' button in each code block (`div.code-block`, the build's wrapper of a <pre>)
 * of the element `root` refers to, added after mount: without JavaScript there is none,
 * and the prerendered HTML matches the first render. The button sits absolutely in the
 * block's corner (no layout shift). A status region says what happened.
 */
export function CopyCodeButtons({ root }: { root: RefObject<HTMLElement | null> }) {
  const [blocks, setBlocks] = useState<HTMLElement[]>([]);
  const [message, setMessage] = useState("");
  useEffect(() => {
    setBlocks([...(root.current?.querySelectorAll<HTMLElement>(".code-block") ?? [])]);
  }, [root]);
  if (blocks.length === 0) return null;
  return (
    <>
      <p role="status" className="sr-only">
        {message}
      </p>
      {blocks.map((block, i) =>
        createPortal(<CopyButton block={block} onResult={setMessage} />, block, String(i)),
      )}
    </>
  );
}

function CopyButton({
  block,
  onResult,
}: {
  block: HTMLElement;
  onResult: (message: string) => void;
}) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    const text = block.querySelector("pre")?.textContent ?? "";
    let ok = true;
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      ok = false;
    }
    setState(ok ? "copied" : "failed");
    onResult(ok ? "Code copied to the clipboard" : "Could not copy the code");
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setState("idle");
      onResult("");
    }, copiedMs);
  };

  return (
    <button type="button" className="code-copy" onClick={copy}>
      {state === "copied" ? "Copied" : state === "failed" ? "Copy failed" : "Copy"}
    </button>
  );
}
