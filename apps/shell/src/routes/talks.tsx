import { Page } from "./page";

export function Talks() {
  return <Page title="Talks & Events" intro="Conference talks and meetups on DevOps, Kubernetes and cloud infrastructure." />;
}
