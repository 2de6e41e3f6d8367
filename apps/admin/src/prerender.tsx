// This section's prerender (bundled for Node by rsbuild.prerender.config.ts, run at
// build time): the HTML of /admin/newsletter's frame (what renders before the session
// probe answers), of its signed-out variant (the sign-in form, what the gateway serves a
// request that brings no session cookie), and of its not-found view. The gateway puts it
// into the shell's chrome per request (docs/decisions/0001-prerender-composition.md,
// 0068-the-admin-page-served-signed-out.md).
import { sectionPrerender } from "@portfolio/router/server";
import { ThemeProvider } from "@portfolio/ui/theme-provider";
import AdminRoutes from "./routes";
import { signedOut } from "./routes/site-admin/session";

const PAGE = "/admin/newsletter";
/** The signed-out variant's key: the page's path, "@", the state (the gateway's signedOutVariant). */
const SIGNED_OUT_KEY = `${PAGE}@signed-out`;

const asked = sectionPrerender({
  base: "admin",
  Section: AdminRoutes,
  Providers: ThemeProvider,
  pages: [PAGE],
});
const served = sectionPrerender({
  base: "admin",
  Section: () => <AdminRoutes session={signedOut} />,
  Providers: ThemeProvider,
  pages: [],
});

export const renderSection = asked.renderSection;
export const renderSignedOut = () => served.renderSection(PAGE);

export async function renderPages() {
  const pages = await asked.renderPages();
  return [...pages, { key: SIGNED_OUT_KEY, html: await renderSignedOut() }];
}
