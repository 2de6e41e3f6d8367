// The shell's own pages: each one's texts, counts and rules, rendered through the app's
// routes (lazy pages included) inside the real layout.
import { site } from "@portfolio/content";
import { home } from "@portfolio/content/home";
import { legal } from "@portfolio/content/legal";
import { projectDetails, projects } from "@portfolio/content/projects";
import { resume } from "@portfolio/content/resume";
import { knownSkillIcons, skills } from "@portfolio/content/skills";
import { talks } from "@portfolio/content/talks";
import { ThemeProvider } from "@portfolio/ui/theme-provider";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppRoutes } from "../src/routes";
import { hasSkillIcon, SkillIcon } from "../src/routes/skills/skill-icons";

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

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Renders the app at `path` and waits for the page's h1 (pages other than Home load lazily). */
async function renderAt(path: string) {
  const result = render(
    <ThemeProvider>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </ThemeProvider>,
  );
  const h1 = await screen.findByRole("heading", { level: 1 });
  return { ...result, h1, main: within(screen.getByRole("main")) };
}

const expectExternal = (a: HTMLElement) => {
  expect(a).toHaveAttribute("target", "_blank");
  expect(a).toHaveAttribute("rel", "noopener noreferrer");
};

describe("Home", () => {
  it("greets with the owner's name, has the headline as h1 and the pitch", async () => {
    const { h1, main } = await renderAt("/");
    expect(h1).toHaveTextContent("DevOps Engineer & Cloud Infrastructure Specialist");
    expect(main.getByText(site.owner.name).closest("p")).toHaveTextContent(
      `${home.greeting} ${site.owner.name}`,
    );
    expect(main.getByText(home.pitch)).toBeInTheDocument();
  });

  it("has 'View My Projects' → /projects and 'Get In Touch' → /contact as links", async () => {
    const { main } = await renderAt("/");
    expect(main.getByRole("link", { name: "View My Projects" })).toHaveAttribute(
      "href",
      "/projects",
    );
    expect(main.getByRole("link", { name: "Get In Touch" })).toHaveAttribute("href", "/contact");
  });

  it("links every social network and the email address, named, in a new tab", async () => {
    const { main } = await renderAt("/");
    const list = main.getByRole("list", { name: home.socialHeading });
    for (const s of site.social) {
      const a = within(list).getByRole("link", { name: s.label });
      expect(a).toHaveAttribute("href", s.url);
      expectExternal(a);
    }
    expect(
      within(list).getByRole("link", { name: `${home.emailLabel}: ${site.owner.email}` }),
    ).toHaveAttribute("href", `mailto:${site.owner.email}`);
  });

  it("shows the photo only from lg, with its size set", async () => {
    const { main } = await renderAt("/");
    const img = main.getByRole("img", { name: home.photo.alt });
    expect(img).toHaveAttribute("width", String(home.photo.width));
    expect(img).toHaveAttribute("height", String(home.photo.height));
    const picture = img.closest("picture")!;
    expect(picture).toHaveClass("hidden", "lg:block");
    const source = picture.querySelector("source")!;
    expect(source).toHaveAttribute("media", "(min-width: 1024px)");
    expect(source).toHaveAttribute("srcset", home.photo.src);
    expect(img.getAttribute("src")).toMatch(/^data:/); // below lg nothing is downloaded
  });

  it("loads tooltips on focus, keeps the focus, and labels the icon link", async () => {
    const { main } = await renderAt("/");
    const linkedin = main.getByRole("link", { name: "LinkedIn" });
    act(() => linkedin.focus());
    const tooltip = await screen.findByRole("tooltip");
    expect(tooltip).toHaveTextContent("LinkedIn");
    expect(document.activeElement).toHaveAccessibleName("LinkedIn");
  });
});

describe("Home tooltips", () => {
  it("come when the pointer moves over the hero, and open 700 ms after resting on an icon", async () => {
    const { main, h1 } = await renderAt("/");
    fireEvent.pointerOver(h1);
    // The links are mounted anew as tooltip triggers (Radix marks them with data-state).
    await waitFor(() =>
      expect(main.getByRole("link", { name: "GitHub" })).toHaveAttribute("data-state", "closed"),
    );
    const github = main.getByRole("link", { name: "GitHub" });
    fireEvent.pointerMove(github, { pointerType: "mouse" });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.queryByRole("tooltip")).toBeNull();
    expect(await screen.findByRole("tooltip", {}, { timeout: 2000 })).toHaveTextContent("GitHub");
  });
});

describe("Skills", () => {
  const tiles = (main: ReturnType<typeof within>): HTMLElement[] =>
    main
      .getAllByRole("button")
      .filter((b: HTMLElement) => skills.some((s) => s.name === b.textContent));

  it("has 15 tiles, in a grid of 2 to 6 columns", async () => {
    const { main } = await renderAt("/skills");
    const buttons = tiles(main);
    expect(buttons.map((b: HTMLElement) => b.textContent)).toEqual(skills.map((s) => s.name));
    expect(buttons).toHaveLength(15);
    expect(buttons[0]!.closest("ul")).toHaveClass("grid-cols-2", "lg:grid-cols-6");
  });

  it("opens a dialog with name, description and 4 achievements; Escape closes it and focus returns", async () => {
    const user = userEvent.setup();
    const { main } = await renderAt("/skills");
    const tile = main.getByRole("button", { name: "Kubernetes" });
    await user.click(tile);
    const dialog = await screen.findByRole("dialog", { name: "Kubernetes" });
    const skill = skills.find((s) => s.name === "Kubernetes")!;
    expect(dialog).toHaveAccessibleDescription(skill.description);
    expect(
      within(dialog).getByRole("heading", { name: "Professional Achievements" }),
    ).toBeInTheDocument();
    const items = within(dialog).getAllByRole("listitem");
    expect(items).toHaveLength(4);
    expect(items.map((li) => li.textContent)).toEqual(skill.achievements);

    // Focus is trapped: Tab and Shift+Tab stay inside.
    for (let i = 0; i < 3; i++) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.tab({ shift: true });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(tile).toHaveFocus();
  });

  it("opens from the keyboard", async () => {
    const user = userEvent.setup();
    const { main } = await renderAt("/skills");
    act(() => main.getByRole("button", { name: "AWS" }).focus());
    await user.keyboard("{Enter}");
    expect(await screen.findByRole("dialog", { name: "AWS" })).toBeInTheDocument();
  });

  it("draws an icon for every known key and the default icon for any other", () => {
    for (const key of knownSkillIcons) expect(hasSkillIcon(key)).toBe(true);
    for (const key of ["serverless", "", "toString", "__proto__"])
      expect(hasSkillIcon(key)).toBe(false);
    const { container } = render(
      <>
        <SkillIcon icon="serverless" />
        <SkillIcon icon="docker" />
      </>,
    );
    const icons = container.querySelectorAll("svg");
    expect(icons[0]).toHaveAttribute("data-icon", "default");
    expect(icons[0]!.childElementCount).toBeGreaterThan(0);
    expect(icons[1]).toHaveAttribute("data-icon", "docker");
    expect(icons[0]!.innerHTML).not.toBe(icons[1]!.innerHTML);
  });
});

describe("Resume", () => {
  it("has the two columns, the three jobs and the university", async () => {
    const { main } = await renderAt("/resume");
    expect(main.getByRole("heading", { level: 2, name: "Work Experience" })).toBeInTheDocument();
    expect(
      main.getByRole("heading", { level: 2, name: "Education & Certifications" }),
    ).toBeInTheDocument();
    for (const job of resume.experience)
      expect(main.getByRole("heading", { level: 3, name: job.title })).toBeInTheDocument();
    expect(main.getByText(resume.education[0]!.university)).toBeVisible();
    expect(resume.education[0]!.university).toBe("Your University");
    for (const c of resume.certifications) expect(main.getByText(c.name)).toBeInTheDocument();
  });

  it("'Download PDF Resume' writes the resume into a new window, prints it 250 ms later, then closes it", async () => {
    const { main } = await renderAt("/resume");
    vi.useFakeTimers();
    const calls: string[] = [];
    const popup = {
      document: { open: vi.fn(), write: vi.fn(), close: vi.fn() },
      focus: vi.fn(),
      print: vi.fn(() => calls.push("print")),
      close: vi.fn(() => calls.push("close")),
    };
    const open = vi.spyOn(window, "open").mockReturnValue(popup as unknown as Window);
    const pagePrint = vi.spyOn(window, "print").mockImplementation(() => {});

    act(() => main.getByRole("button", { name: "Download PDF Resume" }).click());
    expect(open).toHaveBeenCalledWith("", "_blank");
    const html = popup.document.write.mock.calls[0]![0] as string;
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain(`<title>${site.owner.name} — Resume</title>`);
    expect(html).toContain("<style>");
    expect(html).toContain("Work Experience");
    expect(html).toContain(resume.education[0]!.university);
    expect(popup.document.close).toHaveBeenCalled();

    act(() => void vi.advanceTimersByTime(249));
    expect(popup.print).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(1));
    expect(calls).toEqual(["print", "close"]);
    expect(pagePrint).not.toHaveBeenCalled();
  });

  it("prints the page itself when the browser blocks the window", async () => {
    const { main } = await renderAt("/resume");
    vi.useFakeTimers();
    vi.spyOn(window, "open").mockReturnValue(null);
    const pagePrint = vi.spyOn(window, "print").mockImplementation(() => {});
    act(() => main.getByRole("button", { name: "Download PDF Resume" }).click());
    expect(pagePrint).toHaveBeenCalledTimes(1);
    act(() => void vi.advanceTimersByTime(1000));
    expect(pagePrint).toHaveBeenCalledTimes(1);
  });

  it("hides the chrome and the button from print", async () => {
    const { main } = await renderAt("/resume");
    expect(screen.getByRole("banner")).toHaveClass("print:hidden");
    expect(screen.getByRole("contentinfo")).toHaveClass("print:hidden");
    expect(main.getByRole("button", { name: "Download PDF Resume" })).toHaveClass("print:hidden");
  });
});

describe("Projects", () => {
  it("shows 'Featured Projects' with 8 cards in a grid of 1 to 3 columns", async () => {
    const { h1, main } = await renderAt("/projects");
    expect(h1).toHaveTextContent("Featured Projects");
    const titles = main.getAllByRole("heading", { level: 2 });
    expect(titles.map((t) => t.textContent)).toEqual(projects.map((p) => p.title));
    expect(titles[0]!.closest("ul")).toHaveClass("grid-cols-1", "md:grid-cols-2", "lg:grid-cols-3");
  });

  it("gives each card its image, description, badges, 'Code' and 'View Details →'; 'Demo' only with a live URL", async () => {
    const { main } = await renderAt("/projects");
    const cards = main.getAllByRole("heading", { level: 2 }).map((h) => h.closest("li")!);
    expect(cards).toHaveLength(8);
    projects.forEach((project, i) => {
      const card = within(cards[i]!);
      const img = card.getByRole("img", { name: project.image.alt });
      expect(img).toHaveAttribute("src", project.image.src);
      expect(img).toHaveAttribute("width", String(project.image.width));
      expect(img).toHaveAttribute("height", String(project.image.height));
      expect(img).toHaveAttribute("loading", i < 3 ? "eager" : "lazy");
      expect(card.getByText(project.description)).toBeInTheDocument();
      for (const t of project.technologies) expect(card.getByText(t)).toBeInTheDocument();
      const code = card.getByRole("link", { name: "Code" });
      expect(code).toHaveAttribute("href", project.githubUrl);
      expectExternal(code);
      const demo = card.queryByRole("link", { name: "Demo" });
      if (project.liveUrl) {
        expect(demo).toHaveAttribute("href", project.liveUrl);
        expectExternal(demo!);
      } else {
        expect(demo).toBeNull();
      }
      expect(card.getByRole("link", { name: "View Details →" })).toHaveAttribute(
        "href",
        `/projects/${project.id}`,
      );
    });
    expect(main.getAllByRole("link", { name: "Demo" })).toHaveLength(
      projects.filter((p) => p.liveUrl).length,
    );
  });
});

describe("Project detail", () => {
  it.each(
    projects.map((p) => [
      String(p.id),
      projectDetails[p.id]!.timeline,
      projectDetails[p.id]!.teamSize,
    ]),
  )("/projects/%s shows the project with its own detail (%s, %s)", async (id, timeline, team) => {
    const project = projects.find((p) => p.id === Number(id))!;
    const { h1, main } = await renderAt(`/projects/${id}`);
    expect(h1).toHaveTextContent(project.title);
    expect(main.getByRole("link", { name: "Back to Projects" })).toHaveAttribute(
      "href",
      "/projects",
    );
    expect(main.getByRole("img", { name: project.image.alt })).toHaveAttribute(
      "src",
      project.image.src,
    );
    expect(main.getByText(project.description)).toBeInTheDocument();
    for (const t of project.technologies) expect(main.getAllByText(t).length).toBeGreaterThan(0);
    expect(main.getByRole("link", { name: "Source Code" })).toHaveAttribute(
      "href",
      project.githubUrl,
    );
    const demo = main.queryByRole("link", { name: "Live Demo" });
    if (project.liveUrl) expect(demo).toHaveAttribute("href", project.liveUrl);
    else expect(demo).toBeNull();
    for (const title of [
      "Project Overview",
      "Architecture & Implementation",
      "Challenges & Solutions",
      "Project Information",
      "Key Features",
      "Technologies Used",
    ]) {
      expect(main.getByRole("heading", { level: 2, name: title })).toBeInTheDocument();
    }
    const info = main.getByRole("heading", { name: "Project Information" }).closest("div")!
      .parentElement!;
    expect(info).toHaveTextContent(timeline);
    expect(info).toHaveTextContent(team);
    expect(info).toHaveTextContent(project.category);
    // Its own cards' words: the overview, each feature, each tech stack group and tool.
    const detail = projectDetails[project.id]!;
    expect(main.getByText(detail.overview)).toBeInTheDocument();
    const features = within(
      main.getByRole("heading", { level: 2, name: "Key Features" }).closest("div")!.parentElement!,
    );
    expect(features.getAllByRole("listitem").map((li) => li.textContent)).toEqual(detail.features);
    const tech = within(
      main.getByRole("heading", { level: 2, name: "Technologies Used" }).closest("div")!
        .parentElement!,
    );
    expect(tech.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual(
      detail.techStack.map((g) => g.category),
    );
    expect(tech.getAllByRole("listitem").map((li) => li.textContent)).toEqual(
      detail.techStack.flatMap((g) => g.tools),
    );
    // The HTML cards render as markup, not as text with tags in it.
    expect(main.queryByText(/<\/?(p|h3|ul|li|strong)>/)).toBeNull();
    await waitFor(() =>
      expect(document.title).toBe(`${project.title} · Project · ${site.siteName}`),
    );
  });

  it("groups 'Technologies Used' by category and renders the HTML cards as markup", async () => {
    const { main } = await renderAt("/projects/1");
    const tech = within(
      main.getByRole("heading", { level: 2, name: "Technologies Used" }).closest("div")!
        .parentElement!,
    );
    const groups = tech.getAllByRole("heading", { level: 3 });
    expect(groups.map((h) => h.textContent)).toEqual([
      "Cloud & Infrastructure",
      "Delivery",
      "Networking & Security",
      "Observability",
    ]);
    expect(
      within(groups[0]!.parentElement!)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["AWS EKS", "Azure AKS", "Terraform", "Helm"]);
    expect(
      main.getByRole("heading", { level: 3, name: "Cross-cloud service discovery" }),
    ).toBeInTheDocument();
    expect(main.getByText("orders.shop.svc").tagName).toBe("CODE");
  });

  it.each(["abc", "0", "99", "1.5", "-1", "1e0", "%20"])(
    "/projects/%s is 'Project Not Found'",
    async (id) => {
      const { h1, main } = await renderAt(`/projects/${id}`);
      expect(h1).toHaveTextContent("Project Not Found");
      expect(main.getByRole("link", { name: "Back to Projects" })).toHaveAttribute(
        "href",
        "/projects",
      );
      await waitFor(() => expect(document.title).toBe(`Project Not Found · ${site.siteName}`));
    },
  );
});

describe("Talks", () => {
  it("lists each talk with title, event, date, description and tags", async () => {
    const { h1, main } = await renderAt("/talks");
    expect(h1).toHaveTextContent("Talks & Events");
    const titles = main.getAllByRole("heading", { level: 2 });
    expect(titles.map((t) => t.textContent)).toEqual(talks.map((t) => t.title));
    const first = within(titles[0]!.closest("li")!);
    expect(first.getByText(talks[0]!.event)).toBeInTheDocument();
    expect(first.getByText(talks[0]!.description)).toBeInTheDocument();
    const date = first.getByText("November 14, 2024");
    expect(date.tagName).toBe("TIME");
    expect(date).toHaveAttribute("datetime", "2024-11-14");
    expect(first.getAllByRole("listitem").map((li) => li.textContent)).toEqual(talks[0]!.tags);
  });

  it("shows 'Watch Video' and 'View Slides' only where the URL exists", async () => {
    const { main } = await renderAt("/talks");
    const cards = main.getAllByRole("heading", { level: 2 }).map((h) => within(h.closest("li")!));
    talks.forEach((talk, i) => {
      const video = cards[i]!.queryByRole("link", { name: "Watch Video" });
      const slides = cards[i]!.queryByRole("link", { name: "View Slides" });
      if (talk.videoUrl) expect(video).toHaveAttribute("href", talk.videoUrl);
      else expect(video).toBeNull();
      if (talk.slidesUrl) expect(slides).toHaveAttribute("href", talk.slidesUrl);
      else expect(slides).toBeNull();
      for (const a of [video, slides]) if (a) expectExternal(a);
    });
    expect(main.getAllByRole("link", { name: "Watch Video" })).toHaveLength(1);
    expect(main.getAllByRole("link", { name: "View Slides" })).toHaveLength(2);
  });
});

describe("Legal pages", () => {
  it("Privacy Policy: its sections, 48 hours, 18, and 'Last updated' in en-IN format", async () => {
    const { h1, main } = await renderAt("/privacy-policy");
    expect(h1).toHaveTextContent("Privacy Policy");
    const updated = main.getByText("25/11/2026");
    expect(updated.tagName).toBe("TIME");
    expect(updated.parentElement).toHaveTextContent("Last updated: 25/11/2026");
    for (const s of legal.privacy.sections)
      expect(main.getByRole("heading", { level: 2, name: s.heading })).toBeInTheDocument();
    const text = screen.getByRole("main").textContent!;
    expect(text).toContain("48 hours");
    expect(text).toContain("under 18");
    expect(main.getByText("18 years")).toBeInTheDocument();
  });

  it("Terms of Use: its sections, 30 days, India, and 'Last updated' in en-IN format", async () => {
    const { h1, main } = await renderAt("/terms-of-use");
    expect(h1).toHaveTextContent("Terms of Use");
    expect(main.getByText("15/1/2025").parentElement).toHaveTextContent("Last updated: 15/1/2025");
    for (const s of legal.terms.sections)
      expect(main.getByRole("heading", { level: 2, name: s.heading })).toBeInTheDocument();
    const text = screen.getByRole("main").textContent!;
    expect(text).toContain("30 days");
    expect(text).toContain("laws of India");
    expect(main.getByText("India")).toBeInTheDocument();
  });

  it("shows the date kept in content, not today's", async () => {
    vi.useFakeTimers({ now: new Date("2031-07-04T12:00:00Z"), toFake: ["Date"] });
    const { main } = await renderAt("/privacy-policy");
    expect(main.getByText("25/11/2026")).toBeInTheDocument();
    expect(main.queryByText("4/7/2031")).toBeNull();
  });
});
