import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app";
import { rememberDocumentScroll } from "./chrome/page-changes";
import { mountToaster } from "./document/hydrate";
import { keepDocumentSection, preloadSection } from "./federation/remote-route";
import { pushHistory } from "./navigation/history";
import { preloadPage, sectionOf } from "./routes";

// The app: one React root over #root, as every page was before islands
// (docs/decisions/0040-islands.md). It starts for the first client-side navigation
// (takeOver), or at once on a page that is all interactive (hydratePage: the admin).

function rootElement(): HTMLElement {
  const root = document.getElementById("root");
  if (!root) throw new Error("index.html has no #root");
  return root;
}

/** The code of what is at `path` (the shell's page chunk or the section's routes). */
async function preload(path: string): Promise<void> {
  const section = sectionOf(path);
  await Promise.all([
    preloadPage(path),
    section ? preloadSection(section).catch(() => {}) : undefined,
  ]);
}

/**
 * Hydrates the whole page the gateway sent (docs/decisions/0001-prerender-composition.md),
 * after fetching the code of what is on screen, so the first client render is that page,
 * as prerendered, not a 'Loading…' that would replace it.
 */
export async function hydratePage(): Promise<void> {
  const container = rootElement();
  await preload(window.location.pathname);
  mountToaster();
  await new Promise<void>((started) => {
    // In a transition, hydration yields to the browser every few milliseconds instead of
    // holding the main thread for the whole page (a tap during it is still handled).
    startTransition(() => {
      hydrateRoot(
        container,
        <StrictMode>
          <App onStarted={started} />
        </StrictMode>,
        {
          // Logged, so the end-to-end suite sees any hydration mismatch React recovered from.
          onRecoverableError(error, info) {
            console.error("[hydration] recoverable error:", error, info.componentStack ?? "");
          },
        },
      );
    });
  });
}

/**
 * The first client-side navigation on a page that arrived prerendered: once the new
 * page's code is here (the page being left stays on screen meanwhile), the URL moves and
 * the app renders the new page in place of the document's HTML, in one commit. From
 * then on the router navigates, as it always did.
 */
export async function takeOver(
  url: string,
  replace: boolean,
  beforeRender: () => void,
): Promise<void> {
  const container = rootElement();
  await preload(new URL(url, window.location.href).pathname);
  beforeRender();
  keepDocumentSection();
  rememberDocumentScroll();
  if (!pushHistory(url, replace)) {
    window.location.assign(url);
    return;
  }
  mountToaster();
  await new Promise<void>((started) => {
    createRoot(container).render(
      <StrictMode>
        <App arrived onStarted={started} />
      </StrictMode>,
    );
  });
}
