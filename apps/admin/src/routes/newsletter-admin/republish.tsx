import type { AdminStats } from "@portfolio/api-client/admin";
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
import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { count } from "./format";
import { statsKey } from "./stat-cards";

interface RepublishProps {
  title: string;
  titleId: string;
  pending: boolean;
  onConfirm: () => void;
}

/**
 * 'Republish' emails every confirmed subscriber, so it asks first, naming the edition
 * and how many it goes to (the dashboard's count, when it has one). Disabled while
 * this edition is being sent; focus returns to it when the dialog closes.
 */
export function Republish({ title, titleId, pending, onConfirm }: RepublishProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const stats = useQuery<AdminStats>({ queryKey: statsKey });
  const confirmed = stats.data?.subscribers.confirmed;
  const recipients =
    confirmed === undefined
      ? "every confirmed subscriber"
      : count(confirmed, "confirmed subscriber");
  return (
    <>
      <Button
        ref={button}
        variant="outline"
        className="self-start"
        disabled={pending}
        aria-describedby={titleId}
        onClick={() => setOpen(true)}
      >
        {pending ? "Publishing..." : "Republish"}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            button.current?.focus();
          }}
        >
          <DialogHeader>
            <DialogTitle className="pr-6 leading-snug">Republish “{title}”?</DialogTitle>
            <DialogDescription>
              It is emailed now to {recipients}, one email each.
            </DialogDescription>
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
              {confirmed === undefined ? "Send it" : `Send to ${count(confirmed, "subscriber")}`}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
