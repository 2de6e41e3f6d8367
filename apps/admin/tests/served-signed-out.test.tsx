// The page served signed out (docs/decisions/0068-the-admin-page-served-signed-out.md):
// the browser hydrates the build's HTML of the sign-in form as the shell hydrates an
// island, and the session probe still decides.
import { hydrateIslandRoot } from "@portfolio/router/island-root";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderSignedOut } from "../src/prerender";
import { SiteAdmin } from "../src/routes/site-admin";
import { ADMIN_USER, createFakeAdminApi, deferred, json } from "./fake-admin-api";

let unmount: (() => void) | undefined;
afterEach(() => {
  act(() => unmount?.());
  document.body.innerHTML = "";
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The served HTML in the document, hydrated; resolves once hydrated. */
async function hydrateServed() {
  document.body.innerHTML = await renderSignedOut();
  const island = document.querySelector<HTMLElement>("[data-island]")!;
  const props = JSON.parse(island.dataset.props ?? "{}");
  const form = screen.getByRole("form", { name: "Admin sign in" });
  const errors = vi.spyOn(console, "error");
  let hydrated = false;
  // act() flushes the hydration and its effects before it returns.
  await act(async () => {
    const root = hydrateIslandRoot(island, "admin:site-admin", <SiteAdmin {...props} />, () => {
      hydrated = true;
    });
    unmount = () => root.unmount();
  });
  expect(hydrated).toBe(true);
  return { form, errors };
}

describe("the page served signed out", () => {
  it("hydrates the sign-in form in the HTML without a mismatch, keeps what was typed, and still asks", async () => {
    const api = createFakeAdminApi();
    const probe = deferred<Response>();
    api.on("GET", "/api/admin/session", () => probe.promise);
    const user = userEvent.setup();
    const { form, errors } = await hydrateServed();
    // The same element, hydrated: typed into at once, no 'Checking your session…' first.
    expect(screen.getByRole("form", { name: "Admin sign in" })).toBe(form);
    expect(screen.queryByText("Checking your session…")).not.toBeInTheDocument();
    await user.type(within(form).getByLabelText("User name"), ADMIN_USER);
    probe.resolve(json(200, { authenticated: false, configured: true }));
    // StrictMode (as the shell hydrates) asks twice in development.
    await waitFor(() => expect(api.callsTo("GET", "/api/admin/session").length).toBeGreaterThan(0));
    await act(async () => {});
    expect(screen.getByRole("form", { name: "Admin sign in" })).toBe(form);
    expect(within(form).getByLabelText("User name")).toHaveValue(ADMIN_USER);
    expect(within(form).getByLabelText("User name")).toHaveFocus();
    expect(screen.getByRole("status")).toHaveTextContent("");
    // A mismatch React recovered from is logged by hydrateIslandRoot ("[hydration] …").
    expect(errors.mock.calls.filter(([message]) => /hydrat/i.test(String(message)))).toEqual([]);
  });

  it("shows the dashboard when the probe finds a session the request did not carry, without calling it signing in", async () => {
    createFakeAdminApi({ signedIn: true });
    await hydrateServed();
    const greeting = await screen.findByText(/Signed in as/);
    expect(greeting).toHaveTextContent(`Signed in as ${ADMIN_USER}`);
    expect(screen.queryByRole("form", { name: "Admin sign in" })).not.toBeInTheDocument();
    // First load, not a change: nothing announced, the focus left where it was.
    expect(screen.queryByText("Signed in.")).not.toBeInTheDocument();
    expect(greeting).not.toHaveFocus();
  });
});
