import type { AdminStats } from "@portfolio/api-client/admin";
import { Button } from "@portfolio/ui/button";
import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { ConfirmDialog } from "./confirm-dialog";
import { count } from "./format";
import { statsKey } from "./stat-cards";

interface PublishEditionProps {
  title: string;
  titleId: string;
  /** Whether the edition was sent before: 'Republish' then, else 'Publish'. */
  sent: boolean;
  pending: boolean;
  onConfirm: () => void;
}

/**
 * 'Publish' (an edition never sent) or 'Republish' (one sent before) emails every
 * confirmed subscriber, so it asks first, naming the edition and how many it goes to
 * (the dashboard's count, when it has one), in a dialog named for what it does. Disabled
 * while this edition is being sent; focus returns to it when the dialog closes.
 */
export function PublishEdition({ title, titleId, sent, pending, onConfirm }: PublishEditionProps) {
  const action = sent ? "Republish" : "Publish";
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
        {pending ? "Publishing..." : action}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`${action} “${title}”?`}
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
