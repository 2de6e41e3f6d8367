import type { SectionEvent } from "@portfolio/api-client/admin";
import { describe, expect, it } from "vitest";
import {
  describeEvent,
  rollbackTarget,
  sectionLabel,
  servingInSentence,
  servingLabel,
} from "../src/routes/site-admin/releases/format";

const at = "2026-11-25T18:11:25Z";
const ev = (action: SectionEvent["action"], version: string, previous = ""): SectionEvent => ({
  section: "blog",
  action,
  version,
  previous,
  actor: "admin:owner",
  at,
});
/** Oldest first, as they happened; the API lists them newest first. */
const newestFirst = (...events: SectionEvent[]) => events.reverse();

describe("section wording", () => {
  it("names the sections, and the shipped build for an empty version", () => {
    expect(sectionLabel("blog")).toBe("Blog");
    expect(sectionLabel("newsletter")).toBe("Newsletter");
    expect(sectionLabel("admin")).toBe("Admin");
    expect(sectionLabel("talks")).toBe("talks");
    expect(servingLabel("")).toBe("Shipped build");
    expect(servingLabel("1.0.0-abc")).toBe("1.0.0-abc");
    expect(servingInSentence("")).toBe("the shipped build");
    expect(servingInSentence("1.0.0-abc")).toBe("1.0.0-abc");
  });

  it("says what each kind of event did", () => {
    expect(describeEvent(ev("publish", "1.0.0-a"))).toBe("published 1.0.0-a");
    expect(describeEvent(ev("promote", "1.0.0-b", "1.0.0-a"))).toBe(
      "promoted 1.0.0-b, replacing 1.0.0-a",
    );
    expect(describeEvent(ev("promote", "1.0.0-a"))).toBe(
      "promoted 1.0.0-a, replacing the shipped build",
    );
    // A rollback's version is what is served after it, previous what it left.
    expect(describeEvent(ev("rollback", "", "1.0.0-a"))).toBe(
      "rolled back from 1.0.0-a to the shipped build",
    );
    expect(describeEvent(ev("expire", "0.9.0-z"))).toBe("removed 0.9.0-z after its retention");
    const key = "SHA256:t92IuP6MRoqRLUAE54Hs4vRrMqMuVGm7zGy/dQa+uTk";
    expect(describeEvent({ ...ev("key-add", ""), key })).toBe(`added the signing key ${key}`);
    expect(describeEvent({ ...ev("key-remove", ""), key })).toBe(`removed the signing key ${key}`);
    expect(describeEvent({ ...ev("publish", "1.0.0-a"), action: "archive" as never })).toBe(
      "archive 1.0.0-a",
    );
  });
});

describe("rollbackTarget", () => {
  it("is what the newest promote still standing replaced", () => {
    expect(rollbackTarget(newestFirst(ev("publish", "a"), ev("promote", "a")))).toBe("");
    expect(rollbackTarget(newestFirst(ev("promote", "a"), ev("promote", "b", "a")))).toBe("a");
  });

  it("skips the promotes that rollbacks undid, each the newest standing at its time", () => {
    // a, b, back to a: rolling back again undoes a.
    expect(
      rollbackTarget(
        newestFirst(ev("promote", "a"), ev("promote", "b", "a"), ev("rollback", "a", "b")),
      ),
    ).toBe("");
    // a, b, back to a, c: rolling back undoes c, back to a.
    expect(
      rollbackTarget(
        newestFirst(
          ev("promote", "a"),
          ev("promote", "b", "a"),
          ev("rollback", "a", "b"),
          ev("promote", "c", "a"),
          ev("publish", "d"),
          ev("expire", "b"),
        ),
      ),
    ).toBe("a");
  });

  it("is unknown when nothing is left to undo, or the history shown stops short of it", () => {
    expect(rollbackTarget([])).toBeUndefined();
    expect(
      rollbackTarget(newestFirst(ev("promote", "a"), ev("rollback", "", "a"))),
    ).toBeUndefined();
    // Only the latest 20 are listed: a rollback whose promote fell off the end.
    expect(rollbackTarget(newestFirst(ev("rollback", "a", "b")))).toBeUndefined();
  });
});
