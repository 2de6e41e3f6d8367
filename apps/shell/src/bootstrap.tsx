import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app";
import { preloadSection } from "./federation/remote-route";
import { preloadPage, sectionOf } from "./routes";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root");
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// The gateway sends every page prerendered (docs/decisions/0001-prerender-composition.md):
// hydrate it. Before that, fetch the code of what is on screen (the shell's page chunk
// or the section's routes) so the first client render is that page, as prerendered,
// not a 'Loading…' that would replace it.
async function start(container: HTMLElement) {
  const path = window.location.pathname;
  const section = sectionOf(path);
  await Promise.all([
    preloadPage(path),
    section ? preloadSection(section).catch(() => {}) : undefined,
  ]);
  if (!container.firstElementChild) {
    createRoot(container).render(app);
    return;
  }
  // In a transition, hydration yields to the browser every few milliseconds instead of
  // holding the main thread for the whole page (a tap during it is still handled).
  startTransition(() => {
    hydrateRoot(container, app, {
      // Logged, so the end-to-end suite sees any hydration mismatch React recovered from.
      onRecoverableError(error, info) {
        console.error("[hydration] recoverable error:", error, info.componentStack ?? "");
      },
    });
  });
}

void start(root);
