import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app";
import { rememberDocumentScroll } from "./chrome/page-changes";
import { mountToaster } from "./document/hydrate";
import { keepDocumentSection, preloadSection } from "./federation/remote-route";
import { pushHistory } from "./navigation/history";
import { preloadPage, sectionOf } from "./routes";

// The app: one React root over #root, as every page was before islands
// (docs/decisions/0040-islands.md). It starts for the first client-side navigation
// (takeOver).

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
