import { Button } from "@portfolio/ui/button";
import { cn } from "@portfolio/ui/cn";
import { MenuIcon, XIcon } from "@portfolio/ui/icons";
import { NavLinks } from "./nav-links";

/** The drawer's id: the menu button controls it (src/document/menu.ts opens it). */
export const MENU_ID = "site-menu";

/**
 * Below md (768 px): a button that opens the nav links in a drawer, a modal <dialog>
 * (300 px, 400 px from sm) sliding in from the right. Opening, closing and the focus
 * trap are plain DOM (src/document/menu.ts), so the first tap opens it before any React
 * has loaded. Without JavaScript the button could do nothing, so a link to the main nav
 * (#site-nav, which the stylesheet drops down under the bar when targeted) stands in
 * for it; each is hidden where the other works.
 */
export function MobileNav() {
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="md:hidden noscript:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded="false"
        aria-controls={MENU_ID}
        data-menu-open=""
      >
        <MenuIcon />
      </Button>
      <a
        href="#site-nav"
        aria-label="Open menu"
        // The ghost icon button's look, without buttonClasses: its inline-flex would beat
        // `hidden` (same layer, later in the sheet) and show the link with JavaScript too.
        className={cn(
          "hidden size-10 shrink-0 items-center justify-center rounded-md max-md:noscript:inline-flex",
          "transition-colors hover:bg-accent hover:text-accent-foreground",
          "outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background",
          "[&_svg]:size-4",
        )}
      >
        <MenuIcon />
      </a>
      <dialog
        id={MENU_ID}
        data-menu=""
        aria-labelledby={`${MENU_ID}-title`}
        className={cn(
          "fixed inset-y-0 right-0 left-auto m-0 h-full max-h-none w-[300px] max-w-none sm:w-[400px]",
          "flex-col gap-4 overflow-y-auto border-l border-border bg-background p-6 text-foreground shadow-lg",
          "open:flex open:animate-slide-in-right backdrop:bg-black/60 open:backdrop:animate-fade-in",
        )}
      >
        <h2 id={`${MENU_ID}-title`} className="text-lg font-semibold">
          Menu
        </h2>
        <NavLinks className="flex flex-col gap-1" linkClassName="block px-3 py-2.5 text-base" />
        <button
          type="button"
          data-menu-close=""
          className="absolute right-4 top-4 rounded-sm p-1 opacity-70 transition-opacity hover:opacity-100 focus-visible:outline-2 focus-visible:outline-ring"
        >
          <XIcon className="size-5" />
          <span className="sr-only">Close menu</span>
        </button>
      </dialog>
    </>
  );
}
