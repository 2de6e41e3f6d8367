// The browser's subscribe rules against services/newsletter/testdata/signups.json, the
// table the gateway's newsletter.Parse test runs: both name the same problems, in the
// same words, with the copy the page ships (content's newsletter-page.json).
import { readFileSync } from "node:fs";
import path from "node:path";
import { newsletterPage } from "@portfolio/content/newsletter";
import { describe, expect, it } from "vitest";
import { subscriptionProblems } from "../src/routes/subscription-rules";

type Signup = {
  case: string;
  email: string;
  name: string;
  problems: { field: "name" | "email"; message: string }[];
};

const { cases } = JSON.parse(
  readFileSync(
    path.resolve(import.meta.dirname, "../../../services/newsletter/testdata/signups.json"),
    "utf8",
  ),
) as { cases: Signup[] };

describe("the subscribe rules agree with the gateway's (signups.json)", () => {
  it("has cases", () => expect(cases.length).toBeGreaterThan(10));

  it.each(cases.map((c) => [c.case, c] as const))("%s", (_, c) => {
    const problems = subscriptionProblems(
      { name: c.name, email: c.email, website: "" },
      newsletterPage.validation,
    );
    // Same fields, same messages, in the form's order.
    expect(Object.entries(problems)).toEqual(c.problems.map((p) => [p.field, p.message]));
  });
});
