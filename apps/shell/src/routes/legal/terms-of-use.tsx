import { legal } from "@portfolio/content/legal";
import { LegalPage } from "./legal-page";

const { terms } = legal;

export function TermsOfUse() {
  return (
    <LegalPage
      doc={terms}
      facts={[
        { label: "Notice before material changes", value: `${terms.noticePeriodDays} days` },
        { label: "Governing law", value: terms.governingLaw },
      ]}
    />
  );
}
