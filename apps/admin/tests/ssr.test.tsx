// @vitest-environment node
// Prerendered pages (docs/decisions/0001): the section renders with react-dom/server — no window, document or
// localStorage at module scope or during render. This file runs without a DOM at all.

import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter, Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import AdminRoutes from "../src/routes";
import { Dashboard } from "../src/routes/site-admin/dashboard";
import { NotConfigured } from "../src/routes/site-admin/not-configured";
import { type Session, SessionContext } from "../src/routes/site-admin/session";
import { SetupForm } from "../src/routes/site-admin/setup-form";

const signedIn: Session = {
  data: { authenticated: true, user: "admin", expiresAt: "2025-07-01T12:00:00Z" },
  confirmed: true,
  error: undefined,
  isError: false,
  refetch: async () => {},
  set: () => {},
};
const withSession = (children: ReactNode) => (
  <SessionContext value={signedIn}>{children}</SessionContext>
);

describe("server rendering", () => {
  it("runs without a DOM", () => {
    expect(typeof window).toBe("undefined");
    expect(typeof document).toBe("undefined");
  });

  it("renders /admin/newsletter (session not yet known) with one h1", () => {
    const html = renderToString(
      <MemoryRouter initialEntries={["/admin/newsletter"]}>
        <Routes>
          <Route path="/admin/*" element={<AdminRoutes />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(html).toContain("Newsletter Admin");
    expect(html).toContain("Checking your session…");
    // Without JavaScript nothing checks it: a <noscript> says the admin needs it.
    expect(html).toMatch(/<noscript><p[^>]*>The admin needs JavaScript\./);
  });

  it("renders the dashboard (no data yet) and the not-configured notice", () => {
    const dashboard = renderToString(
      withSession(
        <Dashboard
          session={{ authenticated: true, user: "admin", expiresAt: "2025-07-01T12:00:00Z" }}
        />,
      ),
    );
    for (const text of [
      "Signed in as",
      "Total Subscribers",
      "Editions",
      "Subscribers",
      "Contact messages",
      "Setup notes",
    ]) {
      expect(dashboard).toContain(text);
    }
    expect(renderToString(<NotConfigured />)).toContain("PORTFOLIO_ADMIN_PASSWORD_HASH");
    const setup = renderToString(withSession(<SetupForm token="t" onDone={() => {}} />));
    for (const text of ["Set up the admin", "User name", "Confirm password", "Set up and sign in"])
      expect(setup).toContain(text);
  });
});
