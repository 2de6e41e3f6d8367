import { Page } from "./page";

export function Resume() {
  return <Page title="Resume" intro="Work experience, education and certifications in DevOps and cloud infrastructure." />;
}
