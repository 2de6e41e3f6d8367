import { BrowserRouter } from "@portfolio/router";
import { ThemeProvider } from "@portfolio/ui/theme-provider";
import { Toaster } from "@portfolio/ui/toaster";
import type { ComponentType, ReactNode } from "react";
import { AppRoutes } from "./routes";

/**
 * The providers every page and every remote renders inside: theme, toasts and the
 * router. Remotes get them because react, @portfolio/router and @portfolio/ui are shared
 * singletons. Tooltips need no provider here: a <Tooltip> brings its own with the spec's
 * delays (700 ms, skip 300 ms), and a section with many wraps them in <TooltipProvider>,
 * which keeps Radix Tooltip off the first load.
 *
 * `router` is BrowserRouter in the browser and a StaticRouter at one URL in the
 * prerender (src/prerender.tsx): the rest of the tree is the same, so it hydrates.
 */
export function App({
  router: Router = BrowserRouter,
}: {
  router?: ComponentType<{ children: ReactNode }>;
}) {
  return (
    <ThemeProvider>
      <Router>
        <AppRoutes />
      </Router>
      <Toaster />
    </ThemeProvider>
  );
}
