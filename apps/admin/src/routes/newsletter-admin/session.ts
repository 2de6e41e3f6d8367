// The admin session: who is signed in (GET /api/admin/session, null when nobody is) and
// signing in. Ending it is in session-end.ts, with the dashboard.
import { ADMIN_API, NOT_CONFIGURED, signIn, type AdminCredentials, type AdminSession } from "@portfolio/api-client/admin";
import { ApiRequestError, getQueryFn } from "@portfolio/api-client/query";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";

export const sessionKey = [ADMIN_API.session] as const;

export function useSession() {
  return useQuery({ queryKey: sessionKey, queryFn: getQueryFn<AdminSession>({ on401: "returnNull" }) });
}

/** 503 `not_configured`: no admin credentials on the server. */
export const isNotConfigured = (error: unknown) => error instanceof ApiRequestError && error.code === NOT_CONFIGURED;

/** POST the credentials; resolves once the new session has been read back. */
export function useSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (credentials: AdminCredentials) => signIn(credentials),
    onSuccess: () => client.invalidateQueries({ queryKey: sessionKey }),
  });
}

export type SessionChange = "signed-in" | "signed-out" | null;

/**
 * How the session last changed while the page was open (not how it started): the page
 * moves focus and announces it then, and never on first load.
 */
export function useSessionChange(session: AdminSession | null | undefined): SessionChange {
  const [change, setChange] = useState<SessionChange>(null);
  const previous = useRef(session);
  useEffect(() => {
    const before = previous.current;
    previous.current = session;
    if (before === null && session) setChange("signed-in");
    else if (before && session === null) setChange("signed-out");
  }, [session]);
  return change;
}
