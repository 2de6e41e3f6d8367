// @vitest-environment node
// Prerendered pages (docs/decisions/0001): every page renders with react-dom/server — no window, document or
// localStorage at module scope or during render. This file runs without a DOM at all.

import type { ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter, Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";

const pages: [string, string, () => Promise<ComponentType>][] = [
  ["/", "/", async () => (await import("../src/routes/home/home")).Home],
  ["/skills", "/skills", async () => (await import("../src/routes/skills/skills")).Skills],
  ["/resume", "/resume", async () => (await import("../src/routes/resume/resume")).Resume],
  [
    "/projects",
    "/projects",
    async () => (await import("../src/routes/projects/projects")).Projects,
  ],
  [
    "/projects/:id",
    "/projects/1",
    async () => (await import("../src/routes/projects/project-detail")).ProjectDetail,
  ],
  [
    "/projects/:id",
    "/projects/abc",
    async () => (await import("../src/routes/projects/project-detail")).ProjectDetail,
  ],
  ["/talks", "/talks", async () => (await import("../src/routes/talks/talks")).Talks],
  [
    "/privacy-policy",
    "/privacy-policy",
    async () => (await import("../src/routes/legal/privacy-policy")).PrivacyPolicy,
  ],
  [
    "/terms-of-use",
    "/terms-of-use",
    async () => (await import("../src/routes/legal/terms-of-use")).TermsOfUse,
  ],
];

describe("server rendering", () => {
  it("runs without a DOM", () => {
    expect(typeof window).toBe("undefined");
    expect(typeof document).toBe("undefined");
  });

  it.each(pages)("%s (%s) renders to HTML with one h1", async (pattern, url, load) => {
    const Page = await load();
    const html = renderToString(
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={pattern} element={<Page />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
  });

  it("renders the project page's sanitized rich text on the server", async () => {
    const { ProjectDetail } = await import("../src/routes/projects/project-detail");
    const html = renderToString(
      <MemoryRouter initialEntries={["/projects/2"]}>
        <Routes>
          <Route path="/projects/:id" element={<ProjectDetail />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(html).toContain("<ol><li><strong>Build:</strong>");
    expect(html).toContain("3 engineers");
  });
});
