import { Toaster } from "@portfolio/ui/toaster";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { expect } from "vitest";
import AdminRoutes from "../src/routes";

/** The admin section as the shell mounts it (<Route path="/admin/*">), with the host's <Toaster>. */
export function renderAt(path = "/admin/newsletter") {
  const user = userEvent.setup();
  const view = render(
    <>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/admin/*" element={<AdminRoutes />} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </>,
  );
  return { user, ...view };
}

/** The open toast in the host's 'Notifications (F8)' region (at most one). */
export async function findToast() {
  const region = await screen.findByRole("region", { name: "Notifications (F8)" });
  const toasts = await within(region).findAllByRole("listitem");
  expect(toasts).toHaveLength(1);
  return toasts[0]!;
}
