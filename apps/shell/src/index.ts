// The stylesheet is part of the initial chunk, so index.html links it in <head>.
import "./styles.css";
import { PROGRESS_BAR_CLASSES } from "./chrome/progress";
import { takeEarlyClicks } from "./document/entry-loader";
import { type Islands, startIslands } from "./document/islands";
import { appNavigation, siteLinkOf } from "./document/links";
import { attachMenu } from "./document/menu";
import { browserNavigates, countWhenShown } from "./document/speculation";
import { attachThemeControl } from "./document/theme";
import { skipTransitionsOutOfTheSite } from "./document/transitions";
import { reportVitals } from "./lib/vitals";
import { pushHistory } from "./navigation/history";

// A page arrives prerendered and is left as the gateway sent it: no React runs until
// something needs it (docs/decisions/0040-islands.md). This entry, plain DOM, makes
// the chrome work from the first tap (theme, menu), adds an article's reading aids,
// hydrates each island when it is needed, and starts the app (the router) with the
// first click on a link of the site. The admin's page is one island, hydrated at once.

/** Marks the page ready for a visitor's input (the end-to-end suite waits for it). */
const ready = () => {
  document.documentElement.dataset.js = "ready";
};

/**
 * Search opens from the header's link, `/` (outside a field) and Ctrl/⌘-K; the palette
 * and the site's documents load on first use (document/search-palette.ts).
 */
function attachSearch(go: (url: string) => void) {
  // What is typed between the request and the palette showing (its code is loading) is
  // kept and put in its field, not lost to the page.
  let typed: string | undefined;
  const open = () => {
    if (typed !== undefined) return;
    typed = "";
    void import("./document/search-palette").then(
      (m) => {
        m.openSearchPalette(go, typed ?? "");
        typed = undefined;
      },
      () => {
        typed = undefined;
      },
    );
  };
  document.addEventListener("click", (event) => {
    const link = (event.target as Element).closest?.("[data-search-open]");
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    open();
  });
  document.addEventListener(
    "keydown",
    (event) => {
      if (typed === undefined) return;
      if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey)
        typed += event.key;
      if (event.key.length === 1 || event.key === "Enter") {
        event.preventDefault();
        event.stopImmediatePropagation();
      }
    },
    true,
  );
  document.addEventListener("keydown", (event) => {
    const target = event.target as HTMLElement;
    const typing = target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
    const slash = event.key === "/" && !typing && !event.ctrlKey && !event.metaKey && !event.altKey;
    const k = event.key.toLowerCase() === "k" && (event.ctrlKey || event.metaKey) && !event.altKey;
    if (!slash && !k) return;
    event.preventDefault();
    open();
  });
}

/** What on a page has reading aids (document/reading.ts). */
const READING_AIDS = ".with-copy-buttons, .article-body";

function startDocument() {
  let islands: Islands | undefined;
  let takingOver = false;
  let appRunning = false;
  // An article's or an edition's reading aids load with the pages that have them: the
  // others (and the admin) do not carry their code in the entry.
  let stopReading = () => {};
  // Finding the current section measures the headings: a layout that waits for nothing,
  // as this entry runs once the page is painted (document/entry-loader.ts).
  const readingAids = document.querySelector(READING_AIDS)
    ? import("./document/reading").then((m) => {
        if (!takingOver) stopReading = m.attachReadingAids();
      })
    : Promise.resolve();
  // Where the browser prerenders the pages links open (speculation rules), it shows them:
  // a link is a document navigation, the app never starts for one.
  const documentNavigation = browserNavigates();
  countWhenShown();

  /**
   * A navigation inside the site: the browser's where it prerenders; else the app's,
   * once it runs; before, the app starts for it.
   */
  const go = (url: string) => {
    if (documentNavigation) {
      window.location.assign(url);
      return;
    }
    if (!appRunning) {
      const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
      navigate(url, url === here);
      return;
    }
    // The router follows the history (as it does for Back): a link it did not render,
    // such as a search result's, navigates like one of its own.
    if (!pushHistory(url)) window.location.assign(url);
    else window.dispatchEvent(new PopStateEvent("popstate", { state: window.history.state }));
  };
  attachSearch(go);

  const navigate = (url: string, replace: boolean) => {
    if (documentNavigation) {
      if (replace) window.location.replace(url);
      else window.location.assign(url);
      return;
    }
    if (takingOver) return;
    takingOver = true;
    window.removeEventListener("popstate", onPopState);
    // The page being left stays, with the progress cue, until the new one can render.
    const cue = document.createElement("div");
    cue.dataset.navigating = "";
    cue.setAttribute("aria-hidden", "true");
    cue.className = PROGRESS_BAR_CLASSES;
    document.body.append(cue);
    document.getElementById("main")?.setAttribute("aria-busy", "true");
    import("./bootstrap")
      .then(({ takeOver }) =>
        takeOver(url, replace, () => {
          islands?.stop();
          stopReading();
        }),
      )
      .then(
        () => {
          cue.remove();
          appRunning = true;
        },
        () => window.location.assign(url), // the app's code did not load: load the page
      );
  };

  // A pointer on its way to a link, a finger on one, the focus on one: the app's code
  // starts loading, so the click that follows waits less for it (nothing runs unasked).
  const warmUp = (event: Event) => {
    if (documentNavigation || appRunning || takingOver || !siteLinkOf(event)) return;
    for (const type of INTENT) document.removeEventListener(type, warmUp, true);
    void import("./bootstrap");
  };
  const INTENT = ["pointerover", "touchstart", "focusin"] as const;
  for (const type of INTENT)
    document.addEventListener(type, warmUp, { capture: true, passive: true });

  // Links of the site: the browser's where it prerenders; React's own (<Link>) handle
  // their clicks once the app runs.
  document.addEventListener("click", (event) => {
    if (documentNavigation) return;
    const url = appNavigation(event);
    if (!url) return;
    event.preventDefault();
    if (takingOver && !appRunning) return; // the app is starting for the click before
    go(url);
  });

  // The URL moved to another page without a document load (a script's pushState, then
  // popstate, as the router's own navigation does): the app renders it. A fragment of
  // this page (an anchor, #site-nav) is the browser's.
  const loadedAt = `${window.location.pathname}${window.location.search}`;
  const onPopState = () => {
    const { pathname, search, hash } = window.location;
    if (`${pathname}${search}` !== loadedAt) navigate(`${pathname}${search}${hash}`, true);
  };
  window.addEventListener("popstate", onPopState);

  const hydrator = () => import("./document/hydrate").then((m) => m.islandHydrator(navigate));
  islands = startIslands(hydrator, (retry) => {
    void import("./document/hydrate").then((m) => m.showUnavailable(retry));
  });
  void Promise.all([islands.loaded, readingAids.catch(() => {})]).then(ready);
}

const admin = document.querySelector('[data-section="admin"]') !== null;
// First: the page's errors count from here on (docs/decisions/0059-canary-releases.md).
if (!admin) reportVitals();
attachThemeControl();
attachMenu();
// A tap on the theme or menu button while this script was loading (it loads after the
// first paint: document/entry-loader.ts) is answered now.
for (const button of takeEarlyClicks()) if (button.isConnected) button.click();
skipTransitionsOutOfTheSite();
// The admin's page is one island, all interactive (docs/decisions/0061-react-router.md),
// started like any page's once it is painted (0029, 0067); its other links lead to the
// public origin.
startDocument();
