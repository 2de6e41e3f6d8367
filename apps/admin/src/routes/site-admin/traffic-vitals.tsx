import type {
  TrafficVitals,
  VitalName,
  VitalSummary,
  VitalsScope,
  VitalThresholds,
} from "@portfolio/api-client/admin";
import type { ReactNode } from "react";

// What the visitors' browsers reported (docs/decisions/0059-canary-releases.md): p75 of
// LCP, INP and CLS per route and per section version, each against its thresholds, and
// the JavaScript errors of each. Pure rendering of the Traffic report's `vitals`.

const SHOWN: VitalName[] = ["lcp", "inp", "cls"];
const NAMES: Record<VitalName, string> = { lcp: "LCP", inp: "INP", cls: "CLS", ttfb: "TTFB" };
const RATINGS = { good: "good", "needs-improvement": "needs improvement", poor: "poor" } as const;
const RATING_CLASS = {
  good: "text-green-700 dark:text-green-400",
  "needs-improvement": "text-amber-700 dark:text-amber-400",
  poor: "text-destructive dark:text-red-400",
} as const;

/** A metric's value as people read it: ms rounded, CLS with two decimals. */
export function formatVital(name: VitalName, value: number): string {
  return name === "cls" ? value.toFixed(2) : `${Math.round(value)} ms`;
}

/** A threshold pair as the column heading says it: 'good ≤ 2500 ms, poor > 4000 ms'. */
export function thresholdText(t: VitalThresholds): string {
  return `good ≤ ${formatVital(t.name, t.good)}, poor > ${formatVital(t.name, t.poor)}`;
}

function Cell({ summary }: { summary: VitalSummary | undefined }) {
  if (!summary || summary.n === 0 || summary.rating === "") {
    return <td className="text-muted-foreground">—</td>;
  }
  return (
    <td className="whitespace-nowrap tabular-nums">
      <span className={RATING_CLASS[summary.rating]}>
        {formatVital(summary.name, summary.p75)} ({RATINGS[summary.rating]})
      </span>
      <span className="block text-xs text-muted-foreground">of {summary.n}</span>
    </td>
  );
}

function VitalsTable({
  caption,
  head,
  thresholds,
  rows,
}: {
  caption: string;
  head: string;
  thresholds: VitalThresholds[];
  rows: { key: string; label: ReactNode; scope: VitalsScope }[];
}) {
  const byName = new Map(thresholds.map((t) => [t.name, t]));
  return (
    // A phone scrolls the table sideways; the region takes the focus so a keyboard can.
    // biome-ignore lint/a11y/useSemanticElements: a named scroll region around a table, not a document section
    <div
      role="region"
      aria-label={caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (axe: scrollable-region-focusable)
      tabIndex={0}
      className="overflow-x-auto"
    >
      <table className="w-full text-left text-sm [&_td]:py-1 [&_td]:pr-4 [&_th]:py-1 [&_th]:pr-4">
        <caption className="mb-2 text-left font-semibold">{caption}</caption>
        <thead className="text-muted-foreground">
          <tr>
            <th scope="col">{head}</th>
            <th scope="col" className="text-right">
              Views
            </th>
            <th scope="col" className="text-right">
              JS errors
            </th>
            {SHOWN.map((name) => {
              const t = byName.get(name);
              return (
                <th scope="col" key={name}>
                  {NAMES[name]} p75
                  {t ? <span className="block text-xs font-normal">{thresholdText(t)}</span> : null}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={3 + SHOWN.length} className="text-muted-foreground">
                None yet.
              </td>
            </tr>
          ) : (
            rows.map(({ key, label, scope }) => (
              <tr key={key}>
                <th scope="row" className="break-words font-normal">
                  {label}
                </th>
                <td className="text-right tabular-nums">{scope.views}</td>
                <td className="text-right tabular-nums">{scope.errors}</td>
                {SHOWN.map((name) => (
                  <Cell key={name} summary={scope.metrics.find((m) => m.name === name)} />
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/** The two tables: per route, and per section version (a canary beside its stable one). */
export function TrafficVitalsTables({ vitals }: { vitals: TrafficVitals }) {
  return (
    <div className="flex flex-col gap-6">
      <VitalsTable
        caption="Vitals per page"
        head="Page"
        thresholds={vitals.thresholds}
        rows={vitals.routes.map((s) => ({
          key: s.route ?? "",
          scope: s,
          label: (
            <>
              {s.title || s.route}
              {s.title ? (
                <span className="block break-all text-xs text-muted-foreground">{s.route}</span>
              ) : null}
            </>
          ),
        }))}
      />
      <VitalsTable
        caption="Vitals per section version"
        head="Version"
        thresholds={vitals.thresholds}
        rows={vitals.versions.map((s) => ({
          key: `${s.section}@${s.version}`,
          scope: s,
          label: (
            <>
              {s.section} <span className="break-all font-mono">{s.version}</span>
              {s.serving ? (
                <span className="block text-xs text-muted-foreground">{s.serving}</span>
              ) : null}
            </>
          ),
        }))}
      />
    </div>
  );
}
