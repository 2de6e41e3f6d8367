/**
 * Islands (docs/decisions/0040-islands.md): the parts of a prerendered page a visitor
 * can interact with. After a document load each is hydrated as a React root of its own
 * when it is needed (`hydrate`); the rest of the page stays the HTML the build wrote and
 * is never hydrated. Once the app runs (after the first client-side navigation) an
 * island is just its component, rendered in place inside the app's tree.
 *
 * In the browser an island is found again by `name` ("<owner>:<island>", the owner being
 * "shell" or a remote section), so its component takes JSON props only and renders its
 * links with absolute paths: it renders without the routes around it.
 */
import { type ComponentType, createContext, type ReactElement, useContext } from "react";

/**
 * When an island hydrates: `load` as the page starts, `visible` when it comes near the
 * screen, `interaction` on the first pointer, key or focus inside it (what happened
 * before its code arrived is replayed: a click on a button, a form's submit).
 */
export type Hydrate = "load" | "visible" | "interaction";

/** The prerender's collector: an island's element is rendered apart, as its own root. */
export interface IslandCollector {
  /** Keeps the element; returns the slot number the prerender fills. */
  add(name: string, element: ReactElement, routed: boolean): number;
}

export const IslandSlots = createContext<IslandCollector | null>(null);

/** React ids of an island's root (useId): the same in the prerender and in the browser. */
export const islandIdPrefix = (name: string) => `${name.replace(/[^a-z0-9-]/gi, "-")}-`;

export function Island<P extends object>({
  name,
  hydrate,
  component: Component,
  props,
  router = true,
}: {
  name: string;
  hydrate: Hydrate;
  component: ComponentType<P>;
  props: P;
  /**
   * Whether it renders inside a router (its links, useNavigate). False for one that uses
   * none of the router: after a document load it hydrates without react-router's code
   * (the admin's page, on an origin where every other link is a document load), and the
   * prerender renders it without a router too, so a router hook in it fails the build.
   */
  router?: boolean;
}) {
  const slots = useContext(IslandSlots);
  const element = <Component {...props} />;
  return (
    <div
      data-island={name}
      data-hydrate={hydrate}
      data-router={router ? undefined : "none"}
      data-props={Object.keys(props).length > 0 ? JSON.stringify(props) : undefined}
      className="contents"
    >
      {slots ? <template data-island-slot={slots.add(name, element, router)} /> : element}
    </div>
  );
}

/** Whether this render is the build's (renderStatic), not the browser's. */
export function useStaticRender(): boolean {
  return useContext(IslandSlots) !== null;
}
