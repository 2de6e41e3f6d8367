// Ending the admin session: signing out, and falling back to the sign-in form when the
// server says the session has ended (a 401 from any other admin call).
import { ADMIN_API, type AdminSessionState, signOut } from "@portfolio/api-client/admin";
import { isUnauthorized } from "@portfolio/api-client/query";
import { toast } from "@portfolio/ui/use-toast";
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { sessionKey, signedOut } from "./session";

/** Signed out: the admin data is dropped, so the next person to sign in starts afresh. */
function endSession(client: QueryClient): void {
  client.removeQueries({ predicate: (query) => query.queryKey[0] !== ADMIN_API.session });
  client.setQueryData(sessionKey, signedOut);
}

export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => signOut(),
    onSuccess: () => endSession(client),
    onError: (error) => {
      if (isUnauthorized(error)) return endSession(client); // it had already ended
      console.error("Newsletter admin: signing out failed.", error);
      toast({ variant: "destructive", title: "Sign out failed", description: "Please try again." });
    },
  });
}

/** While signed in: any admin call answered with 401 means the session is over. */
export function useEndSessionOn401(): void {
  const client = useQueryClient();
  useEffect(() => {
    const check = (error: unknown) => {
      if (
        isUnauthorized(error) &&
        client.getQueryData<AdminSessionState>(sessionKey)?.authenticated
      )
        endSession(client);
    };
    const stopQueries = client.getQueryCache().subscribe((event) => {
      if (
        event.type === "updated" &&
        event.action.type === "error" &&
        event.query.queryKey[0] !== ADMIN_API.session
      ) {
        check(event.action.error);
      }
    });
    const stopMutations = client.getMutationCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error") check(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [client]);
}
