// The blog's tag pages (/blog/tags, /blog/tags/<slug>) and the tag links of cards and
// articles.
import { site } from "@portfolio/content";
import { getTag, posts, publishedPosts, tagSlug, tags } from "@portfolio/content/blog";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderAt } from "./render";

const h1 = () => screen.getByRole("heading", { level: 1 });
const cards = () => screen.getAllByRole("listitem").filter((li) => li.querySelector("h2"));

describe("/blog/tags", () => {
  it("lists every tag of the published posts with its count, most used first, then by slug", () => {
    renderAt("/blog/tags");
    expect(h1()).toHaveTextContent(/^Tags$/);
    const links = within(screen.getByRole("list", { name: "All tags" })).getAllByRole("link");
    const published = new Set(publishedPosts.flatMap((p) => p.tags));
    expect(links).toHaveLength(published.size);
    const rows = links.map((link) => {
      const name = link.firstChild?.textContent ?? "";
      const count = Number(link.querySelector("[data-tag-count]")?.getAttribute("data-tag-count"));
      expect(link).toHaveAttribute("href", `/blog/tags/${tagSlug(name)}`);
      expect(count).toBe(publishedPosts.filter((p) => p.tags.includes(name)).length);
      expect(link).toHaveAccessibleName(`${name} ${count} ${count === 1 ? "article" : "articles"}`);
      return { name, count };
    });
    const sorted = [...rows].sort(
      (a, b) => b.count - a.count || (tagSlug(a.name) < tagSlug(b.name) ? -1 : 1),
    );
    expect(rows).toEqual(sorted);
    // Tags only coming-soon posts have get no page.
    const soonOnly = posts.flatMap((p) => p.tags).filter((t) => !published.has(t));
    expect(soonOnly.length).toBeGreaterThan(0);
    for (const t of soonOnly)
      expect(screen.queryByRole("link", { name: new RegExp(`^${t} `) })).toBeNull();
  });

  it("goes back to the blog and on to a tag's page with the router", async () => {
    renderAt("/blog/tags");
    expect(screen.getByRole("link", { name: "Back to Blog" })).toHaveAttribute("href", "/blog");
    fireEvent.click(screen.getByRole("link", { name: /^CI\/CD / }));
    await waitFor(() => expect(screen.getByTestId("path")).toHaveTextContent("/blog/tags/ci-cd"));
    expect(h1()).toHaveTextContent("Posts tagged “CI/CD”");
  });
});

describe("/blog/tags/<slug>", () => {
  it("shows the published articles with the tag, newest first, as the all-posts cards", async () => {
    const tag = getTag("kubernetes");
    expect(tag).toBeDefined();
    renderAt("/blog/tags/kubernetes");
    expect(h1()).toHaveTextContent(/^Posts tagged “Kubernetes”$/);
    const want = publishedPosts.filter((p) => p.tags.includes("Kubernetes"));
    expect(cards().map((c) => within(c).getByRole("heading", { level: 2 }).textContent)).toEqual(
      want.map((p) => p.title),
    );
    for (const card of cards()) {
      expect(within(card).getByRole("link", { name: /^Read Article/ })).toBeInTheDocument();
    }
    expect(screen.getByRole("link", { name: "All Tags" })).toHaveAttribute("href", "/blog/tags");
    await waitFor(() =>
      expect(document.title).toBe(`Posts tagged “Kubernetes” · ${site.siteName}`),
    );
  });

  it("is the section's 404 for an unknown tag, a tag in other case, and a coming-soon-only tag", () => {
    for (const path of ["/blog/tags/nope", "/blog/tags/Kubernetes", "/blog/tags/finops"]) {
      const { unmount } = renderAt(path);
      expect(h1()).toHaveTextContent("404 Page Not Found");
      unmount();
    }
  });
});

describe("tags on cards and articles", () => {
  it("link to their pages on /blog, as outlined chips unlike the plain (filled) ones", () => {
    renderAt("/blog");
    for (const card of cards()) {
      const list = within(card).getByRole("list", { name: "Tags" });
      for (const item of within(list).getAllByRole("listitem")) {
        const link = within(item).getByRole("link");
        expect(link).toHaveAttribute("href", `/blog/tags/${tagSlug(item.textContent ?? "")}`);
        expect(link.querySelector('[data-variant="outline"]')).toHaveTextContent(
          item.textContent ?? "",
        );
      }
    }
  });

  it("link on /blog/all-posts only where the tag has a page; '+N' and the others stay text", () => {
    renderAt("/blog/all-posts");
    for (const card of cards()) {
      const list = within(card).getByRole("list", { name: "Tags" });
      for (const item of within(list).getAllByRole("listitem")) {
        const link = within(item).queryByRole("link");
        if (item.querySelector("[data-more-tags]")) expect(link).toBeNull();
        else if (getTag(tagSlug(item.textContent ?? ""))) expect(link).not.toBeNull();
        else {
          expect(link).toBeNull();
          expect(item.querySelector('[data-variant="secondary"]')).not.toBeNull();
        }
      }
    }
  });

  it("link from an article to its tag's page", async () => {
    renderAt("/blog/terraform-guide");
    const list = screen.getByRole("list", { name: "Tags" });
    fireEvent.click(within(list).getByRole("link", { name: "CI/CD" }));
    await waitFor(() => expect(screen.getByTestId("path")).toHaveTextContent("/blog/tags/ci-cd"));
    expect(cards().length).toBe(tags.find((t) => t.slug === "ci-cd")?.posts.length);
  });
});
