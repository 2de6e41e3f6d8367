import type { Project } from "@portfolio/content/projects";
import { type ButtonSize, buttonClasses } from "@portfolio/ui/button";
import { ExternalLink } from "@portfolio/ui/external-link";
import { ExternalLinkIcon, GithubIcon } from "@portfolio/ui/icons";

/**
 * A project's code link and, only when it has a live URL, its demo link. `describedBy`
 * names the element (the project's title) that tells same-named links apart.
 */
export function ProjectLinks({
  project,
  codeLabel,
  demoLabel,
  size = "sm",
  describedBy,
}: {
  project: Project;
  codeLabel: string;
  demoLabel: string;
  size?: ButtonSize;
  describedBy?: string;
}) {
  return (
    <>
      <ExternalLink
        href={project.githubUrl}
        aria-describedby={describedBy}
        className={buttonClasses({ variant: "outline", size })}
      >
        <GithubIcon />
        {codeLabel}
      </ExternalLink>
      {project.liveUrl ? (
        <ExternalLink
          href={project.liveUrl}
          aria-describedby={describedBy}
          className={buttonClasses({ variant: "outline", size })}
        >
          <ExternalLinkIcon />
          {demoLabel}
        </ExternalLink>
      ) : null}
    </>
  );
}
