// @vitest-environment jsdom
// The router in a browser (jsdom's window.history): links, NavLink, navigation, back and
// forward, <Navigate>, search params, transitions, and hydrating the static render.
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { type ReactNode, Suspense, use, useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  BrowserRouter,
  Link,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from "../src/index";
import { MemoryRouter } from "../src/memory";
import { StaticRouter } from "../src/server";

/** Where the router is, rendered beside the routes. */
function Where() {
  const { pathname, search, hash, state } = useLocation();
  return <output>{`${pathname}${search}${hash} ${JSON.stringify(state)}`}</output>;
}
const where = () => screen.getByRole("status").textContent;

function Article() {
  return <h1>{`article ${useParams().slug}`}</h1>;
}

function Site({ children }: { children?: ReactNode }) {
  return (
    <>
      <nav>
        <NavLink to="/" end className={({ isActive }) => (isActive ? "on" : "off")}>
          Home
        </NavLink>
        <NavLink to="/blog" className={({ isActive }) => (isActive ? "on" : "off")}>
          Blog
        </NavLink>
        <NavLink to="/projects">Projects</NavLink>
      </nav>
      <Routes>
        <Route
          element={
            <main>
              <Outlet />
            </main>
          }
        >
          <Route index element={<h1>home</h1>} />
          <Route path="projects" element={<h1>projects</h1>} />
          <Route
            path="blog/*"
            element={
              <Routes>
                <Route index element={<h1>blog</h1>} />
                <Route path=":slug" element={<Article />} />
              </Routes>
            }
          />
          <Route path="*" element={<h1>not found</h1>} />
        </Route>
      </Routes>
      {children}
      <Where />
    </>
  );
}

const link = (name: string) => screen.getByRole("link", { name });
const heading = () => screen.getByRole("heading").textContent;

beforeEach(() => window.history.replaceState(null, "", "/"));
afterEach(cleanup);

describe("Link", () => {
  function renderLinks() {
    render(
      <BrowserRouter>
        <Site>
          <Link to="/blog/first">First</Link>
          <Link to="/blog/first" target="_blank">
            New tab
          </Link>
          <Link to="/blog/first" download>
            Download
          </Link>
          <Link to="https://example.com/blog">Elsewhere</Link>
          <Link to="/blog/first" state={{ from: "home" }}>
            With state
          </Link>
          <Link to="/blog/first" onClick={(e) => e.preventDefault()}>
            Prevented
          </Link>
        </Site>
      </BrowserRouter>,
    );
  }

  it("renders a plain <a href>, nothing router-specific in the markup", () => {
    renderLinks();
    expect(link("First").outerHTML).toBe('<a href="/blog/first">First</a>');
    expect(link("Elsewhere").getAttribute("href")).toBe("https://example.com/blog");
  });

  it("navigates in the page on a plain left click: pushes an entry, renders the route", async () => {
    renderLinks();
    const entries = window.history.length;
    expect(heading()).toBe("home");
    const notPrevented = fireEvent.click(link("First"));
    expect(notPrevented).toBe(false); // the browser does not load the page
    expect(window.location.pathname).toBe("/blog/first");
    expect(window.history.length).toBe(entries + 1);
    await waitFor(() => expect(heading()).toBe("article first"));
    expect(where()).toBe("/blog/first null");
  });

  it.each([
    ["ctrl", { ctrlKey: true }],
    ["meta", { metaKey: true }],
    ["shift", { shiftKey: true }],
    ["alt", { altKey: true }],
    ["middle button", { button: 1 }],
  ])("leaves a %s click to the browser", (_, init) => {
    renderLinks();
    expect(fireEvent.click(link("First"), init)).toBe(true);
    expect(window.location.pathname).toBe("/");
    expect(heading()).toBe("home");
  });

  it.each(["New tab", "Download", "Elsewhere", "Prevented"])(
    "leaves '%s' to the browser (or its own handler)",
    (name) => {
      renderLinks();
      const notPrevented = fireEvent.click(link(name));
      expect(notPrevented).toBe(name !== "Prevented");
      expect(window.location.pathname).toBe("/");
      expect(heading()).toBe("home");
    },
  );

  it("carries state, and a link to the current URL replaces instead of pushing", async () => {
    renderLinks();
    fireEvent.click(link("With state"));
    await waitFor(() => expect(where()).toBe('/blog/first {"from":"home"}'));
    const entries = window.history.length;
    fireEvent.click(link("First"));
    await waitFor(() => expect(where()).toBe("/blog/first null"));
    expect(window.history.length).toBe(entries);
  });
});

describe("NavLink", () => {
  const current = () =>
    screen
      .getAllByRole("link")
      .filter((a) => a.getAttribute("aria-current") === "page")
      .map((a) => `${a.textContent}:${a.className}`);

  it.each([
    ["/", ["Home:on"]],
    ["/blog", ["Blog:on"]],
    ["/blog/first", ["Blog:on"]],
    ["/BLOG/First", []], // case-sensitive, as routes: that is the 404 page
    ["/blog/First", ["Blog:on"]],
    ["/blogs", []],
    ["/projects", ["Projects:active"]],
    ["/projects/1", ["Projects:active"]],
  ])("at %s marks %j current", (url, expected) => {
    render(
      <MemoryRouter initialEntries={[url]}>
        <Site />
      </MemoryRouter>,
    );
    expect(current()).toEqual(expected);
    // The others: no aria-current, the inactive class (an empty one for a string className).
    const others = screen.getAllByRole("link").filter((a) => !a.hasAttribute("aria-current"));
    expect(others.map((a) => a.className)).toEqual(
      others.map((a) => (a.textContent === "Projects" ? "" : "off")),
    );
  });

  it("follows navigation", async () => {
    render(
      <BrowserRouter>
        <Site />
      </BrowserRouter>,
    );
    expect(current()).toEqual(["Home:on"]);
    fireEvent.click(link("Blog"));
    await waitFor(() => expect(current()).toEqual(["Blog:on"]));
  });
});

describe("navigation", () => {
  function Buttons() {
    const navigate = useNavigate();
    return (
      <>
        <button type="button" onClick={() => navigate("/projects?tab=2#top", { state: 7 })}>
          projects
        </button>
        <button type="button" onClick={() => navigate("/blog/x", { replace: true })}>
          replace
        </button>
        <button type="button" onClick={() => navigate(-1)}>
          back
        </button>
      </>
    );
  }
  const press = (name: string) => fireEvent.click(screen.getByRole("button", { name }));
  const renderWithButtons = () =>
    render(
      <BrowserRouter>
        <Site>
          <Buttons />
        </Site>
      </BrowserRouter>,
    );

  it("pushes with search, hash and state; goes back and forward (popstate)", async () => {
    renderWithButtons();
    press("projects");
    await waitFor(() => expect(where()).toBe("/projects?tab=2#top 7"));
    expect(heading()).toBe("projects");
    press("back");
    await waitFor(() => expect(where()).toBe("/ null"));
    expect(heading()).toBe("home");
    act(() => window.history.forward());
    await waitFor(() => expect(where()).toBe("/projects?tab=2#top 7"));
  });

  it("replaces the current entry", async () => {
    renderWithButtons();
    const entries = window.history.length;
    press("replace");
    await waitFor(() => expect(heading()).toBe("article x"));
    expect(window.history.length).toBe(entries);
  });

  it("<Navigate replace> redirects without a new entry", async () => {
    window.history.replaceState(null, "", "/elsewhere");
    const entries = window.history.length;
    render(
      <BrowserRouter>
        <Routes>
          <Route path="/blog/*" element={<h1>blog</h1>} />
          <Route path="*" element={<Navigate to="/blog" replace />} />
        </Routes>
        <Where />
      </BrowserRouter>,
    );
    await waitFor(() => expect(heading()).toBe("blog"));
    expect(window.location.pathname).toBe("/blog");
    expect(window.history.length).toBe(entries);
  });

  it("in memory: links, back, and the same routes", async () => {
    render(
      <MemoryRouter initialEntries={["/blog"]}>
        <Site>
          <Link to="/blog/first">First</Link>
          <Buttons />
        </Site>
      </MemoryRouter>,
    );
    expect(heading()).toBe("blog");
    fireEvent.click(link("First"));
    await waitFor(() => expect(heading()).toBe("article first"));
    press("back");
    await waitFor(() => expect(heading()).toBe("blog"));
    expect(window.location.pathname).toBe("/"); // the browser's URL is not touched
  });

  it("keeps the old page on screen while the new one loads (a transition)", async () => {
    let resolve = (_: string) => {};
    const text = new Promise<string>((r) => {
      resolve = r;
    });
    function Slow() {
      return <h1>{use(text)}</h1>;
    }
    render(
      <BrowserRouter>
        <Suspense fallback={<p>loading</p>}>
          <Routes>
            <Route index element={<h1>home</h1>} />
            <Route path="slow" element={<Slow />} />
          </Routes>
        </Suspense>
        <Link to="/slow">Slow</Link>
      </BrowserRouter>,
    );
    await act(async () => {
      fireEvent.click(link("Slow"));
    });
    expect(window.location.pathname).toBe("/slow");
    expect(heading()).toBe("home");
    expect(screen.queryByText("loading")).toBeNull();
    await act(async () => {
      resolve("slow page");
      await text;
    });
    expect(heading()).toBe("slow page");
  });
});

describe("useSearchParams", () => {
  function Search() {
    const [params, setParams] = useSearchParams({ sort: "new" });
    return (
      <>
        <p>{`${params.get("tag")} ${params.get("sort")}`}</p>
        <button
          type="button"
          onClick={() =>
            setParams((p) => {
              p.set("tag", "go");
              return p;
            })
          }
        >
          tag
        </button>
      </>
    );
  }

  it("reads the query with defaults, and sets it by navigating", async () => {
    window.history.replaceState(null, "", "/blog?tag=k8s");
    render(
      <BrowserRouter>
        <Search />
        <Where />
      </BrowserRouter>,
    );
    expect(screen.getByText("k8s new")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "tag" }));
    await waitFor(() => expect(where()).toBe("/blog?tag=go&sort=new null"));
    expect(screen.getByText("go new")).toBeTruthy();
  });
});

describe("StaticRouter and hydration", () => {
  it("renders at its location and refuses to navigate", () => {
    function Go() {
      const navigate = useNavigate();
      const [error, setError] = useState("");
      return (
        <button
          type="button"
          onClick={() => {
            try {
              navigate("/x");
            } catch (e) {
              setError((e as Error).message);
            }
          }}
        >
          {`${useLocation().pathname} ${error}`}
        </button>
      );
    }
    render(
      <StaticRouter location="/blog">
        <Go />
      </StaticRouter>,
    );
    fireEvent.click(screen.getByRole("button"));
    expect(screen.getByRole("button").textContent).toBe(
      "/blog A <StaticRouter> cannot navigate: it renders one URL",
    );
  });

  it.each(["/", "/blog", "/blog/first", "/projects", "/nope"])(
    "the server's HTML at %s hydrates in the browser without a mismatch",
    async (url) => {
      const html = renderToString(
        <StaticRouter location={url}>
          <Site />
        </StaticRouter>,
      );
      const container = document.createElement("div");
      container.innerHTML = html;
      document.body.append(container);
      window.history.replaceState(null, "", url);
      const errors = vi.fn();
      const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
      await act(async () => {
        hydrateRoot(
          container,
          <BrowserRouter>
            <Site />
          </BrowserRouter>,
          { onRecoverableError: errors },
        );
      });
      const logged = consoleError.mock.calls.map((call) => String(call[0]));
      consoleError.mockRestore();
      expect(errors).not.toHaveBeenCalled();
      expect(logged).toEqual([]);
      expect(container.innerHTML).toBe(html);
      container.remove();
    },
  );
});
