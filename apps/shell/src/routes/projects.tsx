import { Page } from "./page";

export function Projects() {
  return (
    <Page
      title="Featured Projects"
      intro="Infrastructure, automation, monitoring and cloud projects, with the code and the decisions behind them."
    />
  );
}
