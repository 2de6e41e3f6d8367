import { lazy, Suspense } from "react";
import { LoadProblem } from "./newsletter-admin/load-problem";
import { LoginForm } from "./newsletter-admin/login-form";
import { isNotConfigured, useSession, useSessionChange } from "./newsletter-admin/session";

// The section's first load is the sign-in form and TanStack Query (within the 30 kB
// budget of ARCHITECTURE.md §8); the dashboard is fetched once someone is signed in,
// the notice only on a server without admin credentials.
const Dashboard = lazy(() => import("./newsletter-admin/dashboard").then((m) => ({ default: m.Dashboard })));
const NotConfigured = lazy(() => import("./newsletter-admin/not-configured").then((m) => ({ default: m.NotConfigured })));

const loading = (what: string) => <p className="mt-10 text-muted-foreground">{what}</p>;

const announcements = { "signed-in": "Signed in.", "signed-out": "Signed out." } as const;

/**
 * /admin/newsletter: asks who is signed in, then shows the sign-in form, the notice
 * that the admin is not configured (with how to configure it), or the dashboard.
 */
export function NewsletterAdmin() {
  const session = useSession();
  const change = useSessionChange(session.data);

  let body;
  if (session.isPending) {
    body = loading("Checking your session…");
  } else if (session.isError) {
    body = isNotConfigured(session.error) ? (
      <Suspense fallback={loading("Loading…")}>
        <NotConfigured />
      </Suspense>
    ) : (
      <div className="mt-10">
        <LoadProblem what="the admin session" error={session.error} onRetry={() => void session.refetch()} />
      </div>
    );
  } else if (session.data) {
    body = (
      <Suspense fallback={loading("Loading the dashboard…")}>
        <Dashboard session={session.data} focusOnMount={change === "signed-in"} />
      </Suspense>
    );
  } else {
    body = <LoginForm focusOnMount={change === "signed-out"} />;
  }

  return (
    <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6 md:py-20">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Newsletter Admin</h1>
      <p className="mt-4 max-w-2xl text-lg text-muted-foreground">Subscribers, editions and publishing for DevOps Digest.</p>
      <p role="status" className="sr-only">
        {change ? announcements[change] : ""}
      </p>
      {body}
    </section>
  );
}
