import { site } from "@portfolio/content";
import { posts, publishedPosts } from "@portfolio/content/blog";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderAt } from "./render";

const h1 = () => screen.getByRole("heading", { level: 1 });

// The site's three articles, as the content dates them.
const articles = [
  {
    slug: "kubernetes-security",
    date: "Dec 15, 2023",
    readTime: "5 min read",
    title: /kubernetes/i,
  },
  { slug: "terraform-guide", date: "Dec 8, 2023", readTime: "7 min read", title: /terraform/i },
  {
    slug: "microservices-monitoring",
    date: "Nov 30, 2023",
    readTime: "6 min read",
    title: /monitoring/i,
  },
];

describe("/blog", () => {
  it("is 'Latest Blog Posts': a card per published post, newest first, and 'View All Posts'", () => {
    renderAt("/blog");
    expect(h1()).toHaveTextContent(/^Latest Blog Posts$/);
    const cards = screen.getAllByRole("listitem").filter((li) => li.querySelector("h2"));
    expect(cards).toHaveLength(3);
    articles.forEach((s, i) => {
      const card = cards[i]!;
      const post = publishedPosts[i]!;
      expect(post.slug).toBe(s.slug);
      const title = within(card).getByRole("heading", { level: 2 });
      expect(title).toHaveTextContent(s.title);
      expect(within(title).getByRole("link")).toHaveAttribute("href", `/blog/${s.slug}`);
      expect(card).toHaveTextContent(s.date);
      expect(card).toHaveTextContent(s.readTime);
      expect(within(card).getByText(post.excerpt)).toBeInTheDocument();
      const tags = within(within(card).getByRole("list", { name: "Tags" })).getAllByRole(
        "listitem",
      );
      expect(tags.map((t) => t.textContent)).toEqual(post.tags);
      expect(within(card).getByRole("link", { name: /^Read More/ })).toHaveAttribute(
        "href",
        `/blog/${s.slug}`,
      );
      expect(card.querySelector("time")).toHaveAttribute("datetime", post.date);
    });
    expect(screen.getByRole("link", { name: "View All Posts" })).toHaveAttribute(
      "href",
      "/blog/all-posts",
    );
  });

  it("navigates with the router: 'View All Posts' and a title", async () => {
    renderAt("/blog");
    fireEvent.click(screen.getByRole("link", { name: "View All Posts" }));
    expect(screen.getByTestId("path")).toHaveTextContent("/blog/all-posts");
    expect(h1()).toHaveTextContent("All Blog Posts");
  });
});

describe("/blog/all-posts", () => {
  it("has 'All Blog Posts', a way back, the categories of the posts and 'Stay Updated'", () => {
    renderAt("/blog/all-posts");
    expect(h1()).toHaveTextContent(/^All Blog Posts$/);
    expect(screen.getByRole("link", { name: "Back to Blog" })).toHaveAttribute("href", "/blog");
    const badges = within(screen.getByRole("list", { name: "Categories" })).getAllByRole(
      "listitem",
    );
    const fromPosts = [...new Set(posts.map((p) => p.category))];
    expect(badges.map((b) => b.textContent).sort()).toEqual([...fromPosts].sort());
    // The site's eight categories, one post each.
    expect(badges.map((b) => b.textContent)).toEqual([
      "Security",
      "Infrastructure",
      "Monitoring",
      "Containers",
      "CI/CD",
      "Cloud",
      "Networking",
      "Database",
    ]);

    const box = screen.getByRole("region", { name: "Stay Updated" });
    expect(within(box).getByRole("link", { name: "Subscribe to Newsletter" })).toHaveAttribute(
      "href",
      "/newsletter",
    );
    expect(within(box).getByRole("link", { name: "RSS Feed" })).toHaveAttribute("href", "/rss.xml");
  });
});

describe("article pages", () => {
  it.each(articles)(
    "/blog/$slug shows its title, date, read time, tags and the article",
    async (s) => {
      const post = publishedPosts.find((p) => p.slug === s.slug)!;
      renderAt(`/blog/${s.slug}`);
      expect(h1()).toHaveTextContent(s.title);
      expect(h1()).toHaveTextContent(post.title);
      const article = screen.getByRole("article");
      expect(article).toHaveTextContent(s.date);
      expect(article).toHaveTextContent(s.readTime);
      const tags = within(screen.getByRole("list", { name: "Tags" })).getAllByRole("listitem");
      expect(tags.map((t) => t.textContent)).toEqual(post.tags);
      expect(screen.getByRole("link", { name: "Back to Blog" })).toHaveAttribute("href", "/blog");

      // The body arrives with the lazily loaded chunk: sections, and highlighted code.
      const sections = await screen.findAllByRole("heading", { level: 2 }, { timeout: 15_000 });
      expect(sections.length).toBeGreaterThan(2);
      const code = article.querySelector("pre.shiki code span[style*='--shiki-dark']");
      expect(code).not.toBeNull();
      await waitFor(() => expect(document.title).toBe(`${post.title} · ${site.siteName}`));
    },
  );

  it("keeps links to the site's pages inside the app", async () => {
    renderAt("/blog/kubernetes-security");
    await screen.findAllByRole("heading", { level: 2 }, { timeout: 15_000 });
    const body = document.querySelector(".article-body")!;
    const a = document.createElement("a");
    a.href = "/blog/terraform-guide";
    a.textContent = "internal";
    body.append(a);
    fireEvent.click(a);
    expect(screen.getByTestId("path")).toHaveTextContent("/blog/terraform-guide");
    await waitFor(() => expect(h1()).toHaveTextContent(/terraform/i));
  });
});

describe("not found inside the section", () => {
  const comingSoon = posts.filter((p) => p.status === "coming-soon").map((p) => `/blog/${p.slug}`);
  it.each(["/blog/no-such-post", "/blog/all-posts/extra", ...comingSoon])("%s", async (path) => {
    renderAt(path);
    expect(h1()).toHaveTextContent("404 Page Not Found");
    expect(screen.getByRole("link", { name: "Back to Blog" })).toHaveAttribute("href", "/blog");
    await waitFor(() => expect(document.title).toBe(`Page Not Found · ${site.siteName}`));
  });
});
