import { render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import BlogRoutes from "../src/routes";

// As the shell mounts it: <Route path="/blog/*">.
function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/blog/*" element={<BlogRoutes />} />
      </Routes>
    </MemoryRouter>,
  );
}

const h1 = () => screen.getByRole("heading", { level: 1 });

describe("blog routes", () => {
  it("/blog is 'Latest Blog Posts' with a link to all posts", () => {
    renderAt("/blog");
    expect(h1()).toHaveTextContent(/^Latest Blog Posts$/);
    expect(screen.getByRole("link", { name: "View All Posts" })).toHaveAttribute("href", "/blog/all-posts");
  });

  it("/blog/all-posts is 'All Blog Posts'", () => {
    renderAt("/blog/all-posts");
    expect(h1()).toHaveTextContent(/^All Blog Posts$/);
  });

  it.each([
    ["/blog/kubernetes-security", /kubernetes/i],
    ["/blog/terraform-guide", /terraform/i],
    ["/blog/microservices-monitoring", /monitoring/i],
  ])("%s is its article", (path, title) => {
    renderAt(path);
    expect(h1()).toHaveTextContent(title);
  });

  it.each(["/blog/no-such-post", "/blog/all-posts/extra"])("%s is not found inside the section", (path) => {
    renderAt(path);
    expect(h1()).toHaveTextContent("404 Page Not Found");
    expect(screen.getByRole("link", { name: "Back to Blog" })).toHaveAttribute("href", "/blog");
  });
});
