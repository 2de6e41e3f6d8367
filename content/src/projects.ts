// @portfolio/content/projects: the 8 projects and each one's detail.

import { projectCategories as schemaProjectCategories } from "../dist/types/projects";
import projectDetailsJson from "../project-details.json";
import projectsJson from "../projects.json";
import { deepFreeze } from "./freeze";
import type { Project, ProjectCategory, ProjectDetail, ProjectPage } from "./types";

export type {
  ContentImage,
  Project,
  ProjectCategory,
  ProjectDetail,
  ProjectPage,
  TechStackGroup,
} from "./types";

/** The 8 projects in display order (ids 1 to 8; featured on 1 to 3). */
export const projects: readonly Project[] = deepFreeze(projectsJson.projects as Project[]);
/** Each project's detail, keyed by project id: every project has its own. */
export const projectDetails: Readonly<Record<number, ProjectDetail>> = deepFreeze(
  projectDetailsJson.details as Record<number, ProjectDetail>,
);

// The schema requires detail for ids 1 to 8 and the Go loader for every project; a
// content edit that drops one fails here, at import, rather than as a bare page.
const pagesById = new Map<number, ProjectPage>(
  projects.map((project) => {
    const detail = (projectDetailsJson.details as Partial<Record<string, ProjectDetail>>)[
      String(project.id)
    ];
    if (detail === undefined)
      throw new Error(
        `project-details.json: project ${project.id} (${project.title}) has no detail`,
      );
    return [project.id, { project, detail }];
  }),
);

/**
 * The project with this id and its own detail, or undefined when no project has the id
 * (including non-integers such as NaN).
 */
export function getProject(id: number): ProjectPage | undefined {
  if (!Number.isInteger(id)) return undefined;
  return pagesById.get(id);
}

/** The path of a project's own page, e.g. /projects/1. */
export function projectPath(project: Pick<Project, "id">): string {
  return `/projects/${project.id}`;
}

/** The project categories, in the schema's order. */
export const projectCategories: readonly ProjectCategory[] = schemaProjectCategories;
