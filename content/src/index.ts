import siteJson from "../site.json";
import routesJson from "../routes.json";
import homeJson from "../home.json";
import skillsJson from "../skills.json";
import resumeJson from "../resume.json";
import projectsJson from "../projects.json";
import projectDetailsJson from "../project-details.json";
import talksJson from "../talks.json";
import legalJson from "../legal.json";
import contactJson from "../contact.json";
import type {
  Contact,
  ContactSubjectValue,
  Home,
  KnownSkillIcon,
  Legal,
  Project,
  ProjectCategory,
  ProjectDetail,
  ProjectPage,
  Resume,
  Route,
  Site,
  Skill,
  SkillColor,
  Talk,
} from "./types";
import { deepFreeze } from "./freeze";

export type * from "./types";

export const site: Site = siteJson as Site;
export const routes: readonly Route[] = routesJson.routes as Route[];

/** Drops the editor-only `$schema` key of a content file and freezes what is left. */
function contentOf<T extends object>(doc: T): Omit<T, "$schema"> {
  const { $schema: _schema, ...rest } = doc as T & { $schema?: string };
  return deepFreeze(rest);
}

export const home: Home = contentOf(homeJson) as Home;
export const skills: readonly Skill[] = deepFreeze(skillsJson.skills as Skill[]);
export const resume: Resume = contentOf(resumeJson) as Resume;
/** The 8 projects in display order (ids 1 to 8; featured on 1 to 3). */
export const projects: readonly Project[] = deepFreeze(projectsJson.projects as Project[]);
/** Extra detail, keyed by project id; only some projects have it (ids 1 and 2). */
export const projectDetails: Readonly<Partial<Record<number, ProjectDetail>>> = deepFreeze(
  projectDetailsJson.details as Partial<Record<number, ProjectDetail>>,
);
export const talks: readonly Talk[] = deepFreeze(talksJson.talks as Talk[]);
export const legal: Legal = contentOf(legalJson) as Legal;
export const contact: Contact = contentOf(contactJson) as Contact;

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

/** The icon keys the UI is expected to map; any other key gets the default icon. */
export const knownSkillIcons: readonly KnownSkillIcon[] = [
  "aws",
  "azure",
  "gcp",
  "docker",
  "kubernetes",
  "network",
  "cicd",
  "terraform",
  "jenkins",
  "python",
  "linux",
  "monitoring",
  "git",
  "shell",
  "ansible",
];

/** Whether the UI has an icon for this key (otherwise it shows its default icon). */
export function isKnownSkillIcon(key: string): key is KnownSkillIcon {
  return (knownSkillIcons as readonly string[]).includes(key);
}

/** Every accent color token a skill may use (schema/skills.schema.json). */
export const skillColors: readonly SkillColor[] = [
  "slate",
  "gray",
  "red",
  "orange",
  "amber",
  "yellow",
  "lime",
  "green",
  "emerald",
  "teal",
  "cyan",
  "sky",
  "blue",
  "indigo",
  "violet",
  "purple",
  "fuchsia",
  "pink",
  "rose",
];

/** The project categories, in the schema's order. */
export const projectCategories: readonly ProjectCategory[] = [
  "DevOps",
  "Infrastructure",
  "Monitoring",
  "Automation",
  "Cloud",
];

/** The contact form's subject values, in display order. */
export const contactSubjects: readonly ContactSubjectValue[] = [
  "collaboration",
  "job",
  "consulting",
  "speaking",
  "other",
];
