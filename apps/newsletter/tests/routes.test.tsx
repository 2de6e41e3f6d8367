import { render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import NewsletterRoutes from "../src/routes";

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/newsletter/*" element={<NewsletterRoutes />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe("newsletter routes", () => {
  it("/newsletter is DevOps Digest", () => {
    renderAt("/newsletter");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(/^DevOps Digest$/);
  });

  it("an unknown sub-path is not found", () => {
    renderAt("/newsletter/archive");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("404 Page Not Found");
  });
});
