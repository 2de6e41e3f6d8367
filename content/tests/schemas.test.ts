// Every content file at the package root (<name>.json) must match
// schema/<name>.schema.json under the build's Ajv (strict draft 2020-12) — the same rule
// the Go loaders apply, so both languages reject the same content.
import { describe, expect, it } from "vitest";
import { newAjv } from "../scripts/build-markdown.mjs";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const dataFiles = import.meta.glob<JsonObject>("../*.json", { eager: true, import: "default" });
const schemaFiles = import.meta.glob<JsonObject>("../schema/*.schema.json", {
  eager: true,
  import: "default",
});

/** Schemas of the YAML front matter of Markdown content, by the folder they validate. */
const frontMatterSchemas: Record<string, string> = {
  "blog-post.schema.json": "blog",
  "newsletter-edition.schema.json": "newsletter",
};
const markdownFiles = Object.keys(
  import.meta.glob<string>(["../blog/*.md", "../newsletter/*.md"], {
    eager: true,
    import: "default",
    query: "?raw",
  }),
);

/** Package tooling, not content: no schema. */
const toolingFiles = new Set(["package.json", "tsconfig.json"]);

const baseName = (path: string) => path.slice(path.lastIndexOf("/") + 1);

const content = Object.fromEntries(
  Object.entries(dataFiles)
    .map(([path, doc]) => [baseName(path), doc] as const)
    .filter(([name]) => !toolingFiles.has(name)),
);
const schemas = Object.fromEntries(
  Object.entries(schemaFiles).map(([path, schema]) => [baseName(path), schema] as const),
);

const ajv = newAjv();
const validators = Object.fromEntries(
  Object.entries(schemas).map(([name, schema]) => [name, ajv.compile(schema)] as const),
);

function validatorFor(file: string) {
  const v = validators[file.replace(/\.json$/, ".schema.json")];
  if (!v) throw new Error(`no schema for ${file}`);
  return v;
}

const clone = <T>(v: T): T => structuredClone(v);

describe("content files match their schemas", () => {
  it("finds the shell pages' content files", () => {
    for (const name of [
      "site.json",
      "routes.json",
      "home.json",
      "skills.json",
      "resume.json",
      "projects.json",
      "project-details.json",
      "talks.json",
      "legal.json",
      "contact.json",
    ]) {
      expect(Object.keys(content)).toContain(name);
    }
  });

  it.each(Object.keys(content))("%s has a schema and matches it", (name) => {
    const schemaName = name.replace(/\.json$/, ".schema.json");
    expect(Object.keys(schemas), `schema/${schemaName} is missing`).toContain(schemaName);
    const validate = validatorFor(name);
    const ok = validate(content[name]);
    expect(validate.errors ?? [], `${name} does not match schema/${schemaName}`).toEqual([]);
    expect(ok).toBe(true);
    // Editors use $schema for completion; it must point at the same schema.
    const ref = content[name]?.$schema;
    if (ref !== undefined) expect(ref).toBe(`./schema/${schemaName}`);
  });

  it.each(Object.keys(schemas).filter((s) => !(s in frontMatterSchemas)))(
    "schema/%s belongs to a content file",
    (schemaName) => {
      expect(Object.keys(content)).toContain(schemaName.replace(/\.schema\.json$/, ".json"));
    },
  );

  // The front matter schemas belong to folders of Markdown files; the build
  // (tests/markdown.test.ts) and content/markdown_test.go validate those files.
  it.each(Object.entries(frontMatterSchemas))(
    "schema/%s belongs to the Markdown in %s/",
    (schemaName, dir) => {
      expect(Object.keys(schemas)).toContain(schemaName);
      expect(markdownFiles.some((f) => f.startsWith(`../${dir}/`))).toBe(true);
    },
  );

  // Strictness guard for the schemas themselves: every object schema states
  // additionalProperties (false, or a schema for keyed maps), so a typo in content
  // is never accepted silently.
  it.each(Object.keys(schemas))("schema/%s closes every object", (schemaName) => {
    const open: string[] = [];
    const walk = (node: Json, at: string): void => {
      if (Array.isArray(node)) {
        for (const [i, n] of node.entries()) walk(n, `${at}/${i}`);
        return;
      }
      if (node === null || typeof node !== "object") return;
      if (node.type === "object" && !("additionalProperties" in node)) open.push(at || "/");
      for (const [k, v] of Object.entries(node)) walk(v, `${at}/${k}`);
    };
    walk(schemas[schemaName] as Json, "");
    expect(open).toEqual([]);
  });
});

// Each case breaks a valid file in one way; the schema must reject it. This proves
// the schemas enforce what the site fixes, not just that the files happen to pass.
describe("schemas reject broken content", () => {
  type Doc = { [key: string]: any };
  const cases: Array<[string, string, (d: Doc) => void]> = [
    ["home: unknown field", "home.json", (d) => (d.subtitle = "x")],
    ["home: missing photo", "home.json", (d) => delete d.photo],
    ["home: photo without width", "home.json", (d) => delete d.photo.width],
    [
      "home: photo path escapes /images/",
      "home.json",
      (d) => (d.photo.src = "/images/../site.json"),
    ],
    ["home: photo over http", "home.json", (d) => (d.photo.src = "http://example.com/me.png")],
    ["skills: 14 skills", "skills.json", (d) => d.skills.pop()],
    ["skills: 16 skills", "skills.json", (d) => d.skills.push(d.skills[0])],
    ["skills: 3 achievements", "skills.json", (d) => d.skills[0].achievements.pop()],
    ["skills: 5 achievements", "skills.json", (d) => d.skills[0].achievements.push("More")],
    ["skills: color as a CSS class", "skills.json", (d) => (d.skills[0].color = "text-orange-500")],
    ["skills: icon with spaces", "skills.json", (d) => (d.skills[0].icon = "Amazon Web Services")],
    ["skills: empty achievement", "skills.json", (d) => (d.skills[0].achievements[0] = " ")],
    [
      "resume: University with a capital U",
      "resume.json",
      (d) => {
        d.education[0].University = d.education[0].university;
        delete d.education[0].university;
      },
    ],
    ["resume: 2 jobs", "resume.json", (d) => d.experience.pop()],
    ["resume: 6 achievements", "resume.json", (d) => d.experience[0].achievements.push("a", "b")],
    ["resume: year as text", "resume.json", (d) => (d.education[0].year = "2019")],
    ["projects: 7 projects", "projects.json", (d) => d.projects.pop()],
    ["projects: id 9", "projects.json", (d) => (d.projects[7].id = 9)],
    ["projects: id as text", "projects.json", (d) => (d.projects[0].id = "1")],
    ["projects: unknown category", "projects.json", (d) => (d.projects[0].category = "Security")],
    [
      "projects: demo over http",
      "projects.json",
      (d) => (d.projects[0].liveUrl = "http://example.com"),
    ],
    ["projects: featured as text", "projects.json", (d) => (d.projects[0].featured = "yes")],
    [
      "projects: image as a bare URL string",
      "projects.json",
      (d) => (d.projects[0].image = "/images/projects/1.svg"),
    ],
    [
      "projects: duplicate technology",
      "projects.json",
      (d) => d.projects[0].technologies.push("Kubernetes"),
    ],
    ["details: non-numeric key", "project-details.json", (d) => (d.details.abc = d.details["1"])],
    [
      "details: script tag",
      "project-details.json",
      (d) => (d.details["1"].architecture += "<script>alert(1)</script>"),
    ],
    [
      "details: attribute on a tag",
      "project-details.json",
      (d) => (d.details["1"].challenges = '<p class="x">hi</p>'),
    ],
    [
      "details: link tag",
      "project-details.json",
      (d) => (d.details["2"].challenges = '<a href="https://x.y">x</a>'),
    ],
    ["details: no tech stack", "project-details.json", (d) => (d.details["2"].techStack = [])],
    ["details: a project without detail", "project-details.json", (d) => delete d.details["5"]],
    ["talks: 4 talks", "talks.json", (d) => d.talks.push(d.talks[0])],
    ["talks: display date", "talks.json", (d) => (d.talks[0].date = "Nov 14, 2024")],
    ["talks: month 13", "talks.json", (d) => (d.talks[0].date = "2024-13-01")],
    ["talks: empty video URL", "talks.json", (d) => (d.talks[2].videoUrl = "")],
    ["talks: null slides URL", "talks.json", (d) => (d.talks[2].slidesUrl = null)],
    [
      "legal: lastUpdated in display format",
      "legal.json",
      (d) => (d.privacy.lastUpdated = "15/01/2025"),
    ],
    ["legal: missing governing law", "legal.json", (d) => delete d.terms.governingLaw],
    [
      "legal: response time as text",
      "legal.json",
      (d) => (d.privacy.responseTimeHours = "48 hours"),
    ],
    [
      "legal: section id with spaces",
      "legal.json",
      (d) => (d.terms.sections[0].id = "Use of the Site"),
    ],
    ["contact: unknown subject", "contact.json", (d) => (d.form.subjects[0].value = "sales")],
    ["contact: 4 subjects", "contact.json", (d) => d.form.subjects.pop()],
    ["contact: unknown default subject", "contact.json", (d) => (d.form.defaultSubject = "hello")],
  ];

  it.each(cases)("%s", (_name, file, mutate) => {
    const doc = clone(content[file]) as Doc;
    expect(doc, `${file} not found`).toBeDefined();
    mutate(doc);
    expect(validatorFor(file)(doc)).toBe(false);
  });

  it("accepts an external https cover image", () => {
    const doc = clone(content["projects.json"]) as Doc;
    doc.projects[0].image.src = "https://images.example.com/cover.jpg";
    expect(validatorFor("projects.json")(doc)).toBe(true);
  });

  it("accepts a project without liveUrl, with liveUrl null, and without featured", () => {
    const doc = clone(content["projects.json"]) as Doc;
    delete doc.projects[3].liveUrl;
    doc.projects[4].liveUrl = null;
    delete doc.projects[0].featured;
    expect(validatorFor("projects.json")(doc)).toBe(true);
  });

  it("accepts an unknown icon key (the UI shows its default icon)", () => {
    const doc = clone(content["skills.json"]) as Doc;
    doc.skills[0].icon = "serverless";
    expect(validatorFor("skills.json")(doc)).toBe(true);
  });
});
