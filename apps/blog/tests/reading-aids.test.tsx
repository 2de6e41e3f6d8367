// Reading aids on article pages: the table of contents (from 3 headings, the section
// being read highlighted), links to the previous and next article, a 'Copy' button on
// code blocks once the script runs, and the 'Updated' date.
import type { Article, ArticleHeading, PublishedPost } from "@portfolio/content/blog";
import { publishedPosts } from "@portfolio/content/blog";
import { COPIED_MS as copiedMs } from "@portfolio/ui/reading-aids";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AdjacentPosts, adjacentPosts } from "../src/components/adjacent-posts";
import { TableOfContents, tocTree } from "../src/components/table-of-contents";
import ArticleHtml from "../src/routes/article-body";
import { renderAt } from "./render";

const h = (depth: 2 | 3, id: string, text = id): ArticleHeading => ({ depth, id, text });
const three = [h(2, "intro", "Intro"), h(3, "why", "Why"), h(2, "setup", "Setup")];

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("table of contents", () => {
  it("nests each h3 under the h2 before it", () => {
    expect(tocTree([h(3, "a"), h(2, "b"), h(3, "c"), h(3, "d"), h(2, "e")])).toEqual([
      { ...h(3, "a"), children: [] },
      { ...h(2, "b"), children: [h(3, "c"), h(3, "d")] },
      { ...h(2, "e"), children: [] },
    ]);
  });

  it("is a nav 'On this page' from 3 headings: a closed <details> for phones, a column for wide screens", () => {
    render(<TableOfContents headings={three} />);
    // One landmark of that name; both presentations are in it, and the CSS shows one of
    // them at any width.
    const nav = screen.getByRole("navigation", { name: "On this page" });
    const details = nav.querySelector("details")!;
    expect(details).not.toHaveAttribute("open");
    expect(details.querySelector("summary")).toHaveTextContent("On this page");
    // article-body.css shows .toc-compact below 1280 px, .toc-side (sticky) from there.
    const compact = nav.querySelector(".toc-compact");
    const side = nav.querySelector(".toc-side");
    expect(compact).toBe(details);
    expect(side).not.toBeNull();
    for (const list of [compact, side] as HTMLElement[]) {
      const links = within(list).getAllByRole("link", { hidden: true });
      expect(links.map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
        ["Intro", "#intro"],
        ["Why", "#why"],
        ["Setup", "#setup"],
      ]);
      // The h3 is in a list inside the h2's item.
      expect(links[1]!.closest("li")!.parentElement!.closest("li")).toContainElement(links[0]!);
      for (const a of links) expect(a).not.toHaveAttribute("aria-current");
    }
  });

  it("is not there below 3 headings", () => {
    const { container } = render(<TableOfContents headings={three.slice(0, 2)} />);
    expect(container).toBeEmptyDOMElement();
    expect(render(<TableOfContents headings={[]} />).container).toBeEmptyDOMElement();
  });

  it("marks the section being read with aria-current='location' as the reader scrolls", async () => {
    const observers: { callback: () => void; targets: Element[]; disconnected: boolean }[] = [];
    vi.stubGlobal(
      "IntersectionObserver",
      class {
        o: (typeof observers)[number];
        constructor(callback: () => void) {
          this.o = { callback, targets: [], disconnected: false };
          observers.push(this.o);
        }
        observe(el: Element) {
          this.o.targets.push(el);
        }
        disconnect() {
          this.o.disconnected = true;
        }
      },
    );
    // The headings on the page, at positions the test moves.
    const tops: Record<string, number> = { intro: 900, why: 1500, setup: 2400 };
    for (const id of Object.keys(tops)) {
      const el = document.createElement("h2");
      el.id = id;
      el.getBoundingClientRect = () => ({ top: tops[id]! }) as DOMRect;
      document.body.append(el);
    }
    vi.stubGlobal("innerHeight", 1000);
    const view = render(<TableOfContents headings={three} />);
    expect(observers).toHaveLength(1);
    expect(observers[0]!.targets.map((t) => t.id)).toEqual(["intro", "why", "setup"]);
    const current = () =>
      screen
        .getAllByRole("link", { hidden: true })
        .filter((a) => a.getAttribute("aria-current") === "location")
        .map((a) => a.getAttribute("href"));

    act(() => observers[0]!.callback());
    expect(current()).toEqual([]); // above the first heading

    Object.assign(tops, { intro: 100, why: 250, setup: 1100 }); // line at 30%: 300 px
    act(() => observers[0]!.callback());
    await waitFor(() => expect(current()).toEqual(["#why", "#why"])); // both lists

    Object.assign(tops, { intro: -2000, why: -1500, setup: 80 });
    act(() => observers[0]!.callback());
    expect(current()).toEqual(["#setup", "#setup"]);

    view.unmount();
    expect(observers[0]!.disconnected).toBe(true);
    for (const id of Object.keys(tops)) document.getElementById(id)!.remove();
  });
});

describe("previous and next article", () => {
  const [newest, middle, oldest] = publishedPosts as [PublishedPost, PublishedPost, PublishedPost];

  it("are the published posts around this one by date, none at the ends", () => {
    expect(publishedPosts.length).toBeGreaterThanOrEqual(3);
    expect(adjacentPosts(newest.slug, publishedPosts)).toEqual({
      previous: middle,
      next: undefined,
    });
    expect(adjacentPosts(middle.slug, publishedPosts)).toEqual({ previous: oldest, next: newest });
    expect(adjacentPosts(publishedPosts.at(-1)!.slug, publishedPosts).previous).toBeUndefined();
    expect(adjacentPosts("no-such-post", publishedPosts)).toEqual({});
    expect(adjacentPosts(newest.slug, [newest])).toEqual({}); // a lone post: neither
  });

  const links = () =>
    screen.queryAllByRole("link").map((a) => [a.textContent, a.getAttribute("href")]);
  const at = (slug: string) =>
    render(
      <MemoryRouter>
        <AdjacentPosts slug={slug} />
      </MemoryRouter>,
    );

  it("link with the titles: '← Previous: …' and 'Next: … →'", () => {
    at(middle.slug);
    expect(screen.getByRole("navigation", { name: "More articles" })).toBeInTheDocument();
    expect(links()).toEqual([
      [`← Previous: ${oldest.title}`, oldest.url],
      [`Next: ${newest.title} →`, newest.url],
    ]);
    expect(screen.getByRole("link", { name: `Previous: ${oldest.title}` })).toBeInTheDocument();
  });

  it("the newest has no next, the oldest no previous", () => {
    at(newest.slug).unmount();
    at(newest.slug);
    expect(links()).toEqual([[`← Previous: ${middle.title}`, middle.url]]);
    document.body.innerHTML = "";
    at(publishedPosts.at(-1)!.slug);
    const before = publishedPosts.at(-2)!;
    expect(links()).toEqual([[`Next: ${before.title} →`, before.url]]);
  });

  it("are at the end of the article page", async () => {
    renderAt(`/blog/${middle.slug}`);
    const nav = screen.getByRole("navigation", { name: "More articles" });
    expect(screen.getByRole("article")).toContainElement(nav);
    await screen.findAllByRole("heading", { level: 2 }, { timeout: 15_000 });
    expect(
      document.querySelector(".article-body")!.compareDocumentPosition(nav) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });
});

describe("copy buttons on code blocks", () => {
  const article = {
    ...publishedPosts[0]!,
    headings: [],
    html: '<p>Run:</p><div class="code-block"><pre class="shiki" tabindex="0"><code><span class="line">echo hi</span>\n<span class="line">echo &lt;there&gt;</span></code></pre></div><div class="code-block"><pre class="shiki"><code>two</code></pre></div>',
  } as Article;
  const page = (
    <MemoryRouter>
      <ArticleHtml article={article} />
    </MemoryRouter>
  );

  it("are not in the server's HTML (no JavaScript, no button)", () => {
    const html = renderToString(page);
    expect(html).toContain('<div class="code-block">');
    expect(html).not.toContain("<button");
    expect(html).toContain('<p role="status" class="sr-only"></p>'); // empty until a copy
  });

  it("copy the block's code: 'Copy' → 'Copied' for 2 s, announced", async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    render(page);
    const buttons = screen.getAllByRole("button", { name: "Copy" });
    expect(buttons).toHaveLength(2);
    // Each sits in its block, beside (not inside) the scrolling <pre>.
    const blocks = document.querySelectorAll(".code-block");
    expect(buttons[0]!.parentElement).toBe(blocks[0]);
    expect(buttons[1]!.parentElement).toBe(blocks[1]);

    vi.useFakeTimers();
    await act(async () => fireEvent.click(buttons[0]!));
    expect(writeText).toHaveBeenCalledWith("echo hi\necho <there>");
    expect(buttons[0]).toHaveTextContent("Copied");
    expect(buttons[1]).toHaveTextContent("Copy");
    expect(screen.getByRole("status")).toHaveTextContent("Copied");

    act(() => vi.advanceTimersByTime(copiedMs - 100));
    expect(buttons[0]).toHaveTextContent("Copied");
    act(() => vi.advanceTimersByTime(100));
    expect(buttons[0]).toHaveTextContent(/^Copy$/);
    expect(screen.getByRole("status")).toHaveTextContent("");
  });

  it("go when the article does (no button left behind)", () => {
    const view = render(page);
    const block = document.querySelector(".code-block")!;
    expect(block.querySelectorAll("button")).toHaveLength(1);
    view.unmount();
    expect(block.querySelectorAll("button")).toHaveLength(0);
  });

  it("say so when the clipboard refuses", async () => {
    const writeText = vi.fn().mockRejectedValue(new Error("denied"));
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    render(page);
    const [button] = screen.getAllByRole("button", { name: "Copy" });
    await act(async () => fireEvent.click(button!));
    expect(button).toHaveTextContent("Copy failed");
    expect(screen.getByRole("status")).toHaveTextContent("Copy failed");
  });
});

describe("updated date", () => {
  it("shows 'Updated <date>' in the article's header when the post has one", () => {
    const post = publishedPosts.find((p) => p.updated)!;
    expect(post).toBeDefined();
    renderAt(post.url);
    const header = screen.getByRole("article").querySelector("header")!;
    expect(header).toHaveTextContent(`Updated ${post.displayUpdated}`);
    const time = within(header).getByText(post.displayUpdated!);
    expect(time.tagName).toBe("TIME");
    expect(time).toHaveAttribute("datetime", post.updated);
  });

  it("shows nothing for a post never updated, nor on the list pages", () => {
    const post = publishedPosts.find((p) => !p.updated)!;
    renderAt(post.url);
    expect(screen.getByRole("article")).not.toHaveTextContent("Updated");
    document.body.innerHTML = "";
    renderAt("/blog/all-posts");
    expect(document.body).not.toHaveTextContent(/Updated [A-Z][a-z]{2} \d/);
  });
});
