// Reading and validating the content (buildMarkdown's first step): every JSON file
// against its schema, the Markdown's front matter against the post and edition schemas,
// and the rules across fields a schema cannot state. Problems are collected, never
// thrown one at a time: ContentError names them all.

import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Ajv2020 from "ajv/dist/2020.js";
import { parseDocument } from "yaml";
import { tagProblems } from "../../src/tags.mjs";

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Thrown when content is invalid; `problems` has one "file: field: message" per line. */
export class ContentError extends Error {
  /** @param {string[]} problems */
  constructor(problems) {
    super(
      `invalid content (${problems.length} problem${problems.length === 1 ? "" : "s"}):\n${problems.join("\n")}`,
    );
    this.name = "ContentError";
    this.problems = problems;
  }
}

/**
 * @typedef {{ file: string, name: string, frontMatter: unknown, body: string, bodyLine: number }} SourceFile
 * @typedef {{ kind: "post" | "edition", file: string, name: string, data: any, body: string }} Doc
 */

/** Reads every dir/*.md and splits it into front matter and body. */
export async function readMarkdownDir(contentDir, dir, label) {
  let names;
  try {
    names = (await readdir(path.join(contentDir, dir))).filter((n) => n.endsWith(".md")).sort();
  } catch (err) {
    if (err.code === "ENOENT") return [];
    throw err;
  }
  return Promise.all(
    names.map(async (name) => {
      const src = await readFile(path.join(contentDir, dir, name), "utf8");
      return { file: `${label}/${dir}/${name}`, name, ...splitFrontMatter(src) };
    }),
  );
}

const frontMatterRe = /^---[ \t]*\n(?:([\s\S]*?)\n)?---[ \t]*(?:\n|$)/;

/** Splits "---\nyaml\n---\nbody"; frontMatter is undefined when there is none. */
export function splitFrontMatter(src) {
  const text = src.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const m = frontMatterRe.exec(text);
  if (!m) return { frontMatter: undefined, body: text };
  return { frontMatter: m[1] ?? "", body: text.slice(m[0].length) };
}

/** Parses the YAML front matter of f; a problem and undefined when it is not a mapping. */
function parseFrontMatter(f, problems) {
  if (f.frontMatter === undefined) {
    problems.push(
      `${f.file}: front matter: missing (the file must start with a '---' line, then YAML, then '---')`,
    );
    return undefined;
  }
  const doc = parseDocument(f.frontMatter, { uniqueKeys: true, strict: true, prettyErrors: true });
  if (doc.errors.length > 0) {
    for (const e of doc.errors) {
      // "... at line 3, column 4:" counts in the front matter, which starts on line 2.
      const msg = e.message
        .split("\n")[0]
        .replace(
          / at line (\d+), column (\d+):$/,
          (_, line, col) => ` (line ${Number(line) + 1}, column ${col})`,
        );
      problems.push(`${f.file}: front matter: ${msg}`);
    }
    return undefined;
  }
  const data = doc.toJS() ?? {}; // an empty front matter is a mapping with no fields
  if (typeof data !== "object" || Array.isArray(data)) {
    problems.push(`${f.file}: front matter: must be a YAML mapping of fields`);
    return undefined;
  }
  return data;
}

/** Package tooling at the content root, not content: no schema. */
const toolingFiles = new Set(["package.json", "tsconfig.json"]);

/**
 * Ajv for the content schemas: strict draft 2020-12 (an unknown keyword or format is an
 * error), every error at once, the failing value kept for messages, and "format":
 * "date" as a real calendar date (as the Go loaders assert it).
 */
export function newAjv() {
  const ajv = new Ajv2020({ strict: true, allErrors: true, verbose: true });
  ajv.addFormat("date", { type: "string", validate: isCalendarDate });
  return ajv;
}

/** Compiles every schema/*.schema.json once; schema(name) returns its validator. */
export async function compileSchemas() {
  const ajv = newAjv();
  const dir = path.join(packageDir, "schema");
  const names = (await readdir(dir)).filter((n) => n.endsWith(".schema.json"));
  const compiled = new Map(
    await Promise.all(
      names.map(async (name) => [
        name,
        ajv.compile(JSON.parse(await readFile(path.join(dir, name), "utf8"))),
      ]),
    ),
  );
  return {
    schema(name) {
      const v = compiled.get(name);
      if (!v) throw new Error(`schema/${name} is missing`);
      return v;
    },
  };
}

/** Checks every <name>.json of contentDir against schema/<name>.schema.json. */
export async function checkJsonFiles(contentDir, label, validate) {
  const names = (await readdir(contentDir))
    .filter((n) => n.endsWith(".json") && !toolingFiles.has(n))
    .sort();
  const out = [];
  for (const name of names) {
    const file = `${label}/${name}`;
    let data;
    try {
      data = JSON.parse(await readFile(path.join(contentDir, name), "utf8"));
    } catch (err) {
      out.push(`${file}: (root): ${err.message}`);
      continue;
    }
    out.push(
      ...schemaProblems(file, validate.schema(name.replace(/\.json$/, ".schema.json")), data),
    );
  }
  return out;
}

/** The JSON pointer of a value, e.g. "/tags/0"; "(root)" for the whole document. */
function pointer(instancePath, property) {
  const p =
    property === undefined
      ? instancePath
      : `${instancePath}/${property.replace(/~/g, "~0").replace(/\//g, "~1")}`;
  return p || "(root)";
}

/** Validates data with an Ajv validator; one "file: pointer: message" per schema error. */
export function schemaProblems(file, validate, data) {
  if (validate(data)) return [];
  const out = [];
  for (const e of validate.errors ?? []) {
    const value = JSON.stringify(e.data);
    switch (e.keyword) {
      case "required":
        out.push(`${file}: ${pointer(e.instancePath, e.params.missingProperty)}: is required`);
        break;
      case "additionalProperties":
        out.push(
          `${file}: ${pointer(e.instancePath, e.params.additionalProperty)}: is not a known field`,
        );
        break;
      case "pattern":
        // "\\S" is the schemas' "has a non-space character" rule.
        out.push(
          `${file}: ${pointer(e.instancePath)}: ${e.params.pattern === "\\S" ? "must not be blank" : `${value} ${e.message}`}`,
        );
        break;
      case "format":
        out.push(`${file}: ${pointer(e.instancePath)}: ${value} ${e.message}`);
        break;
      case "enum":
        out.push(
          `${file}: ${pointer(e.instancePath)}: ${value} must be one of ${e.params.allowedValues.join(", ")}`,
        );
        break;
      default:
        out.push(`${file}: ${pointer(e.instancePath)}: ${e.message}`);
    }
  }
  return [...new Set(out)];
}

/** True when s (YYYY-MM-DD) is a real calendar date. */
function isCalendarDate(s) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** f's front matter when it parses and passes the schema; else undefined, its problems added. */
function validFrontMatter(f, validate, problems) {
  const data = parseFrontMatter(f, problems);
  if (data === undefined) return undefined;
  const errs = schemaProblems(f.file, validate, data);
  problems.push(...errs);
  return errs.length > 0 ? undefined : data;
}

/** @returns {Doc[]} the posts whose front matter is valid. */
export function checkPosts(files, validate, problems) {
  const docs = [];
  const slugs = new Map();
  const tagSlugs = new Map();
  for (const f of files) {
    const data = validFrontMatter(f, validate, problems);
    if (data === undefined) continue;
    const base = f.name.slice(0, -".md".length);
    const before = problems.length;
    if (data.slug !== base) {
      problems.push(
        `${f.file}: /slug: "${data.slug}" must equal the file name without .md ("${base}")`,
      );
    }
    if (slugs.has(data.slug)) {
      problems.push(`${f.file}: /slug: "${data.slug}" is also the slug of ${slugs.get(data.slug)}`);
    }
    slugs.set(data.slug, f.file);
    problems.push(...tagProblems(f.file, data.tags, tagSlugs));
    if (data.updated !== undefined && data.updated < data.date) {
      problems.push(
        `${f.file}: /updated: ${data.updated} must not be before the publication date (${data.date})`,
      );
    }
    if (data.status === "published" && f.body.trim() === "") {
      problems.push(
        `${f.file}: body: a published post needs its article text after the front matter`,
      );
    }
    if (problems.length === before)
      docs.push({ kind: "post", file: f.file, name: f.name, data, body: f.body });
  }
  return docs;
}

const editionNameRe = /^(\d+)-[a-z0-9-]+\.md$/;

/**
 * A first line that greets ("Hi there,", "Hello everyone!"): the edition's email greets
 * each subscriber by name above the text, so a greeting in the text is a second one
 * (the same rule as the Go loader's editionGreetingRe).
 */
const editionGreetingRe = /^(?:hi|hello|hey|dear|greetings)\b[^\n]{0,40}[,!:]\s*$/i;

/** @returns {Doc[]} the editions whose front matter is valid. */
export function checkEditions(files, validate, problems) {
  const problemsBefore = problems.length;
  const docs = [];
  const ids = new Map();
  for (const f of files) {
    const data = validFrontMatter(f, validate, problems);
    if (data === undefined) continue;
    const before = problems.length;
    const m = editionNameRe.exec(f.name);
    if (!m) {
      problems.push(`${f.file}: file name: must be <id>-<slug>.md, e.g. 0${data.id}-my-topic.md`);
    } else if (Number(m[1]) !== data.id) {
      problems.push(`${f.file}: /id: ${data.id} does not match the file name prefix "${m[1]}"`);
    }
    const titleNumber = Number(/^#(\d+) /.exec(data.title)?.[1]);
    if (titleNumber !== data.id) {
      problems.push(`${f.file}: /title: must start with "#${data.id} " (the edition's id)`);
    }
    if (ids.has(data.id)) {
      problems.push(`${f.file}: /id: ${data.id} is also the id of ${ids.get(data.id)}`);
    }
    ids.set(data.id, f.file);
    const firstLine = f.body.trim().split("\n", 1)[0];
    if (firstLine === "") {
      problems.push(`${f.file}: body: the edition's text is missing after the front matter`);
    } else if (editionGreetingRe.test(firstLine)) {
      problems.push(
        `${f.file}: body: starts with a greeting (${JSON.stringify(firstLine)}): the email greets each subscriber by name, so the text must not`,
      );
    }
    if (problems.length === before)
      docs.push({ kind: "edition", file: f.file, name: f.name, data, body: f.body });
  }
  if (problems.length > problemsBefore) return docs;
  // Ids run 1..n without gaps, and a later edition is of a later month.
  const sorted = [...docs].sort((a, b) => a.data.id - b.data.id);
  sorted.forEach((doc, i) => {
    if (doc.data.id !== i + 1) {
      problems.push(
        `${doc.file}: /id: editions must be numbered 1, 2, 3, ... without gaps; expected ${i + 1}, got ${doc.data.id}`,
      );
    } else if (i > 0 && doc.data.date <= sorted[i - 1].data.date) {
      problems.push(
        `${doc.file}: /date: ${doc.data.date} must be after the date of edition ${i} (${sorted[i - 1].data.date})`,
      );
    }
  });
  return docs;
}
