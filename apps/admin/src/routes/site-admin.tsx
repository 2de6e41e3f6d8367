import type { AdminSessionState } from "@portfolio/api-client/admin";
import { Page } from "@portfolio/ui/page";
import { lazy, type ReactNode, Suspense, useEffect } from "react";
import { LoadProblem } from "./site-admin/load-problem";
import { LoginForm } from "./site-admin/login-form";
import { SessionContext, useSession, useSessionChange } from "./site-admin/session";
import { useSetupToken } from "./site-admin/setup-link";

// The section's first load is the sign-in form (no TanStack Query: session.ts); the
// dashboard, with its query cache, is fetched once someone is signed in, the setup form
// and notice only on a server without an admin.
const Dashboard = lazy(() =>
  import("./site-admin/dashboard").then((m) => ({ default: m.Dashboard })),
);
const NotConfigured = lazy(() =>
  import("./site-admin/not-configured").then((m) => ({ default: m.NotConfigured })),
);
const SetupForm = lazy(() =>
  import("./site-admin/setup-form").then((m) => ({ default: m.SetupForm })),
);

const loading = (what: string) => <p className="mt-10 text-muted-foreground">{what}</p>;

const announcements = { "signed-in": "Signed in.", "signed-out": "Signed out." } as const;

// Without JavaScript the session is never checked nor a form sent: say so instead.
const needsJavaScript = (
  <noscript>
    <p className="mt-10 max-w-2xl">
      The admin needs JavaScript. Turn it on for this site and reload the page to sign in.
    </p>
  </noscript>
);

/**
 * /admin/newsletter, the whole admin (traffic, mail, messages, releases, the list): asks who is signed in, then shows the dashboard, the sign-in form,
 * or, while no admin exists, the setup form (opened by the setup link from the
 * gateway's log) or the notice saying where to find that link. `session` is the state
 * the gateway served the page in, if it knew (signed out: no session cookie came).
 */
export function SiteAdmin({ session: served }: { session?: AdminSessionState }) {
  const session = useSession(served);
  const change = useSessionChange(session);
  const [setupToken, forgetSetupToken] = useSetupToken();
  const data = session.data;
  const alreadySetUp = Boolean(setupToken && data && (data.authenticated || data.configured));

  // A setup link opened once an admin exists is spent: drop it from the URL.
  useEffect(() => {
    if (alreadySetUp) forgetSetupToken();
  }, [alreadySetUp, forgetSetupToken]);

  let body: ReactNode;
  if (session.isError) {
    body = (
      <div className="mt-10">
        <LoadProblem what="the admin session" query={session} />
      </div>
    );
  } else if (!data) {
    body = (
      <>
        <p className="mt-10 text-muted-foreground noscript:hidden">Checking your session…</p>
        {needsJavaScript}
      </>
    );
  } else if (data.authenticated) {
    body = (
      <Suspense fallback={loading("Loading the dashboard…")}>
        <Dashboard session={data} focusOnMount={change === "signed-in"} />
      </Suspense>
    );
  } else if (!data.configured) {
    body = (
      <Suspense fallback={loading("Loading…")}>
        {setupToken ? (
          <SetupForm token={setupToken} onDone={forgetSetupToken} />
        ) : (
          <NotConfigured />
        )}
      </Suspense>
    );
  } else {
    // Served signed out, the form is in the page's HTML: without JavaScript it could not
    // be sent, so it is hidden there.
    body = (
      <>
        <div className="noscript:hidden">
          <LoginForm focusOnMount={change === "signed-out"} />
        </div>
        {needsJavaScript}
      </>
    );
  }

  return (
    <SessionContext value={session}>
      <Page
        as="section"
        title="Newsletter Admin"
        intro="Subscribers, editions and publishing for DevOps Digest."
      >
        <p role="status" className="sr-only">
          {change ? announcements[change] : ""}
        </p>
        {body}
      </Page>
    </SessionContext>
  );
}
