import { Page } from "./page";

export function Skills() {
  return (
    <Page
      title="Technical Skills"
      intro="Cloud platforms, containers and orchestration, infrastructure as code, CI/CD, observability and the scripting that ties them together."
    />
  );
}
