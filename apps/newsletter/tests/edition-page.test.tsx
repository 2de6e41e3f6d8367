import { site } from "@portfolio/content";
import { editions, loadEditions, newsletterPage } from "@portfolio/content/newsletter";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import NewsletterRoutes from "../src/routes";
import { editionOf } from "../src/routes/edition-page";

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/newsletter/*" element={<NewsletterRoutes />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe("editionOf", () => {
  it("finds an edition by its id as the page's path writes it", () => {
    for (const e of editions) expect(editionOf(String(e.id))?.title).toBe(e.title);
  });

  it("finds none for another number, another spelling or no number", () => {
    for (const segment of ["0", "7", "99", "01", "1.0", "1e0", "+1", " 1", "abc", "", "9999999999"])
      expect(editionOf(segment), segment).toBeUndefined();
  });
});

describe("an edition's page", () => {
  it("/newsletter/1 shows the edition whole: title, month, read time, tags, excerpt and full text", async () => {
    const edition = (await loadEditions()).find((e) => e.id === 1)!;
    renderAt("/newsletter/1");
    const article = screen.getByRole("article", { name: edition.title });
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(edition.title);
    const time = article.querySelector("time")!;
    expect(time).toHaveTextContent(edition.month);
    expect(time).toHaveAttribute("datetime", edition.date);
    expect(article).toHaveTextContent(`${edition.readTime} min read`);
    expect(
      within(within(article).getByRole("list", { name: "Tags" }))
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(edition.tags);
    expect(within(article).getByText(edition.excerpt)).toBeInTheDocument();
    // The text arrives with its chunk: every paragraph of it.
    await waitFor(() => expect(article.querySelector("pre")).not.toBeNull());
    const blocks = [...article.querySelectorAll("p, li")].map((el) => el.textContent);
    expect(blocks).toContain(edition.text.split("\n")[0]);
    expect(article.querySelectorAll("p").length).toBeGreaterThan(5);
    expect(within(article).getByRole("link", { name: "Back to Newsletter" })).toHaveAttribute(
      "href",
      "/newsletter",
    );
    await waitFor(() => expect(document.title).toBe(`${edition.title} · ${site.siteName}`));
  });

  it("has its headings in order: the title's h1, then the edition's sections as h2s", async () => {
    for (const e of await loadEditions()) {
      const { unmount } = renderAt(`/newsletter/${e.id}`);
      const article = screen.getByRole("article", { name: e.title });
      await waitFor(() => expect(article.querySelectorAll("h2").length).toBeGreaterThan(0));
      const headings = within(article).getAllByRole("heading");
      expect(headings.map((h) => h.tagName)).toEqual(["H1", ...headings.slice(1).map(() => "H2")]);
      const sections = headings.slice(1).map((h) => h.textContent);
      expect(
        sections.filter((t) => t!.startsWith("Tool of the month: ")),
        `#${e.id}`,
      ).toHaveLength(1);
      expect(sections.at(-1), `#${e.id}`).toBe("3 AM wisdom");
      unmount();
    }
  });

  it("ends with the previous and next editions (rel prev and next), either left out at the ends", () => {
    const links = (id: number) => {
      const { unmount } = renderAt(`/newsletter/${id}`);
      const nav = screen.getByRole("navigation", { name: "More editions" });
      const out = within(nav)
        .getAllByRole("link")
        .map((a) => [a.getAttribute("rel"), a.getAttribute("href"), a.textContent]);
      unmount();
      return out;
    };
    const [first, second, third] = editions;
    const last = editions.at(-1)!;
    const beforeLast = editions.at(-2)!;
    expect(links(first!.id)).toEqual([["next", "/newsletter/2", `Next: ${second!.title} →`]]);
    expect(links(second!.id)).toEqual([
      ["prev", "/newsletter/1", `← Previous: ${first!.title}`],
      ["next", "/newsletter/3", `Next: ${third!.title} →`],
    ]);
    expect(links(last.id)).toEqual([
      ["prev", `/newsletter/${beforeLast.id}`, `← Previous: ${beforeLast.title}`],
    ]);
  });

  it("has the newsletter's subscribe form after the edition, posting without JavaScript too", () => {
    renderAt("/newsletter/3");
    const form = screen.getByRole("form", { name: newsletterPage.form.heading });
    expect(form).toHaveAttribute("method", "post");
    expect(form).toHaveAttribute("action", "/");
    expect(form.querySelector('input[type="hidden"][name="form-name"]')).toHaveValue("newsletter");
    // Outside the article: the edition's headings stay its own.
    expect(screen.getByRole("article").contains(form)).toBe(false);
  });

  it("links each tag to the blog's page of it where a published article has the tag", () => {
    renderAt("/newsletter/1");
    const tags = within(screen.getByRole("article")).getByRole("list", { name: "Tags" });
    expect(within(tags).getByRole("link", { name: "Kubernetes" })).toHaveAttribute(
      "href",
      "/blog/tags/kubernetes",
    );
    // No published article is tagged DNS: no page, no link.
    expect(within(tags).queryByRole("link", { name: "DNS" })).toBeNull();
    expect(within(tags).getByText("DNS")).toBeInTheDocument();
  });

  it("every edition has its page", async () => {
    for (const e of editions) {
      const { unmount } = renderAt(`/newsletter/${e.id}`);
      expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(e.title);
      unmount();
    }
  });

  it("from a card on /newsletter, the title opens the edition's page", async () => {
    renderAt("/newsletter");
    const newest = [...editions].sort((a, b) => b.id - a.id)[0]!;
    fireEvent.click(screen.getByRole("link", { name: newest.title }));
    expect(await screen.findByRole("heading", { level: 1 })).toHaveTextContent(newest.title);
    await waitFor(() =>
      expect(screen.getByRole("article").querySelector("pre, ul")).not.toBeNull(),
    );
  });

  it.each([
    "/newsletter/99",
    "/newsletter/0",
    "/newsletter/abc",
    "/newsletter/01",
    "/newsletter/1/extra",
  ])("%s is the section's not-found view", (path) => {
    renderAt(path);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("404 Page Not Found");
    expect(screen.getByRole("link", { name: "Back to Newsletter" })).toHaveAttribute(
      "href",
      "/newsletter",
    );
  });
});
