import { describe, expect, it } from "vitest";
import { EMAIL_MAX_LENGTH, emailProblem } from "../src/email-address";
import { mailCases } from "./mail-testdata";

/** Whether the gateway accepts `address`: no problem with its own limit. */
const isEmailAddress = (address: string) =>
  emailProblem(address, {
    emailMaxLength: EMAIL_MAX_LENGTH,
    emailTooLong: "long",
    invalidEmail: "invalid",
  }) === undefined;

describe("emailProblem agrees with the gateway's (services/mail/testdata/addresses.json)", () => {
  it.each(
    mailCases<{ address: string; valid: boolean }>("addresses.json").map(
      (c) => [JSON.stringify(c.address), c.valid] as const,
    ),
  )("%s: %s", (address, valid) => expect(isEmailAddress(JSON.parse(address))).toBe(valid));
});

describe("emailProblem", () => {
  const rules = { emailMaxLength: 20, emailTooLong: "long", invalidEmail: "invalid" };
  it.each([
    ["jane@example.org", undefined],
    ["jane@example", "invalid"],
    ["jane.doe.smith@example.org", "long"],
    // Counted in characters, as the gateway counts: é is one.
    [`${"é".repeat(21)}`, "long"],
  ])("%j: %s", (address, problem) => expect(emailProblem(address, rules)).toBe(problem));
});

describe("isEmailAddress", () => {
  it.each([
    "jane@example.org",
    "jane.doe+news@mail.example.co.uk",
    "j_d-1@ex-ample.io",
    "o'neil@example.ie",
    "jane@xn--bcher-kva.example",
    "jane@1.example",
  ])("accepts %s", (address) => expect(isEmailAddress(address)).toBe(true));

  it.each([
    ["empty", ""],
    ["no @", "jane.example.org"],
    ["no dot in the domain", "jane@example"],
    ["two dots in a row", "ja..ne@example.org"],
    ["a leading dot", ".jane@example.org"],
    ["a space", "jane doe@example.org"],
    ["a display name", "Jane <jane@example.org>"],
    ["a hyphen at a label's end", "jane@example-.org"],
    ["a local part over 64 characters", `${"a".repeat(65)}@example.org`],
    ["non-ASCII", "jané@example.org"],
    ["an address literal", "a@[127.0.0.1]"],
    ["an IP address as the domain", "jane@127.0.0.1"],
    ["a domain in Unicode (its xn-- form is taken)", "jane@bücher.example"],
  ])("rejects %s", (_, address) => expect(isEmailAddress(address)).toBe(false));

  it(`takes at most ${EMAIL_MAX_LENGTH} characters`, () => {
    const domain = (n: number) =>
      `${"b".repeat(60)}.${"c".repeat(60)}.${"d".repeat(60)}.${"e".repeat(n)}.org`;
    const at = (n: number) => `${"a".repeat(64)}@${domain(n)}`;
    expect(at(1).length).toBeLessThan(EMAIL_MAX_LENGTH);
    const fits = at(1 + EMAIL_MAX_LENGTH - at(1).length);
    expect(fits).toHaveLength(EMAIL_MAX_LENGTH);
    expect(isEmailAddress(fits)).toBe(true);
    const over = at(2 + EMAIL_MAX_LENGTH - at(1).length);
    expect(over).toHaveLength(EMAIL_MAX_LENGTH + 1);
    expect(isEmailAddress(over)).toBe(false);
  });
});
