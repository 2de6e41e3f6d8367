export type ClassValue = string | false | null | undefined | 0;

/**
 * Joins class names, skipping falsy values. Components order their classes so that a
 * caller's `className` comes last; no conflict resolution (tailwind-merge) is shipped.
 */
export function cn(...classes: ClassValue[]): string {
  let out = "";
  for (const c of classes) if (c) out = out ? `${out} ${c}` : c;
  return out;
}
