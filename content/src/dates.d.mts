// Types of dates.mjs (plain JavaScript, shared with the Node build script).

/** `2025-01-15` → `15/1/2025`; throws on anything but a YYYY-MM-DD date. */
export declare function formatDateIN(iso: string): string;
/** `2024-11-14` → `November 14, 2024`; throws on anything but a YYYY-MM-DD date. */
export declare function formatDateLong(iso: string): string;
/** `2023-12-15` → `Dec 15, 2023`; throws on anything but a YYYY-MM-DD date. */
export declare function displayDate(iso: string): string;
/** `2024-12` → `December 2024`. */
export declare function monthText(yearMonth: string): string;
