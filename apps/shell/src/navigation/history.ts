// The browser's history entries, without React: the shell's plain-DOM entry moves the
// history too (docs/decisions/0040-islands.md), and the app's router (./site-router.tsx)
// reads them back. Entries carry react-router's state shape ({ usr, key, idx }).

/** A location's key: "default" for the entry a document loaded with, this for the rest. */
export const createKey = () => Math.random().toString(36).slice(2, 10);

/** The admin's pages: on an origin of their own (docs/decisions/0047-the-admin-on-its-own-origin.md). */
const ADMIN_PATH = /^\/admin(?:\/|$)/i;

/**
 * Whether `url` is served by the other origin than this page's: the admin's pages and
 * the rest of the site never share one. Going there is a document load, which the
 * gateway sends to the right origin; a client-side navigation would look for the other
 * origin's sections here, where they are not served.
 */
export function crossesOrigins(url: string): boolean {
  const to = new URL(url, window.location.href).pathname;
  return ADMIN_PATH.test(to) !== ADMIN_PATH.test(window.location.pathname);
}

/** The history entry's index, as react-router's browser history counts them. */
function currentIndex(): number {
  const state = window.history.state as { idx?: unknown } | null;
  return typeof state?.idx === "number" ? state.idx : 0;
}

/**
 * Moves the browser's history to `url` in react-router's state shape. False when the
 * browser refused (state that cannot be cloned, too many entries), or when `url` is the
 * other origin's (crossesOrigins): the caller loads the URL instead.
 */
export function pushHistory(url: string, replace = false, state: unknown = null): boolean {
  if (crossesOrigins(url)) return false;
  try {
    const idx = currentIndex() + (replace ? 0 : 1);
    window.history[replace ? "replaceState" : "pushState"](
      { usr: state, key: createKey(), idx },
      "",
      url,
    );
    return true;
  } catch {
    return false;
  }
}
