// @vitest-environment node
// The shell's build prerenders its pages and, for a section's page, the chrome with the
// slot the gateway fills (src/prerender.tsx). No DOM, as at build time.
import { skills } from "@portfolio/content/skills";
import { describe, expect, it } from "vitest";
import { pageUrls, renderPage } from "../src/prerender";

describe("shell prerender", () => {
  it("covers every route, project, article chrome and the not-found views", () => {
    const keys = pageUrls().map(([key]) => key);
    for (const key of [
      "/",
      "/skills",
      "/resume",
      "/projects",
      "/projects/1",
      "/talks",
      "/contact",
      "/privacy-policy",
      "/terms-of-use",
      "/blog",
      "/blog/all-posts",
      "/newsletter",
      "/admin/newsletter",
      "404",
      "404:/projects",
      "404:/blog",
    ]) {
      expect(keys).toContain(key);
    }
  });

  it("renders /skills whole: every skill, the chrome, no boundary left to the client", async () => {
    const html = await renderPage("/skills");
    expect(skills).toHaveLength(15);
    for (const skill of skills) expect(html).toContain(`>${skill.name}<`);
    expect(html).toContain('<main id="main"');
    expect(html).toContain("<header");
    expect(html).not.toMatch(/<!--\$[?!]-->|<script/);
  });

  it("puts what needs JavaScript's stand-ins in the HTML: the menu link, each skill's achievements", async () => {
    const html = await renderPage("/skills");
    expect(html).toContain('<nav id="site-nav" aria-label="Main"');
    expect(html).toMatch(/<a href="#site-nav" aria-label="Open menu"/);
    const noscripts = html.match(/<noscript[^>]*>[\s\S]*?<\/noscript>/g) ?? [];
    expect(noscripts).toHaveLength(skills.length);
    skills.forEach((skill, i) => {
      expect(noscripts[i]).toContain(`>${skill.name}<`);
      for (const achievement of skill.achievements) expect(noscripts[i]).toContain(achievement);
    });
  });

  it("leaves exactly one slot for the section on a section's page", async () => {
    const html = await renderPage("/blog/all-posts");
    expect(html.match(/<template data-section="blog"><\/template>/g)).toHaveLength(1);
    expect(html).toContain('aria-current="page"'); // the Blog link is highlighted in the chrome
  });

  it("renders the project not-found view", async () => {
    expect(await renderPage("/projects/0")).toContain("Project Not Found</h1>");
  });
});

describe("islands in the prerender (docs/decisions/0040-islands.md)", () => {
  it("marks exactly the interactive parts, each rendered in place, and every one has a loader", async () => {
    const { islands } = await import("../src/islands");
    const found = new Map<string, string[]>();
    for (const [key, url] of pageUrls()) {
      const html = await renderPage(url);
      expect(html, key).not.toContain("data-island-slot"); // every slot filled
      const names = [...html.matchAll(/data-island="([^"]+)" data-hydrate="([^"]+)"/g)].map(
        (m) => `${m[1]} ${m[2]}`,
      );
      found.set(key, names);
    }
    expect(found.get("/")).toEqual(["shell:home interaction"]);
    expect(found.get("/skills")).toEqual(["shell:skills interaction"]);
    expect(found.get("/resume")).toEqual(["shell:resume-download interaction"]);
    expect(found.get("/contact")).toEqual(["shell:contact-form interaction"]);
    // Static pages stay HTML: nothing of them hydrates.
    for (const key of [
      "/projects",
      "/projects/1",
      "/talks",
      "/privacy-policy",
      "/terms-of-use",
      "404",
    ])
      expect(found.get(key), key).toEqual([]);
    for (const names of found.values())
      for (const name of names) {
        const island = name.split(" ")[0]!.replace(/^shell:/, "");
        expect(Object.keys(islands)).toContain(island);
      }
    for (const load of Object.values(islands)) expect(typeof (await load())).toBe("function");
  });
});
