import { ThemeProvider } from "@portfolio/ui/theme-provider";
import { type ComponentType, type ReactNode, useEffect } from "react";
import { SiteRouter } from "./navigation/site-router";
import { AppRoutes } from "./routes";

/**
 * The providers every page and every remote renders inside: theme and router. Remotes
 * get them because react, react-router and @portfolio/ui are shared singletons.
 * The toasts are a root of their own beside this one (document/hydrate.tsx). Tooltips need no provider here: a <Tooltip> brings its own with the site's
 * delays (700 ms, skip 300 ms), and a section with many wraps them in <TooltipProvider>,
 * which keeps Radix Tooltip off the first load.
 *
 * `router` is SiteRouter (react-router over the browser's history) in the browser and
 * react-router's StaticRouter at one URL in the
 * prerender (src/prerender.tsx): the rest of the tree is the same, so it hydrates.
 * `arrived`: the app took over a page that arrived prerendered, for a navigation: its
 * first render is that navigation's page (to the top, announced), not the document's.
 */
export function App({
  router: Router = SiteRouter,
  arrived = false,
  onStarted,
}: {
  router?: ComponentType<{ children: ReactNode }>;
  arrived?: boolean;
  /** After the commit that rendered (or hydrated) the first page. */
  onStarted?: () => void;
}) {
  // Once, after the first commit.
  useEffect(() => onStarted?.(), []);
  return (
    <ThemeProvider>
      <Router>
        <AppRoutes arrived={arrived} />
      </Router>
    </ThemeProvider>
  );
}
