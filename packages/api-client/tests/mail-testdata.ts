// services/mail/testdata's tables: the gateway's name and address rules, case by case,
// which its Go tests run too.
import { readFileSync } from "node:fs";
import path from "node:path";

export function mailCases<T>(file: "names.json" | "addresses.json"): T[] {
  const table = JSON.parse(
    readFileSync(
      path.resolve(import.meta.dirname, "../../../services/mail/testdata", file),
      "utf8",
    ),
  ) as { cases: T[] };
  if (table.cases.length === 0) throw new Error(`${file} has no cases`);
  return table.cases;
}
