import { Button } from "@portfolio/ui/button";
import { type ReactNode, useRef, useState } from "react";
import { ConfirmDialog } from "../confirm-dialog";

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
 * A button whose action is asked about first (ConfirmDialog). Unavailable (blocked, or running) it is aria-disabled
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
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={title}
        description={description}
        confirmLabel={label}
        onConfirm={onConfirm}
        returnFocus={button}
      />
    </>
  );
}
