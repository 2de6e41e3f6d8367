// @portfolio/content/skills: the 15 skills, and which icon keys and colours the UI maps.

import { skillColors as schemaSkillColors } from "../dist/types/skills";
import skillsJson from "../skills.json";
import { deepFreeze } from "./freeze";
import type { KnownSkillIcon, Skill, SkillColor } from "./types";

export type { KnownSkillIcon, Skill, SkillColor } from "./types";

export const skills: readonly Skill[] = deepFreeze(skillsJson.skills as Skill[]);

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

/** Every accent color token a skill may use, as schema/skills.schema.json lists them. */
export const skillColors: readonly SkillColor[] = schemaSkillColors;
