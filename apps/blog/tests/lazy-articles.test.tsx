import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderAt } from "./render";

// The article HTML is the heavy part of the blog: the list pages must not load any, and
// an article page only its own (loadArticle: one chunk per article), never the module
// with every article.
const seen = vi.hoisted(() => ({ allArticles: false, loads: [] as string[] }));
vi.mock("@portfolio/content/blog/articles", async (importOriginal) => {
  seen.allArticles = true;
  return importOriginal();
});
vi.mock("@portfolio/content/blog", async (importOriginal) => {
  const real = await importOriginal<typeof import("@portfolio/content/blog")>();
  return {
    ...real,
    loadArticle: (slug: string) => {
      seen.loads.push(slug);
      return real.loadArticle(slug);
    },
  };
});

describe("article HTML", () => {
  it("is not loaded by /blog or /blog/all-posts; an article loads only its own", async () => {
    const home = renderAt("/blog");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Latest Blog Posts");
    home.unmount();
    const all = renderAt("/blog/all-posts");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("All Blog Posts");
    all.unmount();
    expect(seen.loads).toEqual([]);

    renderAt("/blog/terraform-guide");
    await screen.findAllByRole("heading", { level: 2 }, { timeout: 15_000 });
    expect(seen.loads).toEqual(["terraform-guide"]);
    expect(seen.allArticles).toBe(false);
  });
});
