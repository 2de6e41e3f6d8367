// Times from the API (RFC 3339, UTC) shown in the reader's time zone, in the site's
// en-IN style ('1 Jun 2025, 2:30 pm'). Only ever given data fetched in the browser: a
// server render has none.
const dateTime = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short" });

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

/** A dash for a missing value, read out as `spoken`. */
export function Blank({ spoken }: { spoken: string }) {
  return (
    <span className="text-muted-foreground">
      <span aria-hidden="true">—</span>
      <span className="sr-only">{spoken}</span>
    </span>
  );
}

/** A time from the API, or a dash read as 'not yet' when there is none. */
export function Timestamp({ iso }: { iso: string | null | undefined }) {
  if (!iso) return <Blank spoken="not yet" />;
  return <time dateTime={iso}>{formatDateTime(iso)}</time>;
}

const dayFormat = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  timeZone: "UTC",
});

/** '25 Nov' for a UTC day (YYYY-MM-DD). */
export const formatDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

/** `1 subscriber`, `2 subscribers`. */
export const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
