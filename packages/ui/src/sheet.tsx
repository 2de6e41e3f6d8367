import { XIcon } from "@portfolio/ui/icons";
import * as DialogPrimitive from "@radix-ui/react-dialog";
import type { ComponentProps } from "react";
import { cn } from "./cn";

// A dialog that slides in from a screen edge (the mobile navigation drawer): the same
// Radix Dialog behaviour as ./dialog, laid out as a side panel.
export const Sheet = DialogPrimitive.Root;
export const SheetTrigger = DialogPrimitive.Trigger;
export const SheetClose = DialogPrimitive.Close;
export const SheetTitle = DialogPrimitive.Title;
export const SheetDescription = DialogPrimitive.Description;

const sides = {
  right: "inset-y-0 right-0 border-l data-[state=open]:animate-slide-in-right",
  left: "inset-y-0 left-0 border-r data-[state=open]:animate-slide-in-left",
} as const;

export function SheetContent({
  side = "right",
  className,
  children,
  closeLabel = "Close",
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & {
  side?: keyof typeof sides;
  closeLabel?: string;
}) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/60 data-[state=open]:animate-fade-in" />
      <DialogPrimitive.Content
        className={cn(
          "fixed z-50 flex h-full w-[300px] flex-col gap-4 overflow-y-auto border-border bg-background p-6 text-foreground shadow-lg sm:w-[400px]",
          sides[side],
          className,
        )}
        {...props}
      >
        {children}
        <DialogPrimitive.Close className="absolute right-4 top-4 rounded-sm p-1 opacity-70 transition-opacity hover:opacity-100 focus-visible:outline-2 focus-visible:outline-ring">
          <XIcon className="size-5" />
          <span className="sr-only">{closeLabel}</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
