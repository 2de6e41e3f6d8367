import type { ReactNode } from "react";

/** A name, a path or a value inside a sentence. */
export function Code({ children }: { children: ReactNode }) {
  return <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-[0.9em]">{children}</code>;
}

/** A command or a config excerpt on its own lines; scrolls sideways, by keyboard too. */
export function CodeBlock({ children }: { children: string }) {
  return (
    <pre
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (axe: scrollable-region-focusable)
      tabIndex={0}
      className="mt-2 overflow-x-auto rounded-md bg-muted p-3 font-mono text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <code>{children}</code>
    </pre>
  );
}
