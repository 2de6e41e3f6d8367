// @portfolio/content/contact: the contact page's copy, form labels and validation rules
// (the owner's email, phone and location are `site.owner` in the root export).
import contactJson from "../contact.json";
import { contactSubjects as schemaContactSubjects } from "../dist/types/contact";
import { formFields } from "./form-fields";
import { contentOf } from "./freeze";
import type { Contact, ContactSubjectValue } from "./types";

export type {
  Contact,
  ContactField,
  ContactSubject,
  ContactSubjectValue,
  ContactToast,
  FormFields,
} from "./types";

export const contact: Contact = contentOf({
  ...contactJson,
  validation: { ...formFields, ...contactJson.validation },
}) as Contact;

/** The contact form's subject values, in display order (schema/contact.schema.json, their one source). */
export const contactSubjects: readonly ContactSubjectValue[] = schemaContactSubjects;
