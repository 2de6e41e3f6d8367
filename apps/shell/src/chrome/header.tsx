import { site } from "@portfolio/content";
import { Link, useMatch } from "react-router";
import { MobileNav } from "./mobile-nav";
import { NavLinks } from "./nav-links";
import { SearchLink } from "./search-link";
import { ThemeToggle } from "./theme-toggle";

export function Header() {
  const onHome = useMatch({ path: "/", end: true }) !== null;
  return (
    <header className="sticky top-0 z-40 print:hidden border-b border-border bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        {/* On / it leads to the page shown, which the speculation rules then leave alone
            (docs/decisions/0062-speculation-rules.md): the home page does not prerender itself. */}
        <Link
          to="/"
          data-no-speculation={onHome ? "" : undefined}
          className="shrink-0 rounded-md text-lg font-bold tracking-tight focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          {site.siteName}
        </Link>
        {/* #site-nav: where the menu link leads without JavaScript (mobile-nav.tsx). */}
        <nav id="site-nav" aria-label="Main" className="hidden md:block">
          <NavLinks className="flex items-center gap-1" linkClassName="block px-2.5 lg:px-3" />
        </nav>
        {/* As wide as its three controls below md from the start (three 40px buttons, two
            4px gaps), and filled from the left: a browser that paints the prerendered page
            before it has parsed the last must not move the others. */}
        <div className="flex min-w-32 items-center gap-1 md:min-w-0">
          <SearchLink />
          <ThemeToggle />
          <MobileNav />
        </div>
      </div>
    </header>
  );
}
