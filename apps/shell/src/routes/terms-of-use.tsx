import { Page } from "./page";

export function TermsOfUse() {
  return <Page title="Terms of Use" intro="The terms for using this site and its content." />;
}
