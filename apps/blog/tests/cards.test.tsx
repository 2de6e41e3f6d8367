import { type BlogPost, posts } from "@portfolio/content/blog";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { allPostsOrder, readTimeLabel } from "../src/components/card-rules";
import { PostCard } from "../src/routes/all-posts";
import { renderAt } from "./render";

describe("card rules", () => {
  it("writes read times as the site does", () => {
    expect(readTimeLabel(5)).toBe("5 min read");
  });

  it("puts the published posts first, each group newest first", () => {
    const ordered = allPostsOrder(posts);
    expect(ordered).toHaveLength(posts.length);
    const firstSoon = ordered.findIndex((p) => p.status === "coming-soon");
    expect(ordered.slice(0, firstSoon).every((p) => p.status === "published")).toBe(true);
    expect(ordered.slice(firstSoon).every((p) => p.status === "coming-soon")).toBe(true);
    for (const group of [ordered.slice(0, firstSoon), ordered.slice(firstSoon)]) {
      const dates = group.map((p) => p.date);
      expect(dates).toEqual([...dates].sort().reverse());
    }
  });
});

function cardFor(post: BlogPost) {
  const { container } = render(
    <MemoryRouter>
      <PostCard post={post} />
    </MemoryRouter>,
  );
  return container;
}

describe("an all-posts card", () => {
  const published = posts.find((p) => p.status === "published" && p.tags.length > 3)!;
  const soon = posts.find((p) => p.status === "coming-soon")!;

  it("shows category, read time, title, date, excerpt, three tags and +N", () => {
    const card = cardFor(published);
    expect(card).toHaveTextContent(published.category);
    expect(card).toHaveTextContent(`${published.readTime} min read`);
    expect(screen.getByRole("heading", { level: 2 })).toHaveTextContent(published.title);
    expect(card).toHaveTextContent(published.displayDate);
    expect(screen.getByText(published.excerpt)).toBeInTheDocument();
    const tags = within(screen.getByRole("list", { name: "Tags" })).getAllByRole("listitem");
    expect(tags.slice(0, 3).map((t) => t.textContent)).toEqual(published.tags.slice(0, 3));
    expect(tags).toHaveLength(4);
    expect(tags[3]).toHaveTextContent(`+${published.tags.length - 3}`);
    // Seen as "+N"; read out as "+N more tags".
    expect(tags[3]!.textContent).toBe(`+${published.tags.length - 3} more tags`);
  });

  it("links 'Read Article' to a published post, with no 'Coming Soon'", () => {
    cardFor(published);
    expect(screen.getByRole("link", { name: /^Read Article/ })).toHaveAttribute(
      "href",
      `/blog/${published.slug}`,
    );
    expect(screen.queryByRole("button", { name: "Coming Soon" })).toBeNull();
  });

  it("has a disabled 'Coming Soon' button, no date and no link for a post not written yet", () => {
    const card = cardFor(soon);
    expect(screen.getByRole("button", { name: "Coming Soon" })).toBeDisabled();
    // Its planned date, once past, would read as a stale post.
    expect(card.querySelector("time")).toBeNull();
    expect(card).not.toHaveTextContent(soon.displayDate);
    expect(card).toHaveTextContent(`${soon.readTime} min read`);
    // Its only links are its tags' pages (of tags a published post has too).
    for (const link of screen.queryAllByRole("link")) {
      expect(link.getAttribute("href")).toMatch(/^\/blog\/tags\/[a-z0-9-]+$/);
    }
  });

  it("shows every tag, without +N, when there are three or fewer", () => {
    const few = { ...published, tags: ["one", "two", "three"] };
    cardFor(few);
    const tags = within(screen.getByRole("list", { name: "Tags" })).getAllByRole("listitem");
    expect(tags.map((t) => t.textContent)).toEqual(["one", "two", "three"]);
  });
});

describe("the all-posts page's cards", () => {
  it("are the eight posts, readable first: 'Read Article' for the three articles, 'Coming Soon' for the rest", () => {
    renderAt("/blog/all-posts");
    const cards = screen.getAllByRole("listitem").filter((li) => li.querySelector("h2"));
    expect(cards).toHaveLength(8);
    const actions = cards.map((c) =>
      within(c).queryByRole("link", { name: /^Read Article/ })
        ? "read"
        : within(c).getByRole("button", { name: "Coming Soon" })
          ? "soon"
          : "none",
    );
    expect(actions).toEqual(["read", "read", "read", "soon", "soon", "soon", "soon", "soon"]);
    const expected = [
      ["kubernetes-security", "Dec 15, 2023", "5 min read"],
      ["terraform-guide", "Dec 8, 2023", "7 min read"],
      ["microservices-monitoring", "Nov 30, 2023", "6 min read"],
    ] as const;
    expected.forEach(([slug, date, readTime], i) => {
      expect(cards[i]).toHaveTextContent(date);
      expect(cards[i]).toHaveTextContent(readTime);
      expect(within(cards[i]!).getByRole("link", { name: /^Read Article/ })).toHaveAttribute(
        "href",
        `/blog/${slug}`,
      );
    });
    for (const card of cards) {
      const tags = within(within(card).getByRole("list", { name: "Tags" })).getAllByRole(
        "listitem",
      );
      expect(tags.length).toBeLessThanOrEqual(4);
    }
    for (const button of screen.getAllByRole("button", { name: "Coming Soon" }))
      expect(button).toBeDisabled();
  });
});
