import type { AdminSession } from "@portfolio/api-client/admin";
import { Button } from "@portfolio/ui/button";
import { useEffect, useRef } from "react";
import { Editions } from "./editions";
import { Mail } from "./mail";
import { Messages } from "./messages";
import { useEndSessionOn401, useSignOut } from "./session-end";
import { SetupNotes } from "./setup-notes";
import { StatCards } from "./stat-cards";
import { Subscribers } from "./subscribers";

/** What a signed-in owner sees: who they are, the numbers, editions, subscribers, messages, mail delivery, setup notes. */
export function Dashboard({
  session,
  focusOnMount = false,
}: {
  session: AdminSession;
  focusOnMount?: boolean;
}) {
  useEndSessionOn401();
  const signOut = useSignOut();
  const greeting = useRef<HTMLParagraphElement>(null);

  // Just signed in: start from the top of what is new, not from a vanished form.
  useEffect(() => {
    if (focusOnMount) greeting.current?.focus();
  }, [focusOnMount]);

  return (
    <>
      <div className="mt-8 flex flex-wrap items-center justify-between gap-4 rounded-lg border border-border bg-card p-4">
        <p ref={greeting} tabIndex={-1} className="text-sm focus:outline-none">
          Signed in as <strong>{session.user}</strong>
        </p>
        <Button
          variant="outline"
          size="sm"
          disabled={signOut.isPending}
          onClick={() => signOut.mutate()}
        >
          {signOut.isPending ? "Signing out..." : "Sign out"}
        </Button>
      </div>
      <StatCards />
      <Editions />
      <Subscribers />
      <Messages />
      <Mail />
      <SetupNotes />
    </>
  );
}
