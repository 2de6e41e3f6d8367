// What the shell's build adds to site search (docs/decisions/0054-search-everywhere-one-typo.md):
// a document per project and per talk, with the words a reader searches them by.
import { describe, expect, it } from "vitest";
import { projects } from "../src/projects";
import { htmlToText, shellSearchDocuments } from "../src/search";
import { talks } from "../src/talks";

describe("the shell's search documents", () => {
  it("are every project (its page) and every talk (its card on /talks)", async () => {
    const docs = await shellSearchDocuments();
    expect(docs.map((d) => [d.id, d.section, d.url, d.title])).toEqual([
      ...projects.map((p) => [`projects:${p.id}`, "projects", `/projects/${p.id}`, p.title]),
      [
        "talks:gitops-at-scale-lessons-from-running-12-kubernetes-clusters",
        "talks",
        "/talks#gitops-at-scale-lessons-from-running-12-kubernetes-clusters",
        talks[0]?.title,
      ],
      [
        "talks:terraform-modules-that-teams-actually-reuse",
        "talks",
        "/talks#terraform-modules-that-teams-actually-reuse",
        talks[1]?.title,
      ],
      [
        "talks:from-alert-fatigue-to-slos",
        "talks",
        "/talks#from-alert-fatigue-to-slos",
        talks[2]?.title,
      ],
    ]);
  });

  it("hold each project's technologies, detail and own headings, and each talk's event and tags", async () => {
    const docs = new Map((await shellSearchDocuments()).map((d) => [d.id, d]));
    const pipeline = docs.get("projects:2");
    expect(pipeline?.excerpt).toBe(projects[1]?.description);
    expect(pipeline?.text).toContain("Helm");
    expect(pipeline?.text).toContain("Argo Rollouts");
    expect(pipeline?.headings).toContain("Slow builds");
    expect(pipeline?.text).not.toMatch(/<[a-z]/);
    const gitops = docs.get("talks:gitops-at-scale-lessons-from-running-12-kubernetes-clusters");
    expect(gitops?.text).toBe(
      "Cloud Native Summit India 2024. Kubernetes, GitOps, Argo CD, Platform Engineering.",
    );
    expect(gitops?.date).toBe("2024-11-14");
    expect(htmlToText("<h3>A &amp; B</h3>")).toBe("A & B");
  });
});
