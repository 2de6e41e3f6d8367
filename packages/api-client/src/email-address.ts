// What the gateway takes for an email address (the contact form and the newsletter both
// send one): checked in the browser first, so a visitor sees the field's message before
// anything is sent. Imported as "@portfolio/api-client/email-address".

/**
 * A plain address a reply can go to, about as strict as the browser's own email check
 * plus the gateway's: a dot-atom local part of at most 64 characters, and a domain of
 * two or more labels (letters, digits, inner hyphens).
 */
export const emailAddressPattern =
  /^(?=[^@]{1,64}@)[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** The longest address the gateway accepts (RFC 5321's path limit less the brackets). */
export const EMAIL_MAX_LENGTH = 254;

/** Whether `address` (already trimmed) is one the gateway accepts. */
export function isEmailAddress(address: string): boolean {
  return address.length <= EMAIL_MAX_LENGTH && emailAddressPattern.test(address);
}
