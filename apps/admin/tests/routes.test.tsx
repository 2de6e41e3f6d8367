import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createFakeAdminApi } from "./fake-admin-api";
import { renderAt } from "./render";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("admin routes", () => {
  it("/admin/newsletter is 'Newsletter Admin'", async () => {
    createFakeAdminApi();
    renderAt("/admin/newsletter");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(/^Newsletter Admin$/);
    expect(await screen.findByRole("form", { name: "Admin sign in" })).toBeInTheDocument();
  });

  it.each(["/admin", "/admin/users"])("%s is not found inside the section", (path) => {
    renderAt(path);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("404 Page Not Found");
  });
});
