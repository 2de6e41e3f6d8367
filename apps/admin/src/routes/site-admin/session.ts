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
  /**
   * The server's answer; undefined until the first one arrived (or while it failed).
   * Until then, the state the page was served in, if the gateway said (`confirmed` false).
   */
  data: AdminSessionState | undefined;
  /** Whether `data` is the probe's answer rather than the state the page was served in. */
  confirmed: boolean;
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

/**
 * Reads GET /api/admin/session when the page mounts; the page provides it as SessionContext.
 * `served` is the state the gateway served the page in (signed out: the sign-in form is
 * in its HTML, docs/decisions/0068-the-admin-page-served-signed-out.md): shown until the
 * probe answers, which still decides (a cookie the page's request did not carry).
 */
export function useSession(served?: AdminSessionState): Session {
  const [state, setState] = useState<{
    data?: AdminSessionState;
    error?: unknown;
    confirmed?: boolean;
  }>({ data: served });
  const mounted = useRef(true);
  const refetch = useCallback(async () => {
    try {
      const data = await request<AdminSessionState>(ADMIN_API.session);
      if (mounted.current) setState({ data, confirmed: true });
    } catch (error) {
      if (mounted.current) setState({ error });
    }
  }, []);
  const set = useCallback((data: AdminSessionState) => setState({ data, confirmed: true }), []);
  useEffect(() => {
    mounted.current = true;
    void refetch();
    return () => {
      mounted.current = false;
    };
  }, [refetch]);
  return {
    data: state.data,
    confirmed: state.confirmed === true,
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
 * moves focus and announces it then, and never on first load (the state the page was
 * served in, replaced by the probe's first answer, is no change).
 */
export function useSessionChange(session: Pick<Session, "data" | "confirmed">): SessionChange {
  const [change, setChange] = useState<SessionChange>(null);
  const now = session.confirmed ? session.data?.authenticated : undefined;
  const previous = useRef(now);
  useEffect(() => {
    const before = previous.current;
    previous.current = now;
    if (before === false && now === true) setChange("signed-in");
    else if (before === true && now === false) setChange("signed-out");
  }, [now]);
  return change;
}
