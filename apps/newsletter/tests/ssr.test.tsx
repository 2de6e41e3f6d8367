// @vitest-environment node
// Prerendered pages (docs/decisions/0001): the section renders with react-dom/server — no window, document or
// localStorage at module scope or during render. This file runs without a DOM at all.

import { renderToString } from "react-dom/server";
import { MemoryRouter, Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import NewsletterRoutes from "../src/routes";

const render = (url: string) =>
  renderToString(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/newsletter/*" element={<NewsletterRoutes />} />
      </Routes>
    </MemoryRouter>,
  );

describe("server rendering", () => {
  it("runs without a DOM", () => {
    expect(typeof window).toBe("undefined");
    expect(typeof document).toBe("undefined");
  });

  it("/newsletter renders to HTML: one h1 and a form that posts without JavaScript", () => {
    const html = render("/newsletter");
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    const form = html.match(/<form[^>]*>/)?.[0] ?? "";
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/"');
    expect(form).not.toMatch(/novalidate/i); // the browser checks the form until the script runs
    expect(html).toContain('name="form-name" value="newsletter"');
    expect(html).toContain('name="website"');
    expect(html).toContain("35 Subscribers");
    expect(html.match(/<article /g)).toHaveLength(6);
  });

  it("an unknown sub-path renders the section's 404", () => {
    expect(render("/newsletter/nope")).toContain("404 Page Not Found");
  });
});
