import { Page } from "./page";

export function PrivacyPolicy() {
  return <Page title="Privacy Policy" intro="What this site collects when you contact me or subscribe, and how it is kept." />;
}
