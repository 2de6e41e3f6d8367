// Pure helpers of the shell's pages: project ids, the resume document.
import { site } from "@portfolio/content";
import { resume } from "@portfolio/content/resume";
import { describe, expect, it } from "vitest";
import { escapeHtml, printDocument } from "../src/lib/print";
import { parseProjectId } from "../src/routes/projects/project-id";
import { resumeDocument } from "../src/routes/resume/resume-document";

describe("parseProjectId", () => {
  it.each([
    ["1", 1],
    ["8", 8],
    ["01", 1],
    ["0", 0],
    ["99", 99],
  ])("reads %j as %i", (segment, id) => {
    expect(parseProjectId(segment)).toBe(id);
  });

  it.each([undefined, "", "abc", "1.5", "-1", "+1", "1e2", " 1", "1 ", "0x1", "１", "9999999999"])(
    "reads %j as no id",
    (segment) => {
      expect(parseProjectId(segment)).toBeUndefined();
    },
  );
});

describe("resumeDocument", () => {
  it("is a complete document with every job, the university and the certifications", () => {
    const html = resumeDocument(resume, site.owner);
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain("@page");
    for (const job of resume.experience) expect(html).toContain(escapeHtml(job.title));
    expect(html).toContain(escapeHtml(resume.education[0]!.university));
    for (const c of resume.certifications) expect(html).toContain(escapeHtml(c.name));
    expect(html).toMatch(/<\/html>\n$/);
    expect(html).not.toMatch(/<script/i);
  });

  it("escapes every content string", () => {
    const hostile = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    const html = resumeDocument(
      {
        ...resume,
        summary: hostile,
        experience: [{ ...resume.experience[0]!, title: hostile, achievements: [hostile] }],
        education: [{ degree: hostile, university: "A & B", year: 2019 }],
        certifications: [{ name: hostile, provider: "'quoted'", year: 2020 }],
      },
      { ...site.owner, name: `</title><script>x</script>` },
    );
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).toContain("A &amp; B");
    expect(html).toContain("&#39;quoted&#39;");
    expect(html).toContain("<title>&lt;/title&gt;&lt;script&gt;x&lt;/script&gt; — Resume</title>");
  });
});

describe("printDocument", () => {
  it("falls back to printing the page when window.open throws", () => {
    let printed = 0;
    const win = {
      open: () => {
        throw new Error("blocked");
      },
      print: () => void printed++,
      setTimeout: () => 0,
    } as unknown as Window;
    expect(printDocument("<p>x</p>", win)).toBe("page");
    expect(printed).toBe(1);
  });

  it("closes the window and prints the page when the window cannot be written", () => {
    let printed = 0;
    let closed = 0;
    const popup = {
      document: {
        open: () => {
          throw new Error("cross-origin");
        },
      },
      close: () => void closed++,
    };
    const win = {
      open: () => popup,
      print: () => void printed++,
      setTimeout: () => 0,
    } as unknown as Window;
    expect(printDocument("<p>x</p>", win)).toBe("page");
    expect([printed, closed]).toEqual([1, 1]);
  });
});
