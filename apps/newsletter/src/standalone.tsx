import { renderStandalone } from "@portfolio/router/standalone";
import { ThemeProvider } from "@portfolio/ui/theme-provider";
import { Toaster } from "@portfolio/ui/toaster";
import NewsletterRoutes from "./routes";

// Development only: this section alone, inside the same providers the shell gives it.
renderStandalone({
  base: "newsletter",
  home: "/newsletter",
  Section: NewsletterRoutes,
  Providers: ThemeProvider,
  toaster: <Toaster />,
});
