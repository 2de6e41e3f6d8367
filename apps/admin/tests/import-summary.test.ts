import type { ImportResult } from "@portfolio/api-client/admin";
import { describe, expect, it } from "vitest";
import { importSummary, refusedSentence } from "../src/routes/site-admin/subscriber-import";

const result = (r: Partial<ImportResult>): ImportResult => ({
  format: "plain",
  rows: 0,
  added: 0,
  confirmed: 0,
  unconfirmed: 0,
  unsubscribed: 0,
  confirmationsSent: 0,
  confirmationsNotSent: 0,
  confirmationsPerDay: 100,
  confirmationsResent: 0,
  suppressed: 0,
  refused: [],
  ...r,
});

const refused = (n: number): ImportResult["refused"] =>
  Array.from({ length: n }, (_, i) => ({ line: i + 2, email: "", reason: "already on the list" }));

describe("importSummary", () => {
  it("says what came in, in one sentence, when every confirmation went out", () => {
    expect(
      importSummary(
        result({
          format: "portfolio",
          rows: 4,
          added: 4,
          confirmed: 2,
          unconfirmed: 1,
          unsubscribed: 1,
          confirmationsSent: 1,
        }),
      ),
    ).toBe(
      "Read 4 rows as this site's export: added 4 (2 confirmed subscribers kept confirmed, 1 confirmation email queued, 1 unsubscribed address kept unsubscribed); refused 0.",
    );
  });

  it("says how many confirmations today's limit held back, and how to send them", () => {
    expect(
      importSummary(
        result({
          rows: 112,
          added: 112,
          unconfirmed: 112,
          confirmationsSent: 100,
          confirmationsNotSent: 12,
        }),
      ),
    ).toBe(
      "Read 112 rows as a list of addresses: added 112 (0 confirmed subscribers kept confirmed, 100 confirmation emails queued, 0 unsubscribed addresses kept unsubscribed); refused 0. " +
        "12 confirmations not sent: today's limit of 100 import confirmations is reached; import the file again tomorrow to send them.",
    );
  });

  it("says how many held-back confirmations the file sent again", () => {
    expect(
      importSummary(
        result({
          rows: 13,
          confirmationsSent: 12,
          confirmationsResent: 12,
          refused: refused(1),
          confirmationsNotSent: 1,
          confirmationsPerDay: 12,
        }),
      ),
    ).toBe(
      "Read 13 rows as a list of addresses: added 0 (0 confirmed subscribers kept confirmed, 0 confirmation emails queued, 0 unsubscribed addresses kept unsubscribed); refused 1. " +
        "12 confirmations held back by an earlier import sent now. " +
        "1 confirmation not sent: today's limit of 12 import confirmations is reached; import the file again tomorrow to send them.",
    );
  });

  it("says how many suppressed addresses the file carried over", () => {
    expect(
      importSummary(result({ format: "portfolio", rows: 2, added: 2, suppressed: 1 })),
    ).toContain("1 suppressed address kept from every email, as in the file.");
    expect(importSummary(result({ rows: 1, added: 1 }))).not.toContain("suppressed");
  });
});

describe("refusedSentence", () => {
  it("says a refused row as a sentence naming its line (and its address, when it has one)", () => {
    expect(
      refusedSentence({ line: 4, email: "not-an-address", reason: "not a valid email address" }),
    ).toBe("Line 4 (not-an-address): not a valid email address.");
    expect(refusedSentence({ line: 7, email: "", reason: 'not valid CSV: bare " in field.' })).toBe(
      'Line 7: not valid CSV: bare " in field.',
    );
  });
});
