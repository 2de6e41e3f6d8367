// @portfolio/content/legal: the privacy policy and the terms of use.
import legalJson from "../legal.json";
import { contentOf } from "./freeze";
import type { Legal } from "./types";

export type { Legal, LegalDocument, LegalSection, PrivacyPolicy, TermsOfUse } from "./types";

export const legal: Legal = contentOf(legalJson) as Legal;
