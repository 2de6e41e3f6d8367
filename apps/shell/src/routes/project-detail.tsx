import { buttonClasses } from "@portfolio/ui/button";
import { Link, useParams } from "@portfolio/router";
import { Page } from "./page";

export function ProjectDetail() {
  const { id = "" } = useParams();
  const projectId = /^\d+$/.test(id) ? Number(id) : Number.NaN;
  const back = (
    <Link to="/projects" className={buttonClasses({ variant: "outline", className: "mt-8" })}>
      Back to Projects
    </Link>
  );
  if (!Number.isInteger(projectId)) {
    return <Page title="Project Not Found" intro="There is no project with this number.">{back}</Page>;
  }
  return (
    <Page title={`Project ${projectId}`} intro="Overview, architecture and the challenges solved along the way.">
      {back}
    </Page>
  );
}
