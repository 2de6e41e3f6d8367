// The admin session: who is signed in (GET /api/admin/session, always 200: signed in,
// signed out, or no admin yet), signing in and setting the admin up. Ending it is in
// session-end.ts, with the dashboard.
//
// No TanStack Query here: the signed-out page (the sign-in or setup form) is all most
// visitors of /admin see, and it stays out of the first load (the budgets in e2e/tests/budgets.test.mjs). The
// dashboard, loaded once someone is signed in, brings the query cache for its data.
import {
  ADMIN_API,
  type AdminCredentials,
  type AdminSessionState,
  type AdminSetup,
  ApiError,
  NOT_CONFIGURED,
  request,
  setUpAdmin,
  signIn,
} from "@portfolio/api-client/admin";
import { createContext, useCallback, useContext, useEffect, useRef, useState } from "react";

export interface Session {
  /** The server's answer; undefined until the first one arrived (or while it failed). */
  data: AdminSessionState | undefined;
  error: unknown;
  isError: boolean;
  /** Asks the server again (after signing in, or 'Try again'). */
  refetch: () => Promise<void>;
  /** Sets what is known without asking (signed out). */
  set: (state: AdminSessionState) => void;
}

/** The page's session, for the forms and the dashboard below it. */
export const SessionContext = createContext<Session | null>(null);

export function useSessionContext(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error("no SessionContext above this component");
  return session;
}

/** Reads GET /api/admin/session when the page mounts; the page provides it as SessionContext. */
export function useSession(): Session {
  const [state, setState] = useState<{ data?: AdminSessionState; error?: unknown }>({});
  const mounted = useRef(true);
  const refetch = useCallback(async () => {
    try {
      const data = await request<AdminSessionState>(ADMIN_API.session);
      if (mounted.current) setState({ data });
    } catch (error) {
      if (mounted.current) setState({ error });
    }
  }, []);
  const set = useCallback((data: AdminSessionState) => setState({ data }), []);
  useEffect(() => {
    mounted.current = true;
    void refetch();
    return () => {
      mounted.current = false;
    };
  }, [refetch]);
  return {
    data: state.data,
    error: state.error,
    isError: state.error !== undefined,
    refetch,
    set,
  };
}

/** What the page shows once someone has signed out. */
export const signedOut: AdminSessionState = { authenticated: false, configured: true };

/** 503 `not_configured`: no admin on the server. */
export const isNotConfigured = (error: unknown) =>
  error instanceof ApiError && error.code === NOT_CONFIGURED;

/** POST the credentials; resolves once the new session has been read back. */
export function useSignIn() {
  const { refetch } = useSessionContext();
  return {
    mutateAsync: async (credentials: AdminCredentials) => {
      await signIn(credentials);
      await refetch();
    },
  };
}

/** POST the setup link's token with the chosen user name and password; the server signs the new admin in. */
export function useSetUp() {
  const { refetch } = useSessionContext();
  return {
    mutateAsync: async (setup: AdminSetup) => {
      await setUpAdmin(setup);
      await refetch();
    },
  };
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
