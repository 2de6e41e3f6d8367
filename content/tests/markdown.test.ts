// The content build (scripts/build-markdown.mjs): an invalid JSON file or front matter
// fails with the file and the JSON pointer (the same cases as content/markdown_test.go
// and pages_test.go), and the real
// content renders to safe HTML with code highlighted for both themes.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type BuildResult,
  buildMarkdown,
  ContentError,
  codeThemes,
  headingIds,
  slugify,
  splitFrontMatter,
} from "../scripts/build-markdown.mjs";
import type { Article, BlogPost } from "../src/types";

const contentDir = path.resolve(import.meta.dirname, "..");

let tmpRoot: string;
beforeAll(async () => {
  tmpRoot = await mkdtemp(path.join(tmpdir(), "content-md-"));
});
afterAll(async () => {
  await rm(tmpRoot, { recursive: true, force: true });
});

let fixtureCount = 0;
/** A fresh <tmp>/N/content with the given files (paths under content/). */
async function fixture(files: Record<string, string>): Promise<{ dir: string; out: string }> {
  const dir = path.join(tmpRoot, String(++fixtureCount), "content");
  await mkdir(path.join(dir, "blog"), { recursive: true });
  await mkdir(path.join(dir, "newsletter"), { recursive: true });
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text);
  return { dir, out: path.join(dir, "dist") };
}

/** The problems buildMarkdown reports for the files, or [] when it builds. */
async function problemsOf(files: Record<string, string>): Promise<string[]> {
  const { dir, out } = await fixture(files);
  try {
    await buildMarkdown({ contentDir: dir, outDir: out });
    return [];
  } catch (err) {
    if (!(err instanceof ContentError)) throw err;
    expect(err.message).toContain(err.problems[0]);
    // Nothing is written for invalid content.
    await expect(readdir(out)).rejects.toThrow();
    return err.problems;
  }
}

// The same documents markdown_test.go starts from.
const { post: validPost, edition: validEdition } = JSON.parse(
  await readFile(path.resolve(import.meta.dirname, "../testdata/markdown-documents.json"), "utf8"),
) as { post: string; edition: string };

const second = validEdition
  .replace("id: 1", "id: 2")
  .replace("#1 First", "#2 Second")
  .replace("date: 2024-12", "date: 2025-01");

/** doc with the front matter line of key replaced by line ("" drops it). */
function replaceLine(doc: string, key: string, line: string): string {
  const lines = doc.split("\n");
  const i = lines.findIndex((l) => l.startsWith(`${key}:`));
  if (i < 0) throw new Error(`no line ${key}`);
  if (line === "") lines.splice(i, 1);
  else lines[i] = line;
  return lines.join("\n");
}
const addLine = (doc: string, line: string) => doc.replace("---\n", `---\n${line}\n`);

describe("invalid front matter fails the build, naming the file and the field", () => {
  const post = (doc: string, name = "a-post.md") => ({ [`blog/${name}`]: doc });
  const cases: Array<[string, Record<string, string>, string[]]> = [
    [
      "missing field",
      post(replaceLine(validPost, "excerpt", "")),
      ["content/blog/a-post.md: /excerpt: is required"],
    ],
    [
      "read time as text",
      post(replaceLine(validPost, "readTime", 'readTime: "4"')),
      ["content/blog/a-post.md: /readTime: must be integer"],
    ],
    [
      "read time as words",
      post(replaceLine(validPost, "readTime", "readTime: four minutes")),
      ["content/blog/a-post.md: /readTime: must be integer"],
    ],
    [
      "read time zero",
      post(replaceLine(validPost, "readTime", "readTime: 0")),
      ["content/blog/a-post.md: /readTime: must be >= 1"],
    ],
    [
      "unknown field",
      post(addLine(validPost, "author: me")),
      ["content/blog/a-post.md: /author: is not a known field"],
    ],
    [
      "field with a capital letter",
      post(replaceLine(validPost, "readTime", "ReadTime: 4")),
      [
        "content/blog/a-post.md: /readTime: is required",
        "content/blog/a-post.md: /ReadTime: is not a known field",
      ],
    ],
    [
      "bad slug",
      post(replaceLine(validPost, "slug", "slug: A Post"), "A Post.md"),
      ['content/blog/A Post.md: /slug: "A Post" must match pattern "^[a-z0-9-]+$"'],
    ],
    [
      "slug is not the file name",
      post(validPost, "other.md"),
      ['content/blog/other.md: /slug: "a-post" must equal the file name without .md ("other")'],
    ],
    [
      "unknown category",
      post(replaceLine(validPost, "category", "category: Serverless")),
      [
        'content/blog/a-post.md: /category: "Serverless" must be one of Security, Infrastructure, Monitoring, Containers, CI/CD, Cloud, Networking, Database',
      ],
    ],
    [
      "unknown status",
      post(replaceLine(validPost, "status", "status: draft")),
      ['content/blog/a-post.md: /status: "draft" must be one of published, coming-soon'],
    ],
    [
      "display date",
      post(replaceLine(validPost, "date", 'date: "May 1, 2024"')),
      ['content/blog/a-post.md: /date: "May 1, 2024" must match format "date"'],
    ],
    [
      "impossible date",
      post(replaceLine(validPost, "date", "date: 2024-02-30")),
      ['content/blog/a-post.md: /date: "2024-02-30" must match format "date"'],
    ],
    [
      "impossible updated date",
      post(addLine(validPost, "updated: 2024-06-31")),
      ['content/blog/a-post.md: /updated: "2024-06-31" must match format "date"'],
    ],
    [
      "updated before the date",
      post(addLine(validPost, "updated: 2024-04-30")),
      [
        "content/blog/a-post.md: /updated: 2024-04-30 must not be before the publication date (2024-05-01)",
      ],
    ],
    [
      "no tags",
      post(replaceLine(validPost, "tags", "tags: []")),
      ["content/blog/a-post.md: /tags: must NOT have fewer than 1 items"],
    ],
    [
      "blank tag",
      post(replaceLine(validPost, "tags", 'tags: [AWS, " "]')),
      ["content/blog/a-post.md: /tags/1: must not be blank"],
    ],
    [
      "duplicate tag",
      post(replaceLine(validPost, "tags", "tags: [AWS, AWS]")),
      ["content/blog/a-post.md: /tags: must NOT have duplicate items"],
    ],
    [
      "key given twice",
      post(addLine(validPost, "title: Again")),
      ["content/blog/a-post.md: front matter: Map keys must be unique (line 3"],
    ],
    [
      "broken YAML",
      post(replaceLine(validPost, "tags", "tags: [AWS")),
      ["content/blog/a-post.md: front matter: "],
    ],
    [
      "no front matter",
      post("# Just Markdown\n"),
      ["content/blog/a-post.md: front matter: missing"],
    ],
    [
      "front matter not a mapping",
      post("---\n- a\n---\nText\n"),
      ["content/blog/a-post.md: front matter: must be a YAML mapping"],
    ],
    [
      "published without a body",
      post(validPost.slice(0, validPost.indexOf("## Hello"))),
      ["content/blog/a-post.md: body: a published post needs its article text"],
    ],
    [
      "raw HTML in the body",
      post(`${validPost}\n<div onclick="x()">hi</div>\n`),
      ["content/blog/a-post.md: body: raw HTML is not allowed in Markdown"],
    ],
    [
      "inline script in the body",
      post(`${validPost}\nSee <script>alert(1)</script> here.\n`),
      ["content/blog/a-post.md: body: raw HTML is not allowed in Markdown"],
    ],
    [
      "javascript: link",
      post(`${validPost}\n[click](javascript:alert(1))\n`),
      [
        'content/blog/a-post.md: body: link "javascript:alert(1)" must be http(s), mailto, a path or an #anchor',
      ],
    ],
    [
      "protocol-relative link",
      post(`${validPost}\n[x](//evil.example/x)\n`),
      ['content/blog/a-post.md: body: link "//evil.example/x"'],
    ],
    // Editions
    [
      "edition: missing field",
      { "newsletter/01-first.md": replaceLine(validEdition, "excerpt", "") },
      ["content/newsletter/01-first.md: /excerpt: is required"],
    ],
    [
      "edition: id as text",
      { "newsletter/01-first.md": replaceLine(validEdition, "id", 'id: "1"') },
      ["content/newsletter/01-first.md: /id: must be integer"],
    ],
    [
      "edition: unknown field",
      { "newsletter/01-first.md": addLine(validEdition, "content: x") },
      ["content/newsletter/01-first.md: /content: is not a known field"],
    ],
    [
      "edition: title without its number",
      { "newsletter/01-first.md": replaceLine(validEdition, "title", "title: First") },
      ['content/newsletter/01-first.md: /title: "First" must match pattern'],
    ],
    [
      "edition: title with another number",
      { "newsletter/01-first.md": replaceLine(validEdition, "title", 'title: "#2 First"') },
      ['content/newsletter/01-first.md: /title: must start with "#1 "'],
    ],
    [
      "edition: full date",
      { "newsletter/01-first.md": replaceLine(validEdition, "date", "date: 2024-12-01") },
      ['content/newsletter/01-first.md: /date: "2024-12-01" must match pattern'],
    ],
    [
      "edition: file name without id",
      { "newsletter/first.md": validEdition },
      ["content/newsletter/first.md: file name: must be <id>-<slug>.md"],
    ],
    [
      "edition: file name with another id",
      { "newsletter/02-first.md": validEdition },
      ['content/newsletter/02-first.md: /id: 1 does not match the file name prefix "02"'],
    ],
    [
      "edition: gap in ids",
      {
        "newsletter/01-first.md": validEdition,
        "newsletter/03-third.md": second.replace("id: 2", "id: 3").replace("#2", "#3"),
      },
      [
        "content/newsletter/03-third.md: /id: editions must be numbered 1, 2, 3, ... without gaps; expected 2, got 3",
      ],
    ],
    [
      "edition: duplicate id",
      { "newsletter/01-first.md": validEdition, "newsletter/1-again.md": validEdition },
      ["id: 1 is also the id of content/newsletter/01-first.md"],
    ],
    [
      "edition: month not after the one before",
      {
        "newsletter/01-first.md": validEdition,
        "newsletter/02-second.md": replaceLine(second, "date", "date: 2024-11"),
      },
      [
        "content/newsletter/02-second.md: /date: 2024-11 must be after the date of edition 1 (2024-12)",
      ],
    ],
    [
      "tag without a slug",
      post(replaceLine(validPost, "tags", 'tags: ["!!!"]')),
      ['content/blog/a-post.md: /tags/0: "!!!" needs an ASCII letter or digit'],
    ],
    [
      "two tags of one slug in a post",
      post(replaceLine(validPost, "tags", "tags: [CI/CD, ci-cd]")),
      ['content/blog/a-post.md: /tags/1: "ci-cd" has the slug "ci-cd" of another tag of this post'],
    ],
    [
      "a tag spelt two ways",
      {
        "blog/a-post.md": validPost,
        "blog/b-post.md": replaceLine(validPost, "tags", "tags: [aws]").replace(
          "slug: a-post",
          "slug: b-post",
        ),
      },
      [
        'content/blog/b-post.md: /tags/0: "aws" has the slug "aws" of "AWS" in content/blog/a-post.md: spell the tag alike',
      ],
    ],
    [
      "edition: empty body",
      { "newsletter/01-first.md": validEdition.slice(0, validEdition.indexOf("Welcome")) },
      ["content/newsletter/01-first.md: body: "],
    ],
    // The email greets each subscriber above the text: a greeting in it is a second.
    [
      "edition: starts with a greeting",
      { "newsletter/01-first.md": validEdition.replace("Welcome", "Hi there,\n\nWelcome") },
      [
        'content/newsletter/01-first.md: body: starts with a greeting ("Hi there,"): the email greets each subscriber by name, so the text must not',
      ],
    ],
  ];

  it.each(cases)("%s", async (_name, files, want) => {
    const problems = await problemsOf(files);
    expect(problems.length).toBeGreaterThan(0);
    for (const w of want)
      expect(
        problems.some((p) => p.startsWith(w) || p.includes(w)),
        `${w}\nin\n${problems.join("\n")}`,
      ).toBe(true);
  });

  it("reports every bad file at once", async () => {
    const problems = await problemsOf({
      "blog/a-post.md": replaceLine(validPost, "readTime", "readTime: x"),
      "blog/b-post.md": validPost.replace("slug: a-post", "slug: b-post\nextra: 1"),
      "newsletter/01-first.md": replaceLine(validEdition, "tags", "tags: []"),
    });
    expect(problems).toEqual([
      "content/blog/a-post.md: /readTime: must be integer",
      "content/blog/b-post.md: /extra: is not a known field",
      "content/newsletter/01-first.md: /tags: must NOT have fewer than 1 items",
    ]);
  });

  // Every JSON content file is checked against its schema by the same build: each case
  // breaks a real file in one way (JSON syntax and the keys' order are kept otherwise).
  const jsonCases: Array<[string, string, (d: any) => void, string]> = [
    [
      "unknown field",
      "home.json",
      (d) => (d.subtitle = "x"),
      "content/home.json: /subtitle: is not a known field",
    ],
    [
      "missing field",
      "site.json",
      (d) => delete d.siteName,
      "content/site.json: /siteName: is required",
    ],
    [
      "wrong type",
      "resume.json",
      (d) => (d.education[0].year = "2019"),
      "content/resume.json: /education/0/year: must be integer",
    ],
    [
      "count",
      "skills.json",
      (d) => d.skills.pop(),
      "content/skills.json: /skills: must NOT have fewer than 15 items",
    ],
    [
      "enum",
      "projects.json",
      (d) => (d.projects[5].category = "Security"),
      'content/projects.json: /projects/5/category: "Security" must be one of DevOps, Infrastructure, Monitoring, Automation, Cloud',
    ],
    [
      "calendar date",
      "talks.json",
      (d) => (d.talks[0].date = "2024-02-30"),
      'content/talks.json: /talks/0/date: "2024-02-30" must match format "date"',
    ],
    [
      "blank text",
      "newsletter-page.json",
      (d) => (d.form.fields.email.label = " "),
      "content/newsletter-page.json: /form/fields/email/label: must not be blank",
    ],
    [
      "HTML tag",
      "project-details.json",
      (d) => (d.details["1"].architecture = "<script>x</script>"),
      'content/project-details.json: /details/1/architecture: "<script>x</script>" must match pattern',
    ],
  ];

  it.each(jsonCases)("JSON: %s", async (_name, file, mutate, want) => {
    const doc = JSON.parse(await readFile(path.join(contentDir, file), "utf8"));
    mutate(doc);
    const problems = await problemsOf({ [file]: JSON.stringify(doc) });
    expect(
      problems.some((p) => p.startsWith(want)),
      `${want}\nin\n${problems.join("\n")}`,
    ).toBe(true);
  });

  it("the command line prints the problems and exits 1", async () => {
    const { spawnSync } = await import("node:child_process");
    const { dir } = await fixture({
      "blog/a-post.md": replaceLine(validPost, "readTime", 'readTime: "4"'),
    });
    // The CLI builds its own package; run a copy of the script against the fixture by
    // importing it with the fixture as contentDir.
    const script = path.join(contentDir, "scripts", "build-markdown.mjs");
    const r = spawnSync(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `import { buildMarkdown } from ${JSON.stringify(script)};
         try { await buildMarkdown({ contentDir: ${JSON.stringify(dir)} }); }
         catch (e) { console.error(e.message); process.exit(1); }`,
      ],
      { encoding: "utf8" },
    );
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("content/blog/a-post.md: /readTime: must be integer");
  });
});

describe("valid fixtures", () => {
  it("builds, orders and renders them; unknown languages become escaped plain code", async () => {
    const older = validPost
      .replace("slug: a-post", "slug: b-post")
      .replace("date: 2024-05-01", 'date: "2023-01-02"')
      .replace("status: published", "status: coming-soon");
    const body = `## Hello

## Hello

## \`code\` & more? Ünïcode!

\`\`\`promql
sum(rate(x{code=~"5.."}[5m])) > 0 && <script>alert(1)</script>
\`\`\`

\`\`\`
no language
\`\`\`

\`\`\`yaml
a: 1
\`\`\`

[out](https://example.com/x) [in](/blog/b-post) [anchor](#hello)`;
    const { dir, out } = await fixture({
      "blog/a-post.md": validPost.replace("## Hello\n\nSome text.\n", `${body}\n`),
      "blog/b-post.md": older.replace(/\n/g, "\r\n"),
      "newsletter/01-first.md": validEdition,
      "newsletter/02-second.md": second,
    });
    const r = await buildMarkdown({ contentDir: dir, outDir: out });
    expect(r.highlighted).toEqual(["yaml"]);
    expect(r.plain).toEqual(["promql", "text"]);

    const blog = JSON.parse(await readFile(path.join(out, "blog.json"), "utf8")) as {
      posts: (BlogPost | Article)[];
    };
    expect(blog.posts.map((p) => p.slug)).toEqual(["a-post", "b-post"]);
    const [a, b] = blog.posts as [Article, BlogPost];
    expect(b).not.toHaveProperty("html");
    expect(b).not.toHaveProperty("url");
    expect(b.displayDate).toBe("Jan 2, 2023");
    expect(a.url).toBe("/blog/a-post");
    expect(a.headings.map((h) => h.id)).toEqual(["hello", "hello-2", "code--more-ünïcode"]);
    const anchor = (id: string, text: string) =>
      `<a class="heading-anchor" href="#${id}" aria-label="Link to this section: ${text}">#</a>`;
    expect(a.html).toContain(`<h2 id="hello">Hello${anchor("hello", "Hello")}</h2>`);
    expect(a.html).toContain(`<h2 id="hello-2">Hello${anchor("hello-2", "Hello")}</h2>`);
    expect(a.html).toContain(
      `<h2 id="code--more-ünïcode"><code>code</code> &amp; more? Ünïcode!${anchor("code--more-ünïcode", "code &amp; more? Ünïcode!")}</h2>`,
    );
    expect(a.html).toMatch(
      /<div class="code-block"><pre class="shiki[^"]*"[^>]*data-language="yaml"/,
    );
    expect(a.html).not.toContain('class="line"'); // see "unwraps an article's code lines"
    expect(a).not.toHaveProperty("updated");
    expect(a).not.toHaveProperty("displayUpdated");

    const promql = codeBlock(a.html, "promql");
    expect(promql).not.toContain("<script");
    expect(promql).toContain("&#x3C;script>");
    expect(promql).not.toMatch(/<span style=/);
    expect(codeText(promql)).toBe('sum(rate(x{code=~"5.."}[5m])) > 0 && <script>alert(1)</script>');
    expect(codeText(codeBlock(a.html, "text"))).toBe("no language");
    expect(codeBlock(a.html, "yaml")).toMatch(
      /<span style="--shiki-light:#[0-9A-Fa-f]{6};--shiki-dark:#[0-9A-Fa-f]{6}">a<\/span>/,
    );

    expect(a.html).toContain(
      '<a href="https://example.com/x" target="_blank" rel="noopener noreferrer">out</a>',
    );
    expect(a.html).toContain('<a href="/blog/b-post">in</a>');
    expect(a.html).toContain('<a href="#hello">anchor</a>');

    const index = JSON.parse(await readFile(path.join(out, "blog-index.json"), "utf8")) as {
      posts: BlogPost[];
    };
    expect(index.posts.map((p) => p.slug)).toEqual(["a-post", "b-post"]);
    expect(index.posts[0]).not.toHaveProperty("html");
    expect(index.posts[0]).not.toHaveProperty("headings");
    expect(index.posts[0]).toEqual({
      ...Object.fromEntries(Object.entries(a).filter(([k]) => k !== "html" && k !== "headings")),
    });

    const nl = JSON.parse(await readFile(path.join(out, "newsletter.json"), "utf8"));
    expect(nl.editions.map((e: { id: number; month: string }) => [e.id, e.month])).toEqual([
      [1, "December 2024"],
      [2, "January 2025"],
    ]);
    expect(nl.editions[0].text).toBe("Welcome to the first one.\n\nText.");

    // The Go module's copy: each edition's id, text and the very HTML the site shows.
    const rendered = JSON.parse(
      await readFile(path.join(dir, "rendered", "editions.json"), "utf8"),
    );
    expect(rendered).toEqual({
      editions: nl.editions.map((e: { id: number; text: string; html: string }) => ({
        id: e.id,
        text: e.text,
        html: e.html,
      })),
    });
    expect(rendered.editions[0].html).toBe("<p>Welcome to the first one.</p>\n<p>Text.</p>\n");
  });

  it("splits front matter with any line endings and a byte order mark", () => {
    expect(splitFrontMatter("\uFEFF---\r\na: 1\r\n---\r\nbody\r\n")).toEqual({
      frontMatter: "a: 1",
      body: "body\n",
    });
    expect(splitFrontMatter("---\n---\nbody")).toEqual({ frontMatter: "", body: "body" });
    expect(splitFrontMatter("---\na: 1\n----\nb")).toEqual({
      frontMatter: undefined,
      body: "---\na: 1\n----\nb",
    });
    expect(splitFrontMatter("no front matter").frontMatter).toBeUndefined();
  });

  it("gives an article's h2/h3 unique ids and anchors, and lists them as its table of contents", async () => {
    const body = `Intro.

## Setup

### Install

#### Details

## Setup

### Install

### Setup 2

#### Setup

## !!!

## ...`;
    const { dir, out } = await fixture({
      "blog/a-post.md": addLine(
        validPost.replace("## Hello\n\nSome text.\n", `${body}\n`),
        "updated: 2024-06-02",
      ),
    });
    const r = await buildMarkdown({ contentDir: dir, outDir: out });
    const a = r.posts[0] as Article;
    // The TOC: h2 and h3 only, in document order; an h4 gets an id but no entry.
    expect(a.headings).toEqual([
      { depth: 2, id: "setup", text: "Setup" },
      { depth: 3, id: "install", text: "Install" },
      { depth: 2, id: "setup-2", text: "Setup" },
      { depth: 3, id: "install-2", text: "Install" },
      { depth: 3, id: "setup-2-2", text: "Setup 2" },
      { depth: 2, id: "section", text: "!!!" },
      { depth: 2, id: "section-2", text: "..." },
    ]);
    expect(a.html).toContain('<h4 id="details">Details</h4>');
    expect(a.html).toContain('<h4 id="setup-3">Setup</h4>');
    for (const h of a.headings) {
      expect(a.html).toContain(
        `<h${h.depth} id="${h.id}">${h.text}<a class="heading-anchor" href="#${h.id}" aria-label="Link to this section: ${h.text}">#</a></h${h.depth}>`,
      );
    }
    // The same in the article's own chunk, which the page loads.
    const chunk = JSON.parse(await readFile(path.join(out, "articles", "a-post.json"), "utf8"));
    expect(chunk.headings).toEqual(a.headings);
    // updated: kept as written and formatted like the date, in the index too.
    expect(a.updated).toBe("2024-06-02");
    expect(a.displayUpdated).toBe("Jun 2, 2024");
    const index = JSON.parse(await readFile(path.join(out, "blog-index.json"), "utf8"));
    expect(index.posts[0]).toMatchObject({ updated: "2024-06-02", displayUpdated: "Jun 2, 2024" });
    // An updated date on the day of publication is fine.
    expect(
      await problemsOf({ "blog/a-post.md": addLine(validPost, "updated: 2024-05-01") }),
    ).toEqual([]);
  });

  it("makes heading ids unique per document", () => {
    const idOf = headingIds();
    expect(["A b", "A b", "A b", "a-b-2", "", "?"].map(idOf)).toEqual([
      "a-b",
      "a-b-2",
      "a-b-3",
      "a-b-2-2",
      "section",
      "section-2",
    ]);
    expect(headingIds()("A b")).toBe("a-b"); // a new document starts afresh
  });

  it("starts every heading id with a letter", () => {
    const idOf = headingIds();
    expect(
      ["3 AM wisdom", "1. RBAC: least privilege", "_x", "Section 3 AM wisdom"].map(idOf),
    ).toEqual([
      "section-3-am-wisdom",
      "section-1-rbac-least-privilege",
      "section-_x",
      "section-3-am-wisdom-2",
    ]);
  });

  it("formats slugs", () => {
    expect(slugify("1. RBAC: least privilege")).toBe("1-rbac-least-privilege");
    expect(slugify("Testing with terraform test")).toBe("testing-with-terraform-test");
  });
});

// ---------------------------------------------------------------------------------
// The real content

/** The <pre> of the first code block of html in lang. */
function codeBlock(html: string, lang: string): string {
  const start = html.indexOf(`data-language="${lang}"`);
  if (start < 0) throw new Error(`no ${lang} block`);
  const pre = html.lastIndexOf("<pre", start);
  return html.slice(pre, html.indexOf("</pre>", start) + "</pre>".length);
}

/** The text a code block shows: tags dropped, entities decoded. */
function codeText(block: string): string {
  return block
    .replace(/<\/span>\n<span class="line">/g, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(
      /&(lt|gt|quot|amp);/g,
      (_, e: string) => ({ lt: "<", gt: ">", quot: '"', amp: "&" })[e]!,
    );
}

/** The fenced code blocks of lang in a Markdown file of the content. */
async function fences(file: string, lang: string): Promise<string[]> {
  const md = await readFile(path.join(contentDir, file), "utf8");
  return [...md.matchAll(new RegExp(`^\`\`\`${lang}\\n([\\s\\S]*?)\\n\`\`\`$`, "gm"))].map(
    (m) => m[1]!,
  );
}

/** WCAG contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    let h = hex.slice(1);
    if (h.length === 3) h = [...h].map((c) => c + c).join("");
    const [r, g, bl] = [0, 2, 4].map((i) => {
      const c = parseInt(h.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe("the real content's build output", () => {
  let r: BuildResult;
  let articles: Article[];
  let allHtml: string[];
  beforeAll(async () => {
    r = await buildMarkdown({
      outDir: path.join(tmpRoot, "real"),
      renderedDir: path.join(tmpRoot, "real-rendered"),
    });
    articles = r.posts.filter((p): p is Article => p.status === "published");
    allHtml = [...articles.map((a) => a.html), ...r.editions.map((e) => e.html)];
  }, 60_000);

  it("has 8 posts newest first, 3 published with html, 5 coming soon without", () => {
    expect(r.posts).toHaveLength(8);
    const dates = r.posts.map((p) => p.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(articles.map((a) => [a.slug, a.displayDate, a.readTime])).toEqual([
      ["kubernetes-security", "Dec 15, 2023", 5],
      ["terraform-guide", "Dec 8, 2023", 7],
      ["microservices-monitoring", "Nov 30, 2023", 6],
    ]);
    for (const p of r.posts) {
      if (p.status === "published") continue;
      expect(Object.keys(p).sort()).toEqual([
        "category",
        "date",
        "displayDate",
        "excerpt",
        "readTime",
        "slug",
        "status",
        "tags",
        "title",
      ]);
    }
  });

  it("highlights a yaml block with both themes' colours", async () => {
    const k8s = articles.find((a) => a.slug === "kubernetes-security")!;
    const block = codeBlock(k8s.html, "yaml");
    expect(block).toMatch(
      /^<pre class="shiki shiki-themes github-light-default github-dark-default"/,
    );
    expect(block).toContain("--shiki-light-bg:");
    expect(block).toContain("--shiki-dark-bg:");
    const tokens = [
      ...block.matchAll(
        /<span style="--shiki-light:(#[0-9A-Fa-f]{6});--shiki-dark:(#[0-9A-Fa-f]{6})">/g,
      ),
    ];
    expect(new Set(tokens.map((t) => t[1])).size).toBeGreaterThanOrEqual(3);
    expect(codeText(block)).toBe((await fences("blog/kubernetes-security.md", "yaml"))[0]);
  });

  it("highlights an hcl block with both themes' colours", async () => {
    const tf = articles.find((a) => a.slug === "terraform-guide")!;
    const block = codeBlock(tf.html, "hcl");
    const tokens = [
      ...block.matchAll(
        /<span style="--shiki-light:(#[0-9A-Fa-f]{6});--shiki-dark:(#[0-9A-Fa-f]{6})">/g,
      ),
    ];
    expect(new Set(tokens.map((t) => t[2])).size).toBeGreaterThanOrEqual(3);
    expect(codeText(block)).toBe((await fences("blog/terraform-guide.md", "hcl"))[0]);
  });

  it("gives every code block the number of lines it shows (its height off screen)", () => {
    let blocks = 0;
    for (const html of allHtml)
      for (const [block, lines] of html.matchAll(
        /<pre [^>]*style="[^"]*;--code-lines:(\d+)"[^>]*>[\s\S]*?<\/pre>/g,
      )) {
        blocks++;
        expect(Number(lines)).toBe(codeText(block).split("\n").length);
      }
    expect(blocks).toBe(allHtml.join("").split("<pre ").length - 1);
    expect(blocks).toBeGreaterThanOrEqual(10);
  });

  it("renders languages Shiki lacks (promql, rego) as escaped plain code", async () => {
    expect(r.plain).toEqual(expect.arrayContaining(["promql", "rego"]));
    for (const [slug, lang, file] of [
      ["microservices-monitoring", "promql", "blog/microservices-monitoring.md"],
      ["terraform-guide", "rego", "blog/terraform-guide.md"],
    ] as const) {
      const block = codeBlock(articles.find((a) => a.slug === slug)!.html, lang);
      expect(block).not.toMatch(/<span style=/);
      expect(codeText(block)).toBe((await fences(file, lang))[0]);
    }
  });

  it("gives headings ids and anchors, unique per article, and lists h2/h3 as the TOC", () => {
    for (const a of articles) {
      expect(a.headings.length).toBeGreaterThanOrEqual(5);
      expect(new Set(a.headings.map((h) => h.id)).size).toBe(a.headings.length);
      expect(a.headings[0]!.depth).toBe(2);
      for (const h of a.headings) {
        expect([2, 3]).toContain(h.depth);
        expect(h.id).toMatch(/^[a-z][a-z0-9_-]*$/); // a valid CSS identifier: a letter first
        expect(a.html).toContain(`<h${h.depth} id="${h.id}">`);
        expect(a.html).toContain(`<a class="heading-anchor" href="#${h.id}"`);
      }
      // Every h2/h3 of the HTML is in the list.
      expect(a.html.match(/<h[23] /g)).toHaveLength(a.headings.length);
    }
    const k8s = articles.find((a) => a.slug === "kubernetes-security")!;
    expect(k8s.headings[0]).toEqual({
      depth: 2,
      id: "section-1-rbac-least-privilege-for-people-and-workloads",
      text: "1. RBAC: least privilege for people and workloads",
    });
    const tf = articles.find((a) => a.slug === "terraform-guide")!;
    expect(tf.headings.map((h) => h.id)).toContain("testing-with-terraform-test");
  });

  it("drops an article's code markup that shows nothing (line spans, default-colour spans), not an edition's", () => {
    for (const a of articles) {
      expect(a.html).toContain("<pre");
      expect(a.html).not.toContain('class="line"');
      for (const pre of a.html.matchAll(
        /<pre [^>]*style="--shiki-light:([^;]+);--shiki-dark:([^;]+);/g,
      ))
        expect(a.html.toLowerCase()).not.toContain(
          `<span style="--shiki-light:${pre[1]};--shiki-dark:${pre[2]}">`.toLowerCase(),
        );
    }
    const editionCode = r.editions.filter((e) => e.html.includes("<pre"));
    expect(editionCode.length).toBeGreaterThan(0);
    for (const e of editionCode) expect(e.html).toContain('<span class="line">');
  });

  it("has an updated date on one article only", () => {
    expect(articles.map((a) => [a.slug, a.updated, a.displayUpdated])).toEqual([
      ["kubernetes-security", "2024-02-10", "Feb 10, 2024"],
      ["terraform-guide", undefined, undefined],
      ["microservices-monitoring", undefined, undefined],
    ]);
  });

  it("has no script, event handler or javascript: URL in any html", () => {
    expect(allHtml).toHaveLength(9);
    for (const html of allHtml) {
      expect(html).not.toMatch(/<script|<iframe|<style|javascript:|\son[a-z]+=/i);
      expect(html).not.toMatch(/<h1[\s>]/); // the page renders the title
    }
  });

  it("keeps every token colour readable: contrast of 4.5:1 or more in both themes", () => {
    for (const theme of ["light", "dark"] as const) {
      for (const html of allHtml) {
        for (const pre of html.matchAll(/<pre [^>]*style="([^"]*)"[\s\S]*?<\/pre>/g)) {
          const bg = new RegExp(`--shiki-${theme}-bg:(#[0-9a-fA-F]{3,6})`).exec(pre[1]!)![1]!;
          for (const tok of pre[0].matchAll(
            new RegExp(`--shiki-${theme}:(#[0-9a-fA-F]{3,6})`, "g"),
          )) {
            expect(
              contrast(tok[1]!, bg),
              `${codeThemes[theme]}: ${tok[1]} on ${bg}`,
            ).toBeGreaterThanOrEqual(4.5);
          }
        }
      }
    }
  });

  it("has the six editions from December 2024 to June 2025 with their text", async () => {
    expect(r.editions.map((e) => [e.id, e.title.split(" ")[0], e.month])).toEqual([
      [1, "#1", "December 2024"],
      [2, "#2", "January 2025"],
      [3, "#3", "February 2025"],
      [4, "#4", "March 2025"],
      [5, "#5", "May 2025"],
      [6, "#6", "June 2025"],
    ]);
    const first = r.editions[0]!;
    // No greeting: the email greets each subscriber by name above the text.
    expect(first.text.startsWith("Welcome to the very first DevOps Digest!")).toBe(true);
    // Markdown stays readable in the text: the code fence is kept as written.
    expect(first.text).toContain("```yaml\nspec:\n  dnsConfig:");
    expect(first.text).not.toMatch(/^---|\r|<p>/);
    const md = await readFile(path.join(contentDir, "newsletter/01-its-always-dns.md"), "utf8");
    expect(first.text).toBe(splitFrontMatter(md).body.trim());
    expect(first.html).toMatch(/^<p>Welcome to the very first DevOps Digest! /);
    expect(codeBlock(first.html, "yaml")).toContain("--shiki-dark:");
  });

  it("gives every edition its sections as h2s (a tool of the month, 3 AM wisdom) and lists as lists", () => {
    for (const e of r.editions) {
      const h2s = [...e.html.matchAll(/<h2 id="[^"]+">([^<]*)<\/h2>/g)].map((m) => m[1]);
      expect(h2s.length, `#${e.id}: ${h2s}`).toBeGreaterThanOrEqual(2);
      expect(
        h2s.filter((h) => h!.startsWith("Tool of the month: ")),
        `#${e.id}`,
      ).toHaveLength(1);
      expect(h2s.at(-1), `#${e.id}`).toBe("3 AM wisdom");
      expect(e.html, `#${e.id}`).toContain('<h2 id="section-3-am-wisdom">3 AM wisdom</h2>');
      // Every id a valid CSS identifier, a letter first.
      for (const [, id] of e.html.matchAll(/ id="([^"]*)"/g))
        expect(id, `#${e.id}`).toMatch(/^[a-z][a-z0-9_-]*$/);
      expect(e.html, `#${e.id}`).not.toMatch(/<h[13-6]/);
      expect(e.html, `#${e.id}`).toMatch(/<(ul|ol)>\n<li>/);
      expect(e.html, `#${e.id}: a list item left as a paragraph`).not.toMatch(/<p>(- |\d+\. )/);
      expect(e.html, `#${e.id}`).not.toMatch(/\bHi there\b/);
    }
    expect(r.editions[1]!.html).toContain(
      '<h2 id="deep-dive-refactoring-without-terraform-state-mv">Deep dive: refactoring without terraform state mv</h2>',
    );
  });
});
