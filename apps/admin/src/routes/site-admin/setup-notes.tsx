import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@portfolio/ui/card";
import { Code } from "./code";
import { PostgresNote, ProvidersNote, SmtpNote, TemplatesNote } from "./setup-note-sections";

/** How mail, templates and storage are set up for this site: static text for the owner. */
export function SetupNotes() {
  return (
    <Card className="mt-10">
      <CardHeader>
        <CardTitle>Setup notes</CardTitle>
        <CardDescription>
          The gateway reads its settings from <Code>PORTFOLIO_*</Code> environment variables (or a
          config file) at start-up: restart it after a change.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-8 text-sm leading-relaxed lg:grid-cols-2">
        <SmtpNote />
        <TemplatesNote />
        <ProvidersNote />
        <PostgresNote />
      </CardContent>
    </Card>
  );
}
