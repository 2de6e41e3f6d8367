import { routes, site } from "@portfolio/content";
import { ThemeProvider } from "@portfolio/ui/theme-provider";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { documentTitle } from "../src/chrome/page-changes";
import { attachMenu } from "../src/document/menu";
import { attachThemeControl } from "../src/document/theme";
import { AppRoutes } from "../src/routes";

// The chrome's theme control and menu are plain DOM (src/document), attached once per
// page as the entry does. jsdom has no modal dialog: showModal/close do what the
// browser's do for this (the real one is driven by the end-to-end suite).
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute("open", "");
    this.querySelector<HTMLElement>("a[href], button")?.focus();
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.removeAttribute("open");
    this.dispatchEvent(new Event("close"));
  };
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
  attachMenu();
  attachThemeControl();
});

// Remote sections are not under test here: each renders a marker instead of loading.
vi.mock("../src/federation/remotes", () => ({
  loadRemoteRoutes: async (name: string) => ({ default: () => <h1>{`remote ${name}`}</h1> }),
  refreshRemote: async () => false,
}));

beforeEach(() => {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
  vi.stubGlobal("scrollTo", () => {});
});

function renderAt(path: string) {
  return render(
    <ThemeProvider>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </ThemeProvider>,
  );
}

const mainNav = () => screen.getByRole("navigation", { name: "Main" });

describe("page frame", () => {
  it("has the skip link first, then header, main#main with one h1, footer", () => {
    const { container } = renderAt("/");
    const first = container.querySelector("a, button");
    expect(first).toHaveTextContent("Skip to content");
    expect(first).toHaveAttribute("href", "#main");
    expect(screen.getByRole("banner")).toBeInTheDocument();
    expect(screen.getByRole("main")).toHaveAttribute("id", "main");
    expect(screen.getByRole("contentinfo")).toBeInTheDocument();
    expect(within(screen.getByRole("main")).getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(site.owner.headline);
  });

  it.each([
    ["/skills", /skills/i],
    ["/resume", /resume/i],
    ["/projects", "Featured Projects"],
    ["/projects/1", "Multi-Cloud Kubernetes Platform"],
    ["/projects/abc", "Project Not Found"],
    ["/talks", "Talks & Events"],
    ["/contact", "Get In Touch"],
    ["/privacy-policy", "Privacy Policy"],
    ["/terms-of-use", "Terms of Use"],
    ["/no-such-page", "404 Page Not Found"],
    ["/projects/1/extra", "404 Page Not Found"],
  ])("%s shows its h1", async (path, h1) => {
    renderAt(path); // pages other than Home are loaded lazily
    expect(await screen.findByRole("heading", { level: 1 })).toHaveTextContent(h1);
  });

  it("mounts remote sections under their paths", async () => {
    renderAt("/blog/all-posts");
    expect(await screen.findByRole("heading", { level: 1 })).toHaveTextContent("remote blog");
  });
});

describe("main navigation", () => {
  it("lists site.json's links in order", () => {
    renderAt("/");
    const links = within(mainNav()).getAllByRole("link");
    expect(links.map((a) => [a.textContent, a.getAttribute("href")])).toEqual(
      site.navigation.map((item) => [item.label, item.path]),
    );
  });

  it.each([
    ["/", "Home"],
    ["/projects", "Projects"],
    ["/projects/1", "Projects"],
    ["/blog/all-posts", "Blog"],
    ["/newsletter", "Newsletter"],
  ])("on %s marks only %s as the current page", async (path, label) => {
    renderAt(path);
    await waitFor(() => {
      const current = within(mainNav())
        .getAllByRole("link")
        .filter((a) => a.getAttribute("aria-current") === "page");
      expect(current.map((a) => a.textContent)).toEqual([label]);
    });
  });

  it("marks nothing on the 404 page", () => {
    renderAt("/no-such-page");
    expect(
      within(mainNav())
        .getAllByRole("link")
        .filter((a) => a.hasAttribute("aria-current")),
    ).toEqual([]);
  });
});

describe("mobile menu", () => {
  it("opens a dialog named Menu with the links, and closes once a link is chosen", async () => {
    const user = userEvent.setup();
    renderAt("/");
    const button = screen.getByRole("button", { name: "Open menu" });
    expect(button).toHaveAttribute("aria-expanded", "false");
    await user.click(button);
    const dialog = await screen.findByRole("dialog", { name: "Menu" });
    expect(
      within(dialog)
        .getAllByRole("link")
        .map((a) => a.textContent),
    ).toEqual(site.navigation.map((i) => i.label));
    await user.click(within(dialog).getByRole("link", { name: "Talks" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(
      await screen.findByRole("heading", { level: 1, name: "Talks & Events" }),
    ).toBeInTheDocument();
    await waitFor(() => expect(button).toHaveFocus());
  });
});

describe("scroll position", () => {
  it("leaves a document load's position to the browser, and starts a navigated-to page at the top", async () => {
    const scrollTo = vi.fn();
    vi.stubGlobal("scrollTo", scrollTo);
    const user = userEvent.setup();
    renderAt("/");
    await screen.findByRole("heading", { level: 1 });
    expect(scrollTo).not.toHaveBeenCalled();
    await user.click(within(mainNav()).getByRole("link", { name: "Contact" }));
    await screen.findByRole("heading", { level: 1, name: "Get In Touch" });
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });
});

describe("route announcer", () => {
  it("says nothing on the document load, then the new page's h1 after a navigation", async () => {
    const user = userEvent.setup();
    const { container } = renderAt("/");
    const region = container.querySelector('[aria-live="polite"][aria-atomic="true"]');
    expect(region).not.toBeNull();
    expect(region?.closest("main")).toBeNull();
    expect(region).toHaveTextContent(/^$/);
    await user.click(within(mainNav()).getByRole("link", { name: "Talks" }));
    await waitFor(() => expect(region).toHaveTextContent("Talks & Events"));
  });
});

describe("theme button", () => {
  it("names the current choice and the next, and cycles", async () => {
    const user = userEvent.setup();
    localStorage.clear();
    renderAt("/");
    const button = screen.getByRole("button", { name: /^Theme:/ });
    // The OS is light here: the first tap shows the dark theme (docs/decisions/0055).
    expect(button).toHaveAccessibleName("Theme: system. Switch to dark");
    await user.click(button);
    expect(button).toHaveAccessibleName("Theme: dark. Switch to light");
    expect(localStorage.getItem("vite-ui-theme")).toBe("dark");
  });
});

describe("footer", () => {
  it("has site.json's links, the feed as a plain link, the year and external social links", () => {
    renderAt("/");
    const footer = screen.getByRole("contentinfo");
    for (const link of site.footer.links) {
      expect(within(footer).getByRole("link", { name: link.label })).toHaveAttribute(
        "href",
        link.path,
      );
    }
    expect(footer).toHaveTextContent(
      `© ${new Date().getUTCFullYear()} ${site.owner.name}. All rights reserved.`,
    );
    for (const social of site.social) {
      const a = within(footer).getByRole("link", { name: social.label });
      expect(a).toHaveAttribute("target", "_blank");
      expect(a).toHaveAttribute("rel", "noopener noreferrer");
    }
  });
});

describe("documentTitle", () => {
  it("gives every route of routes.json its title, and unknown paths 'Page Not Found'", () => {
    for (const route of routes) {
      const path = route.path.replace(/\{[^}]+\}/g, "7");
      if (path === "/") continue;
      expect(documentTitle(path)).toBe(`${route.title} · ${site.siteName}`);
    }
    // As the gateway titles the home page.
    expect(documentTitle("/")).toBe(`${site.siteName} · ${site.owner.headline}`);
    expect(documentTitle("/projects/7/extra")).toBe(`Page Not Found · ${site.siteName}`);
    expect(documentTitle("/nope")).toBe(`Page Not Found · ${site.siteName}`);
  });

  it("leaves paths below a remote section that are not in the table to the section", () => {
    // Blog articles come from the posts (the blog remote titles them), not routes.json.
    expect(documentTitle("/blog/kubernetes-security")).toBeUndefined();
    expect(documentTitle("/blog/no-such-post")).toBeUndefined();
    expect(documentTitle("/blog/all-posts")).toBe(`All Blog Posts · ${site.siteName}`);
    expect(documentTitle("/blogs")).toBe(`Page Not Found · ${site.siteName}`);
  });

  it("is set on navigation", async () => {
    renderAt("/talks");
    await waitFor(() => expect(document.title).toBe(`Talks & Events · ${site.siteName}`));
  });
});
