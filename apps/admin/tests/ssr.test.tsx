// @vitest-environment node
// ARCHITECTURE §7: the section renders with react-dom/server — no window, document or
// localStorage at module scope or during render. This file runs without a DOM at all.
import { createQueryClient } from "@portfolio/api-client/query";
import { Route, Routes } from "@portfolio/router";
import { MemoryRouter } from "@portfolio/router/memory";
import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import AdminRoutes from "../src/routes";
import { Dashboard } from "../src/routes/newsletter-admin/dashboard";
import { NotConfigured } from "../src/routes/newsletter-admin/not-configured";
import { SetupForm } from "../src/routes/newsletter-admin/setup-form";

const withQueries = (children: ReactNode) => (
  <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>
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
  });

  it("renders the dashboard (no data yet) and the not-configured notice", () => {
    const dashboard = renderToString(
      withQueries(
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
    const setup = renderToString(withQueries(<SetupForm token="t" onDone={() => {}} />));
    for (const text of ["Set up the admin", "User name", "Confirm password", "Set up and sign in"])
      expect(setup).toContain(text);
  });
});
