/**
 * The router an island hydrates in after a document load (./island-root.tsx hydrates
 * it): one that knows where the page is and hands any navigation to `onNavigate` (the
 * shell starts the app for it): react-router's <Router> with a navigator of our own,
 * which moves nothing itself. Only the shell imports this, and only for an island that
 * takes a router.
 */
import { type ReactElement, type ReactNode, useState } from "react";
import { createPath, type Navigator, Router } from "react-router";

function DocumentRouter({
  onNavigate,
  children,
}: {
  onNavigate: (url: string, replace: boolean) => void;
  children: ReactNode;
}) {
  const [location] = useState(() => {
    const { pathname, search, hash } = window.location;
    return { pathname, search, hash, state: null, key: "default" };
  });
  const [navigator] = useState<Navigator>(() => ({
    createHref: (to) => (typeof to === "string" ? to : createPath(to)),
    push: (to) => onNavigate(typeof to === "string" ? to : createPath(to), false),
    replace: (to) => onNavigate(typeof to === "string" ? to : createPath(to), true),
    go: (delta) => window.history.go(delta),
  }));
  return (
    <Router location={location} navigator={navigator}>
      {children}
    </Router>
  );
}

/** `island` inside the document's router: a navigation from it (a <Link>, useNavigate) goes to `onNavigate`. */
export function inDocumentRouter(
  island: ReactElement,
  onNavigate: (url: string, replace: boolean) => void,
): ReactElement {
  return <DocumentRouter onNavigate={onNavigate}>{island}</DocumentRouter>;
}
