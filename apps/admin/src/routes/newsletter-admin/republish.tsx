import type { AdminStats } from "@portfolio/api-client/admin";
import { Button } from "@portfolio/ui/button";
import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { ConfirmDialog } from "./confirm-dialog";
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
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Republish “${title}”?`}
        description={`It is emailed now to ${recipients}, one email each.`}
        confirmLabel={
          confirmed === undefined ? "Send it" : `Send to ${count(confirmed, "subscriber")}`
        }
        onConfirm={onConfirm}
        returnFocus={button}
      />
    </>
  );
}
