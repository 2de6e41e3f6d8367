import { Sheet, SheetContent, SheetTitle } from "@portfolio/ui/sheet";
import type { RefObject } from "react";
import { NavLinks } from "./nav-links";

/** The drawer: 300 px (400 px from sm), the nav links; choosing one closes it. */
export default function MobileMenu({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="right"
        aria-describedby={undefined}
        closeLabel="Close menu"
        // The button lives outside this lazily loaded Dialog, so Radix cannot know it.
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <SheetTitle className="text-lg font-semibold">Menu</SheetTitle>
        <NavLinks
          className="flex flex-col gap-1"
          linkClassName="block px-3 py-2.5 text-base"
          onNavigate={() => onOpenChange(false)}
        />
      </SheetContent>
    </Sheet>
  );
}
