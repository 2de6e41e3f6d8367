// The name's and the email address's rules and messages, one set for every form that
// asks for them (form-fields.json): the contact page and the newsletter page give them
// to their forms as part of their `validation`.
import formFieldsJson from "../form-fields.json";
import { contentOf } from "./freeze";
import type { FormFields } from "./types";

export const formFields: FormFields = contentOf(formFieldsJson);
