/** The widths of the skeleton's lines: a paragraph's ragged right edge. */
const lines = ["w-full", "w-11/12", "w-full", "w-4/5", "w-2/3"];

/**
 * A long text still loading (an article's or an edition's body): a few pulsing lines,
 * and `label` ('Loading the article…') for screen readers.
 */
export function TextLoading({ label }: { label: string }) {
  return (
    <div className="mt-8 flex flex-col gap-3" aria-busy="true">
      <p role="status" className="sr-only">
        {label}
      </p>
      {lines.map((width, i) => (
        <div key={i} aria-hidden="true" className={`h-4 animate-pulse rounded bg-muted ${width}`} />
      ))}
    </div>
  );
}
