import { Button } from "@portfolio/ui/button";
import { MenuIcon } from "@portfolio/ui/icons";
import { lazy, Suspense, useRef, useState } from "react";

// The drawer (Radix Dialog) is only needed once someone opens it on a small screen, so
// it is not part of the first load; pointing at or focusing the button fetches it early.
const loadMenu = () => import("./mobile-menu");
const MobileMenu = lazy(loadMenu);

/** Below md (768 px): a button that opens the nav links in a side drawer. */
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
        className="md:hidden"
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
      {wanted ? (
        <Suspense fallback={null}>
          <MobileMenu open={open} onOpenChange={setOpen} returnFocusTo={button} />
        </Suspense>
      ) : null}
    </>
  );
}
