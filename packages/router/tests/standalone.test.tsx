// @vitest-environment jsdom
// A remote's standalone dev page: the section at its own paths inside the providers, any
// other path sent to the section's first page, and the toaster beside the router.
import { act, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import type { Root } from "react-dom/client";
import { Route, Routes, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { renderStandalone } from "../src/standalone";

function Section() {
  const { pathname } = useLocation();
  return (
    <Routes>
      <Route index element={<h1>{`home at ${pathname}`}</h1>} />
      <Route path=":slug" element={<h1>{`page at ${pathname}`}</h1>} />
    </Routes>
  );
}

function Providers({ children }: { children: ReactNode }) {
  return <div data-testid="providers">{children}</div>;
}

let root: Root | undefined;
async function renderAt(path: string) {
  window.history.replaceState(null, "", path);
  await act(async () => {
    root = renderStandalone({
      base: "blog",
      home: "/blog",
      Section,
      Providers,
      toaster: <aside aria-label="toasts" />,
    });
  });
}

describe("renderStandalone", () => {
  beforeEach(() => {
    document.body.innerHTML = '<div id="root"></div>';
  });
  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    document.body.innerHTML = "";
  });

  it("renders the section's page in <main id=main> inside the providers, the toaster beside it", async () => {
    await renderAt("/blog/first-post");
    const heading = screen.getByRole("heading", { level: 1 });
    expect(heading.textContent).toBe("page at /blog/first-post");
    const main = screen.getByRole("main");
    expect(main.id).toBe("main");
    expect(main.contains(heading)).toBe(true);
    const toaster = screen.getByRole("complementary", { name: "toasts" });
    expect(main.contains(toaster)).toBe(false);
    const providers = screen.getByTestId("providers");
    expect([providers.contains(main), providers.contains(toaster)]).toEqual([true, true]);
  });

  it("sends any other path to the section's first page", async () => {
    await renderAt("/elsewhere");
    expect(window.location.pathname).toBe("/blog");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("home at /blog");
  });

  it("fails without a #root to render into", () => {
    document.body.innerHTML = "";
    expect(() =>
      renderStandalone({ base: "blog", home: "/blog", Section, Providers, toaster: null }),
    ).toThrow("no #root");
  });
});
