import { site } from "@portfolio/content";
import { type ProjectDetail as Detail, getProject } from "@portfolio/content/projects";
import { Badge } from "@portfolio/ui/badge";
import { buttonClasses } from "@portfolio/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@portfolio/ui/card";
import { ArrowLeftIcon } from "@portfolio/ui/icons";
import { Page } from "@portfolio/ui/page";
import { useDocumentTitle } from "@portfolio/ui/use-document-title";
import type { ReactNode } from "react";
import { Link, useLocation, useParams } from "react-router";
import { documentTitle } from "../../chrome/page-changes";
import { sanitizeHtml } from "../../lib/sanitize-html";
import { parseProjectId } from "./project-id";
import { ProjectLinks } from "./project-links";

const backLinkClass =
  "inline-flex items-center gap-2 rounded-sm text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [&_svg]:size-4";

/** /projects/:id — the project with that integer id, or 'Project Not Found'. */
export function ProjectDetail() {
  const { id } = useParams();
  const { pathname } = useLocation();
  const page = getProject(parseProjectId(id) ?? Number.NaN);
  // The route's title is the generic "Project"; the gateway's <title> names the project too.
  useDocumentTitle(
    page ? page.project.title : "Project Not Found",
    (page && documentTitle(pathname)) || site.siteName,
  );

  if (!page) {
    return (
      <Page
        title="Project Not Found"
        intro="There is no project at this address. It may have moved, or the link may be mistyped."
      >
        <Link to="/projects" className={buttonClasses({ variant: "outline", className: "mt-8" })}>
          <ArrowLeftIcon />
          Back to Projects
        </Link>
      </Page>
    );
  }

  const { project, detail } = page;
  return (
    <article className="mx-auto max-w-6xl px-4 py-10 sm:px-6 md:py-14">
      <Link to="/projects" className={backLinkClass}>
        <ArrowLeftIcon />
        Back to Projects
      </Link>
      <img
        src={project.image.src}
        alt={project.image.alt}
        width={project.image.width}
        height={project.image.height}
        decoding="async"
        fetchPriority="high"
        className="mt-6 aspect-video max-h-[28rem] w-full rounded-lg border border-border bg-muted object-cover"
      />
      <header className="mt-8 flex flex-col gap-4">
        <Badge variant="outline" className="self-start">
          {project.category}
        </Badge>
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          {project.title}
        </h1>
        <p className="max-w-3xl text-lg text-muted-foreground">{project.description}</p>
        <ul className="flex flex-wrap gap-1.5" aria-label="Technologies">
          {project.technologies.map((technology) => (
            <li key={technology}>
              <Badge variant="secondary">{technology}</Badge>
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-3">
          <ProjectLinks
            project={project}
            codeLabel="Source Code"
            demoLabel="Live Demo"
            size="default"
          />
        </div>
      </header>
      <ProjectDetailCards detail={detail} category={project.category} />
    </article>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** Sanitized rich text: p, ul, ol, li, strong, em, code and h3 only (see sanitize-html.ts). */
function RichText({ html }: { html: string }) {
  return (
    <div
      className={
        "text-sm leading-relaxed text-card-foreground " +
        "[&_p]:mt-3 [&_p:first-child]:mt-0 [&_h3]:mt-5 [&_h3]:text-base [&_h3]:font-semibold [&_h3:first-child]:mt-0 " +
        "[&_ul]:mt-3 [&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-5 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:space-y-1.5 [&_ol]:pl-5 " +
        "[&_li]:marker:text-primary [&_strong]:font-semibold " +
        "[&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.85em]"
      }
      dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }}
    />
  );
}

function ProjectDetailCards({ detail, category }: { detail: Detail; category: string }) {
  return (
    <div className="mt-12 grid gap-8 lg:grid-cols-3">
      <div className="flex flex-col gap-8 lg:col-span-2">
        <Section title="Project Overview">
          <p className="text-sm leading-relaxed">{detail.overview}</p>
        </Section>
        <Section title="Architecture & Implementation">
          <RichText html={detail.architecture} />
        </Section>
        <Section title="Challenges & Solutions">
          <RichText html={detail.challenges} />
        </Section>
      </div>
      <aside className="flex flex-col gap-8" aria-label="Project facts">
        <Section title="Project Information">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-3 text-sm">
            <dt className="text-muted-foreground">Category</dt>
            <dd className="font-medium">{category}</dd>
            <dt className="text-muted-foreground">Timeline</dt>
            <dd className="font-medium">{detail.timeline}</dd>
            <dt className="text-muted-foreground">Team Size</dt>
            <dd className="font-medium">{detail.teamSize}</dd>
          </dl>
        </Section>
        <Section title="Key Features">
          <ul className="list-disc space-y-2 pl-5 text-sm marker:text-primary">
            {detail.features.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        </Section>
        <Section title="Technologies Used">
          <div className="flex flex-col gap-4">
            {detail.techStack.map((group) => (
              <div key={group.category}>
                <h3 className="mb-2 text-sm font-medium text-muted-foreground">{group.category}</h3>
                <ul className="flex flex-wrap gap-1.5">
                  {group.tools.map((tool) => (
                    <li key={tool}>
                      <Badge variant="secondary">{tool}</Badge>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </Section>
      </aside>
    </div>
  );
}
