import { renderStandalone } from "@portfolio/router/standalone";
import { ThemeProvider } from "@portfolio/ui/theme-provider";
import { Toaster } from "@portfolio/ui/toaster";
import BlogRoutes from "./routes";

// Development only: this section alone, inside the same providers the shell gives it.
renderStandalone({
  base: "blog",
  home: "/blog",
  Section: BlogRoutes,
  Providers: ThemeProvider,
  toaster: <Toaster />,
});
