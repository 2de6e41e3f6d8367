// The Traffic panel's chart, in a chunk of its own with uPlot (traffic.tsx loads it
// lazily): page views and visitors per UTC day as two lines, and a legend in words with
// one day's numbers: the day pointed at or tapped, else the last. Decorative for
// assistive technology: the panel's table carries the same numbers.
import type { TrafficDay } from "@portfolio/api-client/admin";
import { useEffect, useRef, useState } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { count, formatDay } from "./format";

const VIEWS_COLOR = "#3b82f6";
const VISITORS_COLOR = "#10b981";

export interface TrafficChartProps {
  series: TrafficDay[];
  height: number;
}

/** The lines of `series`, as wide as its container, redrawn when either changes. */
export default function TrafficChart({ series, height }: TrafficChartProps) {
  const box = useRef<HTMLDivElement>(null);
  // The day the legend tells: the one under the pointer or last tapped; null, the last.
  const [pointed, setPointed] = useState<number | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    setPointed(null);
    // Axis labels in the text colour of the theme (light or dark) the page shows now.
    const ink = getComputedStyle(el).color || "currentColor";
    const axis = { stroke: ink, grid: { stroke: "rgba(127,127,127,0.2)" }, ticks: { show: false } };
    const data: uPlot.AlignedData = [
      series.map((d) => Date.parse(`${d.day}T00:00:00Z`) / 1000),
      series.map((d) => d.views),
      series.map((d) => d.visitors),
    ];
    const dayOf = (ts: number) => formatDay(new Date(ts * 1000).toISOString().slice(0, 10));
    let chart: uPlot;
    try {
      chart = new uPlot(
        {
          width: Math.max(el.clientWidth, 240),
          height,
          tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), "Etc/UTC"),
          scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(max, 4)] } },
          axes: [
            { ...axis, values: (_u, ticks) => ticks.map(dayOf) },
            { ...axis, size: 48 },
          ],
          series: [
            {},
            { label: "Page views", stroke: VIEWS_COLOR, width: 2, fill: "rgba(59,130,246,0.1)" },
            { label: "Visitors", stroke: VISITORS_COLOR, width: 2 },
          ],
          // The legend is ours, in words (below); uPlot's reads "--" until a mouse hovers.
          legend: { show: false },
          // A day pointed at stays told until a mouse leaves: a tap is followed by the
          // browser's own mouse events, which end in a leave that must not undo it.
          hooks: {
            setCursor: [
              (u) => {
                if (u.cursor.idx != null) setPointed(u.cursor.idx);
              },
            ],
          },
        },
        data,
        el,
      );
    } catch (error) {
      // No canvas (an old or locked-down browser): the tables still show everything.
      console.warn("Traffic: the chart could not be drawn.", error);
      return;
    }
    // A tap moves the cursor to the day tapped (a mouse moves it by hovering); the legend
    // keeps that day (a finger leaves no pointer behind to hover).
    const tap = (event: PointerEvent) => {
      if (event.pointerType === "mouse") return;
      const rect = chart.over.getBoundingClientRect();
      chart.setCursor({ left: event.clientX - rect.left, top: event.clientY - rect.top });
    };
    const leave = (event: PointerEvent) => {
      if (event.pointerType === "mouse") setPointed(null);
    };
    chart.over.addEventListener("pointerdown", tap);
    chart.over.addEventListener("pointerleave", leave);
    const resize =
      typeof ResizeObserver === "undefined"
        ? undefined
        : new ResizeObserver(() => chart.setSize({ width: Math.max(el.clientWidth, 240), height }));
    resize?.observe(el);
    return () => {
      chart.over.removeEventListener("pointerdown", tap);
      chart.over.removeEventListener("pointerleave", leave);
      resize?.disconnect();
      chart.destroy();
    };
  }, [series, height]);

  const day = series[pointed ?? series.length - 1];
  return (
    <div>
      <div ref={box} data-testid="traffic-chart" className="w-full text-muted-foreground" />
      {day ? (
        <p
          data-testid="traffic-legend"
          className="mt-2 flex h-6 flex-wrap items-center gap-x-2 text-sm"
        >
          <span className="font-medium">{formatDay(day.day)}:</span>
          <span className="inline-flex items-center gap-1.5">
            <span className="size-2.5 rounded-sm" style={{ backgroundColor: VIEWS_COLOR }} />
            {count(day.views, "page view")}
          </span>
          <span className="text-muted-foreground">·</span>
          <span className="inline-flex items-center gap-1.5">
            <span className="size-2.5 rounded-sm" style={{ backgroundColor: VISITORS_COLOR }} />
            {count(day.visitors, "visitor")}
          </span>
        </p>
      ) : null}
    </div>
  );
}
