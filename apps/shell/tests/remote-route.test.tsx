import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Suspense } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";

const loadRemoteRoutes = vi.fn();
const refreshRemote = vi.fn();
vi.mock("../src/federation/remotes", () => ({
  loadRemoteRoutes: (...args: unknown[]) => loadRemoteRoutes(...args),
  refreshRemote: (...args: unknown[]) => refreshRemote(...args),
}));

// The module keeps one lazy component per remote for the page's lifetime; fresh per test.
let RemoteRoute: typeof import("../src/federation/remote-route").RemoteRoute;
beforeEach(async () => {
  vi.resetModules();
  loadRemoteRoutes.mockReset();
  refreshRemote.mockReset().mockResolvedValue(false);
  ({ RemoteRoute } = await import("../src/federation/remote-route"));
  vi.spyOn(console, "error").mockImplementation(() => {}); // React reports caught errors
});

const Section = () => <h1>Latest Blog Posts</h1>;

describe("RemoteRoute", () => {
  it("on its first load suspends to the page's boundary, with no 'Loading…' of its own, then shows the section", async () => {
    let resolve!: (m: { default: typeof Section }) => void;
    loadRemoteRoutes.mockReturnValue(new Promise((r) => (resolve = r)));
    // The layout's boundary: within a navigation's transition it keeps the old page.
    render(
      <Suspense fallback={<p>the page's boundary</p>}>
        <RemoteRoute name="blog" />
      </Suspense>,
    );
    expect(screen.getByText("the page's boundary")).toBeInTheDocument();
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    resolve({ default: Section });
    expect(await screen.findByRole("heading", { name: "Latest Blog Posts" })).toBeInTheDocument();
    expect(loadRemoteRoutes).toHaveBeenCalledWith("blog", { fresh: false });
  });

  it("shows the fallback when loading fails, and 'Try again' loads afresh in place", async () => {
    loadRemoteRoutes
      .mockRejectedValueOnce(new Error("manifest 500"))
      .mockResolvedValueOnce({ default: Section });
    render(<RemoteRoute name="blog" />);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("This section could not be loaded");
    await userEvent.setup().click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { name: "Latest Blog Posts" })).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(loadRemoteRoutes).toHaveBeenLastCalledWith("blog", { fresh: true });
  });

  it("shows the fallback when the section throws while rendering", async () => {
    loadRemoteRoutes.mockResolvedValue({
      default: () => {
        throw new Error("boom");
      },
    });
    render(<RemoteRoute name="admin" />);
    expect(await screen.findByRole("alert")).toHaveTextContent("This section could not be loaded");
  });

  it("loads a section once, however often it is mounted", async () => {
    loadRemoteRoutes.mockResolvedValue({ default: Section });
    const { unmount } = render(<RemoteRoute name="blog" />);
    await screen.findByRole("heading", { name: "Latest Blog Posts" });
    unmount();
    render(<RemoteRoute name="blog" />);
    await screen.findByRole("heading", { name: "Latest Blog Posts" });
    expect(loadRemoteRoutes).toHaveBeenCalledTimes(1);
  });

  it("entering a section after a newer release was promoted loads that one, the old page staying until it renders", async () => {
    loadRemoteRoutes.mockResolvedValueOnce({ default: Section });
    const { unmount } = render(<RemoteRoute name="blog" />);
    await screen.findByRole("heading", { name: "Latest Blog Posts" });
    unmount();

    let resolve!: (m: { default: () => React.JSX.Element }) => void;
    loadRemoteRoutes.mockReturnValueOnce(new Promise((r) => (resolve = r)));
    refreshRemote.mockResolvedValueOnce(true); // remotes.json now names another version
    render(<RemoteRoute name="blog" />);
    await vi.waitFor(() => expect(loadRemoteRoutes).toHaveBeenCalledTimes(2));
    expect(loadRemoteRoutes).toHaveBeenLastCalledWith("blog", { fresh: true });
    expect(screen.getByRole("heading", { name: "Latest Blog Posts" })).toBeInTheDocument();
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    resolve({ default: () => <h1>Latest Blog Posts (v2)</h1> });
    expect(
      await screen.findByRole("heading", { name: "Latest Blog Posts (v2)" }),
    ).toBeInTheDocument();
  });
});
