import { render } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import BlogRoutes from "../src/routes";

/** Where the router is: rendered beside the section so tests can see navigation. */
function CurrentPath() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

/** The blog section as the shell mounts it: <Route path="/blog/*">. */
export function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/blog/*" element={<BlogRoutes />} />
        <Route path="*" element={<p>outside the blog</p>} />
      </Routes>
      <CurrentPath />
    </MemoryRouter>,
  );
}
