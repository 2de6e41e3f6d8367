import { AxeBuilder } from "@axe-core/playwright";

/** axe's violations on the page as it is now, one line each, prefixed with `state`. */
export async function axeViolations(page, state) {
  const { violations } = await new AxeBuilder({ page }).setLegacyMode().analyze();
  return violations.map(
    (x) =>
      `${state}: [${x.impact}] ${x.id}: ${x.help} — ${x.nodes
        .slice(0, 3)
        .map((n) => n.target.join(" "))
        .join("; ")}`,
  );
}
