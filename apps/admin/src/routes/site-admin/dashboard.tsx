import type { AdminSession } from "@portfolio/api-client/admin";
import { createQueryClient } from "@portfolio/api-client/query";
import { Button } from "@portfolio/ui/button";
import { QueryClientProvider } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Editions } from "./editions";
import { Mail } from "./mail";
import { Messages } from "./messages";
import { Sections } from "./sections";
import { useEndSessionOn401, useSignOut } from "./session-end";
import { SetupNotes } from "./setup-notes";
import { StatCards } from "./stat-cards";
import { SubscriberImport } from "./subscriber-import";
import { Subscribers } from "./subscribers";
import { Suppressions } from "./suppressions";
import { Traffic } from "./traffic";

interface DashboardProps {
  session: AdminSession;
  focusOnMount?: boolean;
}

/**
 * What a signed-in owner sees: who they are, the numbers, the traffic, editions, subscribers, messages,
 * mail delivery, the sections' releases, setup notes. Its data comes through TanStack
 * Query, whose cache lives as long as the dashboard (made in state, so a server render
 * never shares one).
 */
export function Dashboard(props: DashboardProps) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <DashboardBody {...props} />
    </QueryClientProvider>
  );
}

function DashboardBody({ session, focusOnMount = false }: DashboardProps) {
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
      <Traffic />
      <Editions />
      <Subscribers />
      <SubscriberImport />
      <Messages />
      <Mail />
      <Suppressions />
      <Sections />
      <SetupNotes />
    </>
  );
}
