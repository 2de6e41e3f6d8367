// Dates of the content, formatted the same at build time (scripts/build-markdown.mjs), on
// the server and in every browser and time zone: from the ISO text itself, never through
// `new Date(...)` in the visitor's zone (which can move a date by a day) and never from
// today's date. Fixed English, no Intl: the same on every machine. Plain JavaScript, so
// the build script runs it on Node as it is; its types are in dates.d.mts.

const monthNames = [
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
];

/** @param {string} iso YYYY-MM-DD */
function parts(iso) {
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
export function formatDateIN(iso) {
  const { year, month, day } = parts(iso);
  return `${day}/${month}/${year}`;
}

/** `2024-11-14` → `November 14, 2024`. */
export function formatDateLong(iso) {
  const { year, month, day } = parts(iso);
  return `${monthNames[month - 1]} ${day}, ${year}`;
}

/** `2023-12-15` → `Dec 15, 2023`: a blog post's date. */
export function displayDate(iso) {
  const { year, month, day } = parts(iso);
  return `${monthNames[month - 1].slice(0, 3)} ${day}, ${year}`;
}

/** `2024-12` → `December 2024`: a newsletter edition's month. */
export function monthText(yearMonth) {
  const [y, m] = yearMonth.split("-").map(Number);
  return `${monthNames[m - 1]} ${y}`;
}
