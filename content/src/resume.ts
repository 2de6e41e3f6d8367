// @portfolio/content/resume: experience, education and certifications.
import resumeJson from "../resume.json";
import { contentOf } from "./freeze";
import type { Resume } from "./types";

export type { Certification, Education, Experience, Resume } from "./types";

export const resume: Resume = contentOf(resumeJson) as Resume;
