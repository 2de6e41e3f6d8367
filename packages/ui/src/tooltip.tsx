import * as TooltipPrimitive from "@radix-ui/react-tooltip";
import { type ComponentProps, createContext, useContext } from "react";
import { cn } from "./cn";

/** Spec: a tooltip opens after 700 ms; moving to the next one within 300 ms skips the delay. */
export const TOOLTIP_DELAY = 700;
export const TOOLTIP_SKIP_DELAY = 300;

const InsideProvider = createContext(false);

/**
 * Groups tooltips so the skip delay carries from one to the next. Optional: a <Tooltip>
 * outside any provider brings its own with the same delays. (Radix Tooltip is ~20 kB
 * gzip with its positioning engine; a provider at the root of the app would put it on
 * every first load, so sections that show tooltips load it with them.)
 */
export function TooltipProvider({
  delayDuration = TOOLTIP_DELAY,
  skipDelayDuration = TOOLTIP_SKIP_DELAY,
  ...props
}: ComponentProps<typeof TooltipPrimitive.Provider>) {
  return (
    <InsideProvider.Provider value={true}>
      <TooltipPrimitive.Provider
        delayDuration={delayDuration}
        skipDelayDuration={skipDelayDuration}
        {...props}
      />
    </InsideProvider.Provider>
  );
}

export function Tooltip(props: ComponentProps<typeof TooltipPrimitive.Root>) {
  const root = <TooltipPrimitive.Root {...props} />;
  return useContext(InsideProvider) ? root : <TooltipProvider>{root}</TooltipProvider>;
}

export const TooltipTrigger = TooltipPrimitive.Trigger;

export function TooltipContent({
  className,
  sideOffset = 4,
  ...props
}: ComponentProps<typeof TooltipPrimitive.Content>) {
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        sideOffset={sideOffset}
        className={cn(
          "z-50 rounded-md bg-foreground px-3 py-1.5 text-xs text-background shadow-md data-[state=delayed-open]:animate-fade-in",
          className,
        )}
        {...props}
      />
    </TooltipPrimitive.Portal>
  );
}
