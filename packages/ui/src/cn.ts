export type ClassValue = string | false | null | undefined | 0;

/**
 * Joins class names, skipping falsy values and repeats: a class both a component and
 * its caller give (`CardTitle`'s `text-xl` and a card's own) is in the attribute once,
 * as HTML checkers want it, in the place it first came. Components order their classes
 * so that a caller's `className` comes last; no conflict resolution (tailwind-merge) is
 * shipped.
 */
export function cn(...classes: ClassValue[]): string {
  const names = new Set<string>();
  for (const c of classes) if (c) for (const name of c.split(/\s+/)) if (name) names.add(name);
  return [...names].join(" ");
}
