import { type Project, projects } from "@portfolio/content/projects";
import { Badge } from "@portfolio/ui/badge";
import { buttonClasses } from "@portfolio/ui/button";
import { Card } from "@portfolio/ui/card";
import { Page } from "@portfolio/ui/page";
import { Link } from "react-router";
import { ProjectLinks } from "./project-links";

/** How many cards can be in the first screenful (one row of three): their images load at once. */
const EAGER_IMAGES = 3;

/** Featured Projects: a grid of 1, 2 or 3 columns of project cards. */
export function Projects() {
  return (
    <Page
      title="Featured Projects"
      intro="Infrastructure, automation, monitoring and cloud projects, with the code and the decisions behind them."
    >
      <ul className="mt-10 grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
        {projects.map((project, index) => (
          <li key={project.id} className="flex">
            <ProjectCard project={project} eager={index < EAGER_IMAGES} />
          </li>
        ))}
      </ul>
    </Page>
  );
}

function ProjectCard({ project, eager }: { project: Project; eager: boolean }) {
  const titleId = `project-${project.id}-title`;
  return (
    <Card className="flex w-full flex-col overflow-hidden">
      <img
        src={project.image.src}
        alt={project.image.alt}
        width={project.image.width}
        height={project.image.height}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        className="aspect-video w-full border-b border-border bg-muted object-cover"
      />
      <div className="flex flex-1 flex-col gap-4 p-6">
        <div className="flex flex-col gap-2">
          <Badge variant="outline" className="self-start">
            {project.category}
          </Badge>
          <h2 id={titleId} className="text-xl font-semibold leading-tight tracking-tight">
            {project.title}
          </h2>
          <p className="text-sm text-muted-foreground">{project.description}</p>
        </div>
        <ul className="flex flex-wrap gap-1.5" aria-label="Technologies">
          {project.technologies.map((technology) => (
            <li key={technology}>
              <Badge variant="secondary">{technology}</Badge>
            </li>
          ))}
        </ul>
        {/* Links on one line, 'View Details' on its own, right-aligned, in every card: with
            or without a Demo link, the footers of a row line up. */}
        <div className="mt-auto flex flex-col gap-2 border-t border-border pt-4">
          <div className="flex flex-wrap gap-2">
            <ProjectLinks
              project={project}
              codeLabel="Code"
              demoLabel="Demo"
              describedBy={titleId}
            />
          </div>
          <Link
            to={`/projects/${project.id}`}
            aria-describedby={titleId}
            className={buttonClasses({ variant: "link", size: "sm", className: "self-end px-1" })}
          >
            View Details →
          </Link>
        </div>
      </div>
    </Card>
  );
}
