// Compile-time checks that the TypeScript types and the JSON agree; `tsc --noEmit`
// (the package's typecheck) fails if they drift. JSON imports type string values as
// `string`, so each JSON file is checked against its type with literal unions widened
// (the schemas check the unions' values), and for keys the type does not know.
import { describe, expect, it } from "vitest";
import contactJson from "../contact.json";
import formFieldsJson from "../form-fields.json";
import homeJson from "../home.json";
import legalJson from "../legal.json";
import newsletterPageJson from "../newsletter-page.json";
import projectDetailsJson from "../project-details.json";
import projectsJson from "../projects.json";
import resumeJson from "../resume.json";
import skillsJson from "../skills.json";
import { contact } from "../src/contact";
import { home } from "../src/home";
import type {
  ContactFile,
  Education,
  FormFields,
  Home,
  Legal,
  NewsletterPageFile,
  Project,
  ProjectDetail,
  Resume,
  Skill,
  Talk,
} from "../src/index";
import * as root from "../src/index";
import { legal } from "../src/legal";
import { newsletterPage } from "../src/newsletter";
import { projectDetails, projects } from "../src/projects";
import { resume } from "../src/resume";
import { skills } from "../src/skills";
import { talks } from "../src/talks";
import talksJson from "../talks.json";

/** T with every literal union widened to its primitive (e.g. "DevOps" | "Cloud" → string). */
type Widen<T> = T extends string
  ? string
  : T extends number
    ? number
    : T extends boolean
      ? boolean
      : T extends null | undefined
        ? T
        : T extends readonly (infer U)[]
          ? Widen<U>[]
          : T extends object
            ? { [K in keyof T]: Widen<T[K]> }
            : T;

/** The keys (deep) of JSON type J that type T does not declare; `$schema` is allowed. */
type ExtraKeys<J, T> = J extends readonly (infer JE)[]
  ? T extends readonly (infer TE)[]
    ? ExtraKeys<JE, TE>
    : never
  : J extends object
    ? T extends object
      ? {
          [K in Exclude<keyof J, "$schema">]-?: K extends keyof T
            ? ExtraKeys<J[K], NonNullable<T[K]>>
            : K;
        }[Exclude<keyof J, "$schema">]
      : never
    : never;

type IsNever<T> = [T] extends [never] ? true : false;
type Assert<T extends true> = T;

// The JSON has every field its type requires, with the right primitive types...
export const checkHome: Widen<Home> = homeJson;
export const checkSkills: Widen<{ skills: Skill[] }> = skillsJson;
export const checkResume: Widen<Resume> = resumeJson;
export const checkProjects: Widen<{ projects: Project[] }> = projectsJson;
export const checkDetails: Widen<{ details: Record<string, ProjectDetail> }> = projectDetailsJson;
export const checkTalks: Widen<{ talks: Talk[] }> = talksJson;
export const checkLegal: Widen<Legal> = legalJson;
export const checkContact: Widen<ContactFile> = contactJson;
export const checkNewsletterPage: Widen<NewsletterPageFile> = newsletterPageJson;
export const checkFormFields: Widen<FormFields> = formFieldsJson;

// ...and no field its type lacks.
export type NoExtraKeys = [
  Assert<IsNever<ExtraKeys<typeof homeJson, Home>>>,
  Assert<IsNever<ExtraKeys<typeof skillsJson, { skills: Skill[] }>>>,
  Assert<IsNever<ExtraKeys<typeof resumeJson, Resume>>>,
  Assert<IsNever<ExtraKeys<typeof projectsJson, { projects: Project[] }>>>,
  Assert<IsNever<ExtraKeys<typeof projectDetailsJson, { details: Record<string, ProjectDetail> }>>>,
  Assert<IsNever<ExtraKeys<typeof talksJson, { talks: Talk[] }>>>,
  Assert<IsNever<ExtraKeys<typeof legalJson, Legal>>>,
  Assert<IsNever<ExtraKeys<typeof contactJson, ContactFile>>>,
  Assert<IsNever<ExtraKeys<typeof newsletterPageJson, NewsletterPageFile>>>,
  Assert<IsNever<ExtraKeys<typeof formFieldsJson, FormFields>>>,
];

// The checks above really check: the original capital-U education entry is caught both
// ways (missing `university`, unknown `University`).
const capitalU = { degree: "B.Tech", University: "Somewhere", year: 2019 };
// @ts-expect-error `university` is missing
export const rejectMissing: Widen<Education> = capitalU;
// @ts-expect-error `University` is not a field of Education
export type RejectExtra = Assert<IsNever<ExtraKeys<typeof capitalU, Education>>>;
// @ts-expect-error a renamed optional field is an extra key
export type RejectRenamed = Assert<IsNever<ExtraKeys<{ videoURL: string }, Talk>>>;

describe("types", () => {
  it("exports the JSON data unchanged apart from $schema, the forms' with form-fields.json's rules", () => {
    const { $schema: _h, ...homeData } = homeJson;
    const { $schema: _r, ...resumeData } = resumeJson;
    const { $schema: _l, ...legalData } = legalJson;
    const { $schema: _c, ...contactData } = contactJson;
    const { $schema: _n, ...newsletterPageData } = newsletterPageJson;
    const { $schema: _f, ...fields } = formFieldsJson;
    expect(home).toEqual(homeData);
    expect(resume).toEqual(resumeData);
    expect(legal).toEqual(legalData);
    expect(contact).toEqual({
      ...contactData,
      validation: { ...fields, ...contactData.validation },
    });
    expect(newsletterPage).toEqual({ ...newsletterPageData, validation: fields });
    expect(skills).toEqual(skillsJson.skills);
    expect(projects).toEqual(projectsJson.projects);
    expect(projectDetails).toEqual(projectDetailsJson.details);
    expect(talks).toEqual(talksJson.talks);
  });

  it("keeps site and routes in the root export", () => {
    expect(root.site.owner.headline).toBe("DevOps Engineer & Cloud Infrastructure Specialist");
    expect(root.routes.length).toBeGreaterThan(0);
  });
});
