import { site } from "@portfolio/content";
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
  it("/newsletter is DevOps Digest with its three badges", () => {
    renderAt("/newsletter");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(/^DevOps Digest$/);
    const badges = screen.getAllByRole("listitem").map((li) => li.textContent);
    expect(badges).toEqual(["Monthly", `${site.stats.newsletterSubscribers} Subscribers`, "Zero Spam"]);
    expect(badges[1]).toBe("35 Subscribers");
  });

  it("has Home and Back to Blog links", () => {
    renderAt("/newsletter");
    expect(screen.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    expect(screen.getByRole("link", { name: "Back to Blog" })).toHaveAttribute("href", "/blog");
  });

  it("an unknown sub-path is not found", () => {
    renderAt("/newsletter/archive");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("404 Page Not Found");
  });
});
