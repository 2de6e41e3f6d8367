import { describe, expect, it } from "vitest";
import { breaksLine, hasBidiControl, hasInvisible, nameProblem, visibleLength } from "../src/names";
import { mailCases } from "./mail-testdata";

type NameCase = {
  name: string;
  visible: number;
  breaksLine: boolean;
  bidiControl: boolean;
  invisible: boolean;
};

describe("the name rule agrees with the gateway's (services/mail/testdata/names.json)", () => {
  it.each(mailCases<NameCase>("names.json").map((c) => [JSON.stringify(c.name), c] as const))(
    "%s",
    (_, c) => {
      expect(visibleLength(c.name)).toBe(c.visible);
      expect(breaksLine(c.name)).toBe(c.breaksLine);
      expect(hasBidiControl(c.name)).toBe(c.bidiControl);
      expect(hasInvisible(c.name)).toBe(c.invisible);
    },
  );
});

describe("nameProblem", () => {
  const rules = {
    nameMinLength: 2,
    nameMaxLength: 5,
    nameTooShort: "short",
    nameTooLong: "long",
    nameNotOneLine: "lines",
    nameDirection: "direction",
    nameInvisible: "invisible",
  };

  it.each([
    ["Jane", undefined],
    ["李雷", undefined],
    ["J", "short"],
    ["\u200b\u200b\u200b", "short"],
    ["Janette", "long"],
    ["Ja\nne", "lines"],
    ["Ja\u2028ne", "lines"],
    ["Ja\u202ene", "direction"],
    ["Ja\ufeffne", "invisible"],
    ["Ja\u00adne", "invisible"],
    ["Jane\u{e0041}", "invisible"],
    ["\u0645\u200c\u0632", undefined],
    // The gateway's order: a name both too short and on two lines is too short.
    ["J\n", "short"],
  ])("%j: %s", (name, problem) => expect(nameProblem(name, rules)).toBe(problem));
});
