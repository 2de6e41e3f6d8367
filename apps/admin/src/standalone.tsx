import { renderStandalone } from "@portfolio/router/standalone";
import { ThemeProvider } from "@portfolio/ui/theme-provider";
import { Toaster } from "@portfolio/ui/toaster";
import AdminRoutes from "./routes";

// Development only: this section alone, inside the same providers the shell gives it.
renderStandalone({
  base: "admin",
  home: "/admin/newsletter",
  Section: AdminRoutes,
  Providers: ThemeProvider,
  toaster: <Toaster />,
});
