import {
  ADMIN_API,
  type TrafficDay,
  type TrafficItem,
  type TrafficPage,
  type TrafficReport,
  type TrafficSpan,
  trafficSpans,
} from "@portfolio/api-client/admin";
import { Button } from "@portfolio/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@portfolio/ui/card";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type ComponentType, lazy, type ReactNode, Suspense, useState } from "react";
import { count, formatDay } from "./format";
import { LoadProblem } from "./load-problem";
import type { TrafficChartProps } from "./traffic-chart";
import { TrafficVitalsTables } from "./traffic-vitals";

// The chart library (uPlot) comes with its own chunk, fetched once the traffic has
// arrived: nobody else loads it. A chunk that fails to load leaves the chart out; the
// tables below carry the same numbers without it.
const TrafficChart = lazy(
  (): Promise<{ default: ComponentType<TrafficChartProps> }> =>
    import("./traffic-chart").catch((error: unknown) => {
      console.warn("Traffic: the chart could not be loaded.", error);
      return { default: () => null };
    }),
);

const CHART_HEIGHT = 240;
/** The chart's legend under it (traffic-chart.tsx: h-6, mt-2). */
const LEGEND_HEIGHT = 32;

const sum = (series: TrafficDay[], key: "views" | "visitors") =>
  series.reduce((n, d) => n + d[key], 0);

/**
 * The Traffic panel: page views and visitors per day over 7, 30 or 90 days as a chart
 * (a table for screen readers carries the same numbers), then the top pages, the top
 * articles, referrers, devices and sign-ups per page. Counted by the gateway itself
 * (docs/decisions/0039-first-party-analytics.md).
 */
export function Traffic() {
  const [days, setDays] = useState<TrafficSpan>(30);
  const traffic = useQuery<TrafficReport>({
    queryKey: [ADMIN_API.traffic, { days }],
    placeholderData: keepPreviousData,
  });
  const report = traffic.data;

  let body: ReactNode;
  if (traffic.isError) {
    body = <LoadProblem what="the traffic" query={traffic} />;
  } else if (!report) {
    body = <p className="text-sm text-muted-foreground">Loading the traffic…</p>;
  } else if (!report.enabled) {
    body = (
      <p className="text-sm text-muted-foreground">
        Counting is off on this site (PORTFOLIO_ANALYTICS=false).
      </p>
    );
  } else {
    body = <TrafficBody report={report} />;
  }

  return (
    <Card className="mt-10">
      <CardHeader>
        <CardTitle id="admin-traffic-heading">Traffic</CardTitle>
        <CardDescription>
          Counted by the site itself: no cookie, no third party, no address kept. Days are UTC; the
          owner's own visits and bots are not counted.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <fieldset className="flex flex-wrap items-center gap-2">
          <legend className="sr-only">Days shown</legend>
          {trafficSpans.map((span) => (
            <Button
              key={span}
              size="sm"
              variant={span === days ? "default" : "outline"}
              aria-pressed={span === days}
              onClick={() => setDays(span)}
            >
              {span} days
            </Button>
          ))}
        </fieldset>
        {body}
      </CardContent>
    </Card>
  );
}

function TrafficBody({ report }: { report: TrafficReport }) {
  const { series } = report;
  const views = sum(series, "views");
  return (
    <>
      <p className="text-sm" aria-live="polite">
        {count(views, "page view")} and {count(sum(series, "visitors"), "daily visitor")} over the
        last {report.days} days.
      </p>
      <figure className="flex flex-col gap-2">
        {/* Room for the chart and its legend before they come: nothing moves then. */}
        <div aria-hidden="true" style={{ minHeight: CHART_HEIGHT + LEGEND_HEIGHT }}>
          <Suspense fallback={null}>
            <TrafficChart series={series} height={CHART_HEIGHT} />
          </Suspense>
        </div>
        <figcaption className="text-sm text-muted-foreground">
          Page views and visitors per day, {formatDay(series[0]?.day ?? "")} to{" "}
          {formatDay(series.at(-1)?.day ?? "")}.
        </figcaption>
        <table className="sr-only">
          <caption>Page views and visitors per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Page views</th>
              <th scope="col">Visitors</th>
            </tr>
          </thead>
          <tbody>
            {series.map((d) => (
              <tr key={d.day}>
                <th scope="row">
                  <time dateTime={d.day}>{formatDay(d.day)}</time>
                </th>
                <td>{d.views}</td>
                <td>{d.visitors}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </figure>
      <div className="grid gap-6 md:grid-cols-2">
        <CountTable caption="Top pages" head="Page" unit="Views" rows={report.pages.map(pageRow)} />
        <CountTable
          caption="Top articles"
          head="Article"
          unit="Views"
          rows={report.articles.map(pageRow)}
        />
        <CountTable
          caption="Top referrers"
          head="Referrer"
          unit="Views"
          rows={report.referrers.map(itemRow(referrerLabel))}
        />
        <CountTable
          caption="Devices"
          head="Device"
          unit="Views"
          rows={report.devices.map(itemRow(deviceLabel))}
        />
        <CountTable
          caption="Sign-ups per page"
          head="Page"
          unit="Sign-ups"
          rows={report.signups.map(pageRow)}
        />
      </div>
      <TrafficVitalsTables vitals={report.vitals} />
    </>
  );
}

const referrerLabel = (key: string) =>
  key === "" ? "Direct or unknown" : key === "(other)" ? "Other sites" : key;

const deviceLabel = (key: string) => key.charAt(0).toUpperCase() + key.slice(1);

/** A page as a row: its title linking to it, its path below; "" is an unknown page. */
const pageRow = (p: TrafficPage): CountRow => ({
  key: p.path,
  count: p.count,
  label:
    p.path === "" ? (
      "Unknown page"
    ) : (
      <>
        <a href={p.path} className="text-primary underline-offset-4 hover:underline">
          {p.title || p.path}
        </a>
        {p.title ? (
          <span className="block break-all text-xs text-muted-foreground">{p.path}</span>
        ) : null}
      </>
    ),
});

const itemRow =
  (label: (key: string) => string) =>
  (r: TrafficItem): CountRow => ({ key: r.key, count: r.count, label: label(r.key) });

interface CountRow {
  key: string;
  label: ReactNode;
  count: number;
}

/** A captioned table of labelled counts, largest first as the API sends them. */
function CountTable({
  caption,
  head,
  unit,
  rows,
}: {
  caption: string;
  head: string;
  unit: string;
  rows: CountRow[];
}) {
  return (
    <table className="w-full self-start text-left text-sm [&_td]:py-1 [&_th]:py-1">
      <caption className="mb-2 text-left font-semibold">{caption}</caption>
      <thead className="text-muted-foreground">
        <tr>
          <th scope="col">{head}</th>
          <th scope="col" className="text-right">
            {unit}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={2} className="text-muted-foreground">
              None yet.
            </td>
          </tr>
        ) : (
          rows.map((r) => (
            <tr key={r.key}>
              {/* Titles wrap between words (a word only when it is wider than the column); a path anywhere. */}
              <th scope="row" className="break-words font-normal">
                {r.label}
              </th>
              <td className="text-right tabular-nums">{r.count}</td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}
