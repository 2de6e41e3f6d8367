import { hydrateIslandRoot } from "@portfolio/router/island-root";
import type { IslandComponent } from "@portfolio/router/loaders";
import { DialogContainer } from "@portfolio/ui/dialog-container";
import { Toaster } from "@portfolio/ui/toaster";
import { createRoot } from "react-dom/client";
import { UnavailableNotice } from "../federation/remote-route";
import { loadRemoteIslands } from "../federation/remotes";
import { islands as shellIslands } from "../islands";
import type { HydrateOne, IslandRoot } from "./islands";

/** An island's component: the shell's own, or a remote section's (through federation). */
async function loadIsland(name: string): Promise<IslandComponent> {
  const [owner = "", island = ""] = name.split(":");
  const registry = owner === "shell" ? shellIslands : (await loadRemoteIslands(owner)).islands;
  const load = registry[island];
  if (!load) throw new Error(`no island "${name}"`);
  return load();
}

let toaster: IslandRoot | undefined;

/**
 * The page's toasts: a root of their own beside #root, mounted with the first island
 * (any island may raise one) or the app, and kept for the page's lifetime, so a toast
 * outlives the island that raised it and the app taking the page over.
 */
export function mountToaster(): void {
  if (toaster) return;
  const container = document.createElement("div");
  container.dataset.toaster = "";
  document.body.append(container);
  const root = createRoot(container);
  root.render(<Toaster />);
  toaster = root;
}

/**
 * Hydrates one island; resolves once its handlers are attached. An island that takes a
 * router gets the document's (react-router's code loads with its own); one that takes
 * none (`data-router="none"`: the admin's page) hydrates without that code. A section's
 * dialogs open inside its root, as in the app (federation/remote-route.tsx), so that its
 * scoped stylesheet reaches them.
 */
export function islandHydrator(onNavigate: (url: string, replace: boolean) => void): HydrateOne {
  return async (element, name, props) => {
    const [Component, routing] = await Promise.all([
      loadIsland(name),
      element.dataset.router === "none" ? undefined : import("@portfolio/router/islands"),
    ]);
    mountToaster();
    const island = (
      <DialogContainer.Provider value={element.closest<HTMLElement>("[data-section]")}>
        <Component {...props} />
      </DialogContainer.Provider>
    );
    return new Promise<IslandRoot>((resolve) => {
      const root = hydrateIslandRoot(
        element,
        name,
        routing ? routing.inDocumentRouter(island, onNavigate) : island,
        () => resolve(root),
      );
    });
  };
}

let notice: { root: IslandRoot; container: HTMLElement } | undefined;

/**
 * An island's code could not load (its section is down): the page stays as it is, with
 * a notice at the top of <main> that its interactive parts are unavailable, whose
 * 'Try again' hydrates the failed islands again.
 */
export function showUnavailable(retry: () => void): void {
  if (notice) return;
  const main = document.getElementById("main");
  if (!main) return;
  const container = document.createElement("div");
  main.prepend(container);
  const root = createRoot(container);
  notice = { root, container };
  root.render(
    <UnavailableNotice
      onRetry={() => {
        notice?.root.unmount();
        notice?.container.remove();
        notice = undefined;
        retry();
      }}
    />,
  );
}
