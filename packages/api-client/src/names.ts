// The name rule the gateway applies to a person's name (services/mail's names.go, used
// by the contact form and the newsletter): at least a minimum of visible characters, at
// most a maximum, one line, no text direction controls, no invisible characters. Checked in the browser first, so
// a visitor sees the field's message before anything is sent. Imported as
// "@portfolio/api-client/names"; services/mail/testdata/names.json is run by both sides.

/** Characters as the gateway counts them: Unicode code points, not UTF-16 units. */
export const codePoints = (s: string): number => [...s].length;

/** A line break or any other control character (Go's unicode.IsControl, Zl, Zp). */
const lineBreak = /[\p{Cc}\u2028\u2029]/u;

/** Whether `s` holds a character a one-line name, subject or header must not hold. */
export const breaksLine = (s: string): boolean => lineBreak.test(s);

/**
 * Characters that do not show (mail.VisibleLength): spaces, format characters,
 * variation selectors and other default-ignorables, the blank braille cell.
 */
const invisible =
  /[\s\u0085\u2800\p{Zs}\p{Zl}\p{Zp}\p{Cf}\p{Variation_Selector}\p{Default_Ignorable_Code_Point}]/gu;

/** The characters of `s` that show. */
export const visibleLength = (s: string): number => codePoints(s.replace(invisible, ""));

/** A bidirectional control: what follows it could show in another order. */
const directionControl = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

/** Whether `s` holds a bidirectional control (mail.HasBidiControl). */
export const hasBidiControl = (s: string): boolean => directionControl.test(s);

/**
 * A character that does not show and is no space (mail.HasInvisible's hidden): format
 * characters (zero-width space and joiners, word joiner, byte order mark, soft hyphen,
 * direction controls, tag characters), variation selectors, other default-ignorables
 * (combining grapheme joiner, Hangul fillers), the blank braille cell.
 */
const hidden = /[\u2800\p{Cf}\p{Variation_Selector}\p{Default_Ignorable_Code_Point}]/u;
/** A letter or mark of a script whose writing uses the zero-width joiners (Arabic, Devanagari…). */
const joining = /^[\p{L}\p{M}]$/u;
const nonJoining =
  /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Common}\p{Script=Inherited}]$/u;
const joins = (c: string | undefined): boolean =>
  c !== undefined && joining.test(c) && !nonJoining.test(c);
/** What a variation selector may follow: a symbol or an ideograph it selects the look of. */
const selectable = /^[\p{So}\p{Sm}\p{Ideographic}]$/u;
const variationSelector = /^\p{Variation_Selector}$/u;

/**
 * Whether `s` holds an invisible character (mail.HasInvisible): "own\ufeffer" would look
 * like "owner". A zero-width (non-)joiner between two letters of a script that joins, and a
 * variation selector right after a symbol or an ideograph, are part of the name and pass.
 */
export function hasInvisible(s: string): boolean {
  const chars = [...s];
  return chars.some((c, i) => {
    if (!hidden.test(c)) return false;
    if ((c === "\u200c" || c === "\u200d") && joins(chars[i - 1]) && joins(chars[i + 1])) {
      return false;
    }
    const prev = chars[i - 1];
    return !(variationSelector.test(c) && prev !== undefined && selectable.test(prev));
  });
}

/** A name field's limits and messages, as content's form-fields.json gives them to every form. */
export interface NameRules {
  nameMinLength: number;
  nameMaxLength: number;
  nameTooShort: string;
  nameTooLong: string;
  nameNotOneLine: string;
  nameDirection: string;
  nameInvisible: string;
}

/** The first rule `name` (trimmed) breaks, as its message, in the gateway's order. */
export function nameProblem(name: string, rules: NameRules): string | undefined {
  if (visibleLength(name) < rules.nameMinLength) return rules.nameTooShort;
  if (codePoints(name) > rules.nameMaxLength) return rules.nameTooLong;
  if (breaksLine(name)) return rules.nameNotOneLine;
  if (hasBidiControl(name)) return rules.nameDirection;
  if (hasInvisible(name)) return rules.nameInvisible;
  return undefined;
}
