/**
 * A remote's standalone page (each remote's src/standalone.tsx, for `rsbuild dev` only):
 * the section alone, mounted as the shell mounts it and inside the providers the shell
 * gives it, in react-router's BrowserRouter (the remote's build gives this page the
 * shared react-router its section uses: one router context).
 */
import { type ReactNode, StrictMode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { BrowserRouter, Navigate, Route, Routes } from "react-router";
import type { SectionMount } from "./section";

export interface StandaloneSection extends SectionMount {
  /** Where every other path goes (the section's first page). */
  home: string;
  /** Rendered beside the router inside the providers, as in the shell: the toasts. */
  toaster: ReactNode;
}

/** Renders the section into the page's #root; returns the React root. */
export function renderStandalone({
  base,
  home,
  Section,
  Providers,
  toaster,
}: StandaloneSection): Root {
  const container = document.getElementById("root");
  if (!container) throw new Error("no #root");
  const root = createRoot(container);
  root.render(
    <StrictMode>
      <Providers>
        <BrowserRouter>
          <main id="main">
            <Routes>
              <Route caseSensitive path={`/${base}/*`} element={<Section />} />
              <Route path="*" element={<Navigate to={home} replace />} />
            </Routes>
          </main>
        </BrowserRouter>
        {toaster}
      </Providers>
    </StrictMode>,
  );
  return root;
}
