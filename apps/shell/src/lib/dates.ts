// Dates of static content are formatted here, the same on the server, in every browser
// and in every time zone: from the ISO text itself, never through `new Date(...)` in the
// visitor's zone (which can move a date by a day) and never from today's date.

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

function parts(iso: string): { year: number; month: number; day: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  const [year, month, day] = match
    ? [Number(match[1]), Number(match[2]), Number(match[3])]
    : [0, 0, 0];
  if (!match || month < 1 || month > 12 || day < 1 || day > 31) {
    throw new Error(`not an ISO calendar date (YYYY-MM-DD): ${JSON.stringify(iso)}`);
  }
  return { year, month, day };
}

/** `2025-01-15` → `15/1/2025`: the en-IN numeric date (day/month/year, no padding). */
export function formatDateIN(iso: string): string {
  const { year, month, day } = parts(iso);
  return `${day}/${month}/${year}`;
}

/** `2024-11-14` → `November 14, 2024`. */
export function formatDateLong(iso: string): string {
  const { year, month, day } = parts(iso);
  return `${MONTHS[month - 1]} ${day}, ${year}`;
}
