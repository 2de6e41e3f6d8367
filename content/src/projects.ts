// @portfolio/content/projects: the 8 projects and the extra detail some of them have.
import projectsJson from "../projects.json";
import projectDetailsJson from "../project-details.json";
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
/** Extra detail, keyed by project id; only some projects have it (ids 1 and 2). */
export const projectDetails: Readonly<Partial<Record<number, ProjectDetail>>> = deepFreeze(
  projectDetailsJson.details as Partial<Record<number, ProjectDetail>>,
);

const projectsById = new Map<number, Project>(projects.map((p) => [p.id, p]));
const detailsById = new Map<number, ProjectDetail>(
  Object.entries(projectDetailsJson.details).map(([id, d]) => [Number(id), d as ProjectDetail]),
);

/**
 * The project with this id and its own extra detail, or undefined when no project has
 * the id (including non-integers such as NaN). A project without extra detail comes
 * without `detail` — never with another project's.
 */
export function getProject(id: number): ProjectPage | undefined {
  if (!Number.isInteger(id)) return undefined;
  const project = projectsById.get(id);
  if (project === undefined) return undefined;
  const detail = detailsById.get(id);
  return detail === undefined ? { project } : { project, detail };
}

/** The project categories, in the schema's order. */
export const projectCategories: readonly ProjectCategory[] = [
  "DevOps",
  "Infrastructure",
  "Monitoring",
  "Automation",
  "Cloud",
];
