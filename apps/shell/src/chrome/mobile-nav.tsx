import { Button } from "@portfolio/ui/button";
import { cn } from "@portfolio/ui/cn";
import { MenuIcon } from "@portfolio/ui/icons";
import { lazy, Suspense, useRef, useState } from "react";

// The drawer (Radix Dialog) is only needed once someone opens it on a small screen, so
// it is not part of the first load; pointing at or focusing the button fetches it early.
const loadMenu = () => import("./mobile-menu");
const MobileMenu = lazy(loadMenu);

/**
 * Below md (768 px): a button that opens the nav links in a side drawer. Without
 * JavaScript it could not, so a link to the main nav (#site-nav, which the stylesheet
 * drops down under the bar when targeted) stands in for it; each is hidden where the
 * other works, so both are in the prerendered HTML and hydration sees the same tree.
 */
export function MobileNav() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={button}
        variant="ghost"
        size="icon"
        className="md:hidden noscript:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadMenu()}
        onFocus={() => void loadMenu()}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
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
      {wanted ? (
        <Suspense fallback={null}>
          <MobileMenu open={open} onOpenChange={setOpen} returnFocusTo={button} />
        </Suspense>
      ) : null}
    </>
  );
}
