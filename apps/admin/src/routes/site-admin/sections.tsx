import type { SectionList } from "@portfolio/api-client/admin";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@portfolio/ui/card";
import { useQuery } from "@tanstack/react-query";
import { LoadProblem } from "./load-problem";
import { SectionItem } from "./releases/section-item";
import { sectionsKey } from "./releases/use-section-action";

/**
 * The sections' releases: each section serves the build the gateway shipped with until
 * a release is promoted; here the owner promotes one, rolls back, and sees who did what.
 */
export function Sections() {
  const sections = useQuery<SectionList>({ queryKey: sectionsKey });
  const data = sections.data;
  return (
    <Card className="mt-10">
      <CardHeader>
        <CardTitle id="admin-sections-heading">Sections</CardTitle>
        <CardDescription>
          The shell, the blog, the newsletter and the admin each serve the build the gateway shipped
          with until a release is promoted. Promote and Roll back reach every gateway within about a
          second.
        </CardDescription>
      </CardHeader>
      <CardContent className="p-0 sm:p-0">
        {sections.isError ? (
          <LoadProblem what="the sections" query={sections} inset />
        ) : data ? (
          <div className="divide-y divide-border border-t border-border">
            {data.sections.map((section) => (
              <SectionItem key={section.name} section={section} />
            ))}
          </div>
        ) : (
          <p className="px-6 pb-6 text-sm text-muted-foreground">Loading sections…</p>
        )}
      </CardContent>
    </Card>
  );
}
