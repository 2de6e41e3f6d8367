import { useStaticRender } from "@portfolio/router";
import { Suspense, ViewTransition } from "react";
import { Outlet } from "react-router";
import { useNavigationPending } from "../navigation/site-router";
import { Footer } from "./footer";
import { Header } from "./header";
import { usePageChanges } from "./page-changes";
import { PROGRESS_BAR_CLASSES } from "./progress";
import { RouteAnnouncer } from "./route-announcer";

/**
 * The page frame: skip link, header, <main id="main">, footer, and the route announcer.
 * `arrived`: the first render is a navigation's (see App).
 */
export function Layout({ arrived = false }: { arrived?: boolean }) {
  usePageChanges(arrived);
  const navigating = useNavigationPending();
  // Not in the prerender: react-dom's static render of a <ViewTransition> adds an inline
  // script, which the page's CSP refuses (it renders no element, so hydration is alike).
  const animated = !useStaticRender();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <Header />
      {/* At least a screen tall (less the 4rem header), so the footer starts below the fold
          and content arriving after a lazy chunk or a remote loads pushes nothing visible. */}
      {/* The progress cue while a navigation's page is loading (the old page stays). */}
      {navigating ? (
        <div data-navigating aria-hidden="true" className={PROGRESS_BAR_CLASSES} />
      ) : null}
      <main
        id="main"
        tabIndex={-1}
        aria-busy={navigating || undefined}
        className="min-h-[calc(100dvh-4rem)] flex-1 outline-none"
      >
        {/* A page's chunk is loading (first visit only; navigation keeps the old page meanwhile). */}
        <Suspense fallback={<div aria-busy="true" />}>
          {/* The app's navigation fades the new page in over the one left, as the browser
              does between documents (styles.css; none under prefers-reduced-motion): the
              router renders each navigation in a transition, which React animates here. */}
          {animated ? (
            <ViewTransition>
              <Outlet />
            </ViewTransition>
          ) : (
            <Outlet />
          )}
        </Suspense>
      </main>
      <Footer />
      <RouteAnnouncer arrived={arrived} />
    </div>
  );
}
