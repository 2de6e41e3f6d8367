// Ending the admin session: signing out, and falling back to the sign-in form when the
// server says the session has ended (a 401 from any other admin call).
import { isUnauthorized, signOut } from "@portfolio/api-client/admin";
import { toast } from "@portfolio/ui/use-toast";
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { type Session, signedOut, useSessionContext } from "./session";

/** Signed out: the admin data is dropped, so the next person to sign in starts afresh. */
function endSession(client: QueryClient, setSession: Session["set"]): void {
  client.clear();
  setSession(signedOut);
}

export function useSignOut() {
  const client = useQueryClient();
  const { set } = useSessionContext();
  return useMutation({
    mutationFn: () => signOut(),
    onSuccess: () => endSession(client, set),
    onError: (error) => {
      if (isUnauthorized(error)) return endSession(client, set); // it had already ended
      console.error("Newsletter admin: signing out failed.", error);
      toast({ variant: "destructive", title: "Sign out failed", description: "Please try again." });
    },
  });
}

/** While signed in: any admin call answered with 401 means the session is over. */
export function useEndSessionOn401(): void {
  const client = useQueryClient();
  const { set } = useSessionContext();
  useEffect(() => {
    // Mounted with the dashboard only, that is while someone is signed in.
    const check = (error: unknown) => {
      if (isUnauthorized(error)) endSession(client, set);
    };
    const stopQueries = client.getQueryCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error") check(event.action.error);
    });
    const stopMutations = client.getMutationCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error") check(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [client, set]);
}
