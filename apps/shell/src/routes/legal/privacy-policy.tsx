import { legal } from "@portfolio/content/legal";
import { LegalPage } from "./legal-page";

const { privacy } = legal;

export function PrivacyPolicy() {
  return (
    <LegalPage
      doc={privacy}
      facts={[
        {
          label: "Response to privacy requests",
          value: `Within ${privacy.responseTimeHours} hours`,
        },
        { label: "Minimum age", value: `${privacy.minimumAge} years` },
      ]}
    />
  );
}
