// The content's dates (src/dates.mjs), as the build script writes them into the JSON and
// the shell's pages show them.
import { describe, expect, it } from "vitest";
import { displayDate, formatDateIN, formatDateLong, monthText } from "../src/dates.mjs";

describe("formatDateIN", () => {
  it.each(["2025-01-15", "2024-12-31", "2023-09-05", "2000-02-29"])(
    "formats %s as en-IN does",
    (iso) => {
      const intl = new Intl.DateTimeFormat("en-IN", { timeZone: "UTC" }).format(
        new Date(`${iso}T00:00:00Z`),
      );
      expect(formatDateIN(iso)).toBe(intl);
    },
  );

  it("gives 15/1/2025 for 2025-01-15", () => {
    expect(formatDateIN("2025-01-15")).toBe("15/1/2025");
  });

  it.each(["", "2025-1-15", "15/01/2025", "2025-13-01", "2025-00-10", "2025-01-32"])(
    "rejects %j",
    (bad) => {
      expect(() => formatDateIN(bad)).toThrow(/ISO calendar date/);
      expect(() => formatDateLong(bad)).toThrow(/ISO calendar date/);
      expect(() => displayDate(bad)).toThrow(/ISO calendar date/);
    },
  );
});

describe("formatDateLong", () => {
  it("spells the month", () => {
    expect(formatDateLong("2024-11-14")).toBe("November 14, 2024");
    expect(formatDateLong("2023-09-06")).toBe("September 6, 2023");
  });
});

describe("displayDate and monthText", () => {
  it("give a post's date and an edition's month", () => {
    expect(displayDate("2023-12-15")).toBe("Dec 15, 2023");
    expect(displayDate("2023-12-08")).toBe("Dec 8, 2023");
    expect(displayDate("2024-09-01")).toBe("Sep 1, 2024");
    expect(monthText("2024-12")).toBe("December 2024");
    expect(monthText("2025-06")).toBe("June 2025");
  });
});
