// The admin session: who is signed in (GET /api/admin/session, always 200: signed in,
// signed out, or no admin yet), signing in and setting the admin up. Ending it is in
// session-end.ts, with the dashboard.
import {
  ADMIN_API,
  type AdminCredentials,
  type AdminSessionState,
  type AdminSetup,
  NOT_CONFIGURED,
  setUpAdmin,
  signIn,
} from "@portfolio/api-client/admin";
import { ApiError, getQueryFn } from "@portfolio/api-client/query";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";

export const sessionKey = [ADMIN_API.session] as const;

export function useSession() {
  return useQuery({ queryKey: sessionKey, queryFn: getQueryFn<AdminSessionState>() });
}

/** What the page shows once someone has signed out. */
export const signedOut: AdminSessionState = { authenticated: false, configured: true };

/** 503 `not_configured`: no admin on the server. */
export const isNotConfigured = (error: unknown) =>
  error instanceof ApiError && error.code === NOT_CONFIGURED;

/** POST the credentials; resolves once the new session has been read back. */
export function useSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (credentials: AdminCredentials) => signIn(credentials),
    onSuccess: () => client.invalidateQueries({ queryKey: sessionKey }),
  });
}

/** POST the setup link's token with the chosen user name and password; the server signs the new admin in. */
export function useSetUp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (setup: AdminSetup) => setUpAdmin(setup),
    onSuccess: () => client.invalidateQueries({ queryKey: sessionKey }),
  });
}

export type SessionChange = "signed-in" | "signed-out" | null;

/**
 * How the session last changed while the page was open (not how it started): the page
 * moves focus and announces it then, and never on first load.
 */
export function useSessionChange(session: AdminSessionState | undefined): SessionChange {
  const [change, setChange] = useState<SessionChange>(null);
  const previous = useRef(session?.authenticated);
  const now = session?.authenticated;
  useEffect(() => {
    const before = previous.current;
    previous.current = now;
    if (before === false && now === true) setChange("signed-in");
    else if (before === true && now === false) setChange("signed-out");
  }, [now]);
  return change;
}
