// The Traffic panel's chart, in a chunk of its own with uPlot (traffic.tsx loads it
// lazily): page views and visitors per UTC day as two lines. Decorative for assistive
// technology: the panel's table carries the same numbers.
import type { TrafficDay } from "@portfolio/api-client/admin";
import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";

const dayLabel = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  timeZone: "UTC",
});
const labelOf = (ts: number) => dayLabel.format(new Date(ts * 1000));

const VIEWS_COLOR = "#3b82f6";
const VISITORS_COLOR = "#10b981";

export interface TrafficChartProps {
  series: TrafficDay[];
  height: number;
}

/** The lines of `series`, as wide as its container, redrawn when either changes. */
export default function TrafficChart({ series, height }: TrafficChartProps) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    // Axis labels in the text colour of the theme (light or dark) the page shows now.
    const ink = getComputedStyle(el).color || "currentColor";
    const axis = { stroke: ink, grid: { stroke: "rgba(127,127,127,0.2)" }, ticks: { show: false } };
    const data: uPlot.AlignedData = [
      series.map((d) => Date.parse(`${d.day}T00:00:00Z`) / 1000),
      series.map((d) => d.views),
      series.map((d) => d.visitors),
    ];
    let chart: uPlot;
    try {
      chart = new uPlot(
        {
          width: Math.max(el.clientWidth, 240),
          height,
          tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), "Etc/UTC"),
          scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(max, 4)] } },
          axes: [
            { ...axis, values: (_u, ticks) => ticks.map(labelOf) },
            { ...axis, size: 48 },
          ],
          series: [
            { label: "Day", value: (_u, ts) => (ts == null ? "–" : labelOf(ts)) },
            { label: "Page views", stroke: VIEWS_COLOR, width: 2, fill: "rgba(59,130,246,0.1)" },
            { label: "Visitors", stroke: VISITORS_COLOR, width: 2 },
          ],
        },
        data,
        el,
      );
    } catch (error) {
      // No canvas (an old or locked-down browser): the tables still show everything.
      console.warn("Traffic: the chart could not be drawn.", error);
      return;
    }
    const resize =
      typeof ResizeObserver === "undefined"
        ? undefined
        : new ResizeObserver(() => chart.setSize({ width: Math.max(el.clientWidth, 240), height }));
    resize?.observe(el);
    return () => {
      resize?.disconnect();
      chart.destroy();
    };
  }, [series, height]);

  return <div ref={box} data-testid="traffic-chart" className="w-full text-muted-foreground" />;
}
