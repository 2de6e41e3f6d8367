import { render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import AdminRoutes from "../src/routes";

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/*" element={<AdminRoutes />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe("admin routes", () => {
  it("/admin/newsletter is 'Newsletter Admin' with its stat cards", () => {
    renderAt("/admin/newsletter");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(/^Newsletter Admin$/);
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual([
      "Total Subscribers",
      "Published Editions",
      "Schedule",
    ]);
    expect(screen.getByText("Monthly")).toBeInTheDocument();
  });

  it.each(["/admin", "/admin/users"])("%s is not found inside the section", (path) => {
    renderAt(path);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("404 Page Not Found");
  });
});
