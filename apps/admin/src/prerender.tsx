// This section's prerender (bundled for Node by rsbuild.prerender.config.ts, run at
// build time): the HTML of /admin/newsletter's signed-out frame (what renders before the session probe answers), and of its not-found view. The gateway puts it into the
// shell's chrome per request (docs/decisions/0001-prerender-composition.md).
import { sectionPrerender } from "@portfolio/router/server";
import { ThemeProvider } from "@portfolio/ui/theme-provider";
import AdminRoutes from "./routes";

export const { renderSection, renderPages } = sectionPrerender({
  base: "admin",
  Section: AdminRoutes,
  Providers: ThemeProvider,
  pages: ["/admin/newsletter"],
});
