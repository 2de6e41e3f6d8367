// Build step of @portfolio/content: generates the TypeScript types of the content from
// its JSON Schemas, so the schemas are the one source of the content's shape.
//
//   schema/<name>.schema.json → dist/types/<name>.ts   one type per titled schema
//                                                      (a "title" names the type)
//
// plus, beside the types, the closed lists of values the pages iterate over (e.g.
// skillColors), read from the schemas' enums. src/types.ts re-exports what the apps
// use and adds only what no schema describes (the build's rendered posts and editions).
// The output is git-ignored like the rest of dist/: typecheck and test depend on the
// build (turbo.json), so the types cannot drift from the schemas.
//
// Usage: `node scripts/build-types.mjs` (part of the package's "build" script).

import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { compile } from "json-schema-to-typescript";

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const schemaDir = path.join(packageDir, "schema");
const outDir = path.join(packageDir, "dist", "types");

/** Enums exported as values too: [schema, JSON pointer to the enum, const name, type name]. */
const valueLists = [
  [
    "skills.schema.json",
    "/properties/skills/items/properties/color/enum",
    "skillColors",
    "SkillColor",
  ],
  [
    "projects.schema.json",
    "/properties/projects/items/properties/category/enum",
    "projectCategories",
    "ProjectCategory",
  ],
  ["contact.schema.json", "/$defs/subject/enum", "contactSubjects", "ContactSubjectValue"],
  ["blog-post.schema.json", "/properties/category/enum", "blogCategories", "BlogCategory"],
  [
    "newsletter-page.schema.json",
    "/properties/expect/properties/items/items/properties/icon/enum",
    "newsletterExpectIcons",
    "NewsletterExpectIcon",
  ],
];

const at = (doc, pointer) =>
  pointer
    .split("/")
    .slice(1)
    .reduce((node, key) => {
      if (node === null || typeof node !== "object" || !(key in node))
        throw new Error(`no ${pointer}`);
      return node[key];
    }, doc);

/**
 * sections.json's list as a value, beside its type: the one list of the sections'
 * names (docs/decisions/0065), literal, so that src/sections.ts derives the union of
 * the names, of the remotes' and of the released sections' from it.
 */
async function sectionList() {
  const { sections } = JSON.parse(await readFile(path.join(packageDir, "sections.json"), "utf8"));
  return `\nexport const sections = ${JSON.stringify(sections)} as const satisfies readonly SectionInfo[];\n`;
}

export async function buildTypes() {
  const started = performance.now();
  const names = (await readdir(schemaDir)).filter((n) => n.endsWith(".schema.json")).sort();
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  for (const name of names) {
    const schema = JSON.parse(await readFile(path.join(schemaDir, name), "utf8"));
    let ts = await compile(schema, schema.title, {
      bannerComment: `// Generated from schema/${name} by scripts/build-types.mjs. Do not edit.`,
      // The schemas close every object; counts are checked by the validators, not types.
      additionalProperties: false,
      ignoreMinAndMaxItems: true,
      format: false,
      cwd: schemaDir,
    });
    for (const [file, pointer, constName, typeName] of valueLists) {
      if (file !== name) continue;
      const values = at(schema, pointer);
      ts += `\nexport const ${constName} = ${JSON.stringify(values)} as const satisfies readonly ${typeName}[];\n`;
    }
    if (name === "sections.schema.json") ts += await sectionList();
    await writeFile(path.join(outDir, name.replace(/\.schema\.json$/, ".ts")), ts);
  }
  return { files: names.length, ms: Math.round(performance.now() - started) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { files, ms } = await buildTypes();
  console.log(`content: ${files} schemas → dist/types/ in ${ms} ms`);
}
