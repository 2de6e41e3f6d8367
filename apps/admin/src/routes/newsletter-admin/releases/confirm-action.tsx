import { Button } from "@portfolio/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@portfolio/ui/dialog";
import { type ReactNode, useRef, useState } from "react";

interface ConfirmActionProps {
  /** The button's text, also the dialog's confirming button's. */
  label: string;
  /** The button's text while the action runs. */
  pendingLabel: string;
  pending: boolean;
  /** The action cannot run now; `describedBy` should name the element that says why. */
  blocked?: boolean;
  /** Ids of what the button is about (the version, the section) and, when blocked, why not. */
  describedBy?: string;
  /** The dialog's title and text: they name the section and the version. */
  title: string;
  description: ReactNode;
  onConfirm: () => void;
}

/**
 * A button whose action is asked about first, in a dialog (Radix: focus trap, Escape),
 * whose first button is 'Cancel'. Unavailable (blocked, or running) it is aria-disabled
 * rather than disabled: it stays in the tab order, so a keyboard or screen reader user
 * reaches it and hears why, and focus can come back to it when the dialog closes.
 */
export function ConfirmAction({
  label,
  pendingLabel,
  pending,
  blocked = false,
  describedBy,
  title,
  description,
  onConfirm,
}: ConfirmActionProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const unavailable = pending || blocked;
  return (
    <>
      <Button
        ref={button}
        variant="outline"
        size="sm"
        aria-disabled={unavailable || undefined}
        aria-describedby={describedBy}
        className="aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
        onClick={() => {
          if (!unavailable) setOpen(true);
        }}
      >
        {pending ? pendingLabel : label}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          // Radix returns focus to a DialogTrigger; this dialog has none (the button
          // opens it only when the action is available), so focus goes back by hand.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            button.current?.focus();
          }}
        >
          <DialogHeader>
            <DialogTitle className="pr-6 leading-snug">{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button
              onClick={() => {
                setOpen(false);
                onConfirm();
              }}
            >
              {label}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
