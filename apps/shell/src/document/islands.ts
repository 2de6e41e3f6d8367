import type { Hydrate } from "@portfolio/router";

/** What hydrates one island (./hydrate.tsx, with React: loaded with the first island). */
export interface IslandRoot {
  unmount(): void;
}
export type HydrateOne = (
  element: HTMLElement,
  name: string,
  props: Record<string, unknown>,
) => Promise<IslandRoot>;

/** How far below the screen a `visible` island may still be when it starts hydrating. */
const NEAR = "0px 0px 200px 0px";

// The first signs that a visitor is about to use an island: any of them starts its
// hydration (pointerover: a mouse on its way to a tooltip or a button).
const INTENT = ["pointerover", "pointerdown", "touchstart", "focusin", "keydown"] as const;

interface Island {
  element: HTMLElement;
  name: string;
  hydrate: Hydrate;
  root?: IslandRoot;
  /** Hydrating or hydrated. */
  started?: Promise<void>;
  /** Its code could not load: it stays plain HTML (a form posts as without JavaScript). */
  failed?: boolean;
  /** A button clicked, or a form submitted, before the island was hydrated. */
  replay?: () => void;
  stop: (() => void)[];
}

export interface Islands {
  /** Every `load` island hydrated (or failed). */
  loaded: Promise<void>;
  /** Hydrates the islands that failed again (the notice's 'Try again'). */
  retry(): void;
  /** Unmounts every island and stops waiting: the app takes the page over. */
  stop(): void;
}

/**
 * What the visitor was doing inside the island while it hydrated, told to it again:
 * the pointer resting on it (a tooltip's trigger listens for it), the focus in it.
 */
function showIntent(element: HTMLElement): void {
  const hovered = [...element.querySelectorAll(":hover")].at(-1);
  hovered?.dispatchEvent(new PointerEvent("pointerover", { bubbles: true, pointerType: "mouse" }));
  const focused = document.activeElement;
  if (focused instanceof HTMLElement && element.contains(focused))
    focused.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
}

/**
 * Finds the page's islands (<Island> in @portfolio/router: `data-island`, `data-hydrate`,
 * `data-props`) and hydrates each when it is needed. Until then a click on one of its
 * buttons, or a submit of its form, is held back and done again once it is hydrated, so
 * nothing a visitor does in the meantime is lost (a form does not post the page away).
 */
export function startIslands(
  hydrateOne: () => Promise<HydrateOne>,
  onFailed: (retry: () => void) => void,
): Islands {
  const islands: Island[] = [...document.querySelectorAll<HTMLElement>("[data-island]")]
    // An island inside another is part of it.
    .filter((element) => !element.parentElement?.closest("[data-island]"))
    .map((element) => ({
      element,
      name: element.dataset.island ?? "",
      hydrate: (element.dataset.hydrate as Hydrate | undefined) ?? "interaction",
      stop: [],
    }));

  const start = (island: Island): Promise<void> => {
    island.started ??= (async () => {
      const props = JSON.parse(island.element.dataset.props ?? "{}") as Record<string, unknown>;
      island.root = await (await hydrateOne())(island.element, island.name, props);
      island.element.dataset.hydrated = "";
      for (const stop of island.stop.splice(0)) stop();
      const replay = island.replay;
      island.replay = undefined;
      if (replay) replay();
      else showIntent(island.element);
    })().catch((error: unknown) => {
      console.error(`island ${island.name} could not be hydrated`, error);
      for (const stop of island.stop.splice(0)) stop();
      island.started = undefined;
      island.replay = undefined;
      island.failed = true;
      onFailed(retry);
    });
    return island.started;
  };

  // Capture phase, on the island: before any of the page's own listeners see it.
  const holdBack = (island: Island) => {
    const onClick = (event: MouseEvent) => {
      const button = (event.target as Element).closest?.("button");
      if (!button || island.root) return;
      event.preventDefault();
      event.stopPropagation();
      island.replay = () => button.click();
      void start(island);
    };
    const onSubmit = (event: SubmitEvent) => {
      if (island.root) return;
      const form = event.target as HTMLFormElement;
      const submitter = event.submitter;
      event.preventDefault();
      event.stopPropagation();
      island.replay = () => form.requestSubmit(submitter);
      void start(island);
    };
    island.element.addEventListener("click", onClick, true);
    island.element.addEventListener("submit", onSubmit, true);
    island.stop.push(() => {
      island.element.removeEventListener("click", onClick, true);
      island.element.removeEventListener("submit", onSubmit, true);
    });
  };

  const whenNeeded = (island: Island) => {
    if (island.hydrate === "visible" && typeof IntersectionObserver !== "undefined") {
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) void start(island);
        },
        { rootMargin: NEAR },
      );
      // The wrapper is display: contents (no box): watch what it holds.
      for (const child of island.element.children) observer.observe(child);
      island.stop.push(() => observer.disconnect());
    }
    const onIntent = () => void start(island);
    for (const type of INTENT)
      island.element.addEventListener(type, onIntent, { capture: true, passive: true });
    island.stop.push(() => {
      for (const type of INTENT) island.element.removeEventListener(type, onIntent, true);
    });
  };

  const loads: Promise<void>[] = [];
  for (const island of islands) {
    holdBack(island);
    if (island.hydrate === "load") loads.push(start(island));
    else whenNeeded(island);
  }

  const retry = () => {
    for (const island of islands) {
      if (!island.failed) continue;
      island.failed = false;
      holdBack(island);
      void start(island);
    }
  };
  return {
    loaded: Promise.all(loads).then(() => undefined),
    retry,
    stop() {
      for (const island of islands) {
        for (const stop of island.stop.splice(0)) stop();
        island.root?.unmount();
      }
    },
  };
}
