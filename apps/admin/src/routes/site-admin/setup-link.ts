// The first-run setup link: `<site>/admin/newsletter#setup=<token>`, printed in the
// gateway's log only. The token sits in the fragment, which browsers never send, so
// it stays out of request lines, logs and Referer headers; it is read after mount
// (never during a server render).
import { useCallback, useEffect, useState } from "react";

const setupFragment = /^#setup=([A-Za-z0-9_-]{20,100})$/;

/** The setup token of the page's URL, if it has one, and a way to drop it from the URL once done with. */
export function useSetupToken(): [token: string | null, forget: () => void] {
  const [token, setToken] = useState<string | null>(null);
  useEffect(() => {
    const read = () => setToken(setupFragment.exec(window.location.hash)?.[1] ?? null);
    read();
    window.addEventListener("hashchange", read);
    return () => window.removeEventListener("hashchange", read);
  }, []);
  const forget = useCallback(() => {
    if (setupFragment.test(window.location.hash)) {
      // The same entry without the fragment: the used link leaves no trace in the history.
      window.history.replaceState(
        window.history.state,
        "",
        window.location.pathname + window.location.search,
      );
    }
    setToken(null);
  }, []);
  return [token, forget];
}
