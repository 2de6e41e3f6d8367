// The transition between documents (styles.css: @view-transition) when a link leaves
// the page. Only a page of the site takes part in it: a feed or a file (/rss.xml) opens
// in a document without the stylesheet, where the browser aborts the transition with an
// error no script of ours can catch. So the page being left skips it first.
import { isPageOfThisOrigin } from "./links";

/** The part of the `pageswap` event used here (not in TypeScript's DOM types yet). */
interface PageSwap extends Event {
  activation?: { entry?: { url?: string } | null } | null;
  viewTransition?: {
    ready: Promise<void>;
    finished: Promise<void>;
    updateCallbackDone: Promise<void>;
    skipTransition(): void;
  } | null;
}

/** Skips the transition to a document that is not a page of the site. */
export function skipTransitionsOutOfTheSite(): void {
  window.addEventListener("pageswap", (event) => {
    const { activation, viewTransition: transition } = event as PageSwap;
    const to = activation?.entry?.url;
    if (!transition || (to && isPageOfThisOrigin(new URL(to)))) return;
    // Skipping rejects its promises, which nothing else awaits.
    const ignore = () => {};
    transition.ready.catch(ignore);
    transition.finished.catch(ignore);
    transition.updateCallbackDone.catch(ignore);
    transition.skipTransition();
  });
}
