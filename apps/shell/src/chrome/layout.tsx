import { Outlet } from "@portfolio/router";
import { Footer } from "./footer";
import { Header } from "./header";
import { usePageChanges } from "./page-changes";

/** The page frame: skip link, header, <main id="main">, footer. */
export function Layout() {
  usePageChanges();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
