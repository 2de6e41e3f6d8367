/**
 * A router over entries in memory (react-router's MemoryRouter): for tests that render
 * a page at a URL and follow its links without a browser history.
 */
import { type ReactNode, startTransition, useMemo, useState } from "react";
import { type Navigator, Router } from "./context";
import { createLocation, type Location } from "./paths";

export function MemoryRouter({
  initialEntries = ["/"],
  initialIndex,
  children,
}: {
  initialEntries?: (string | Partial<Location>)[];
  initialIndex?: number;
  children?: ReactNode;
}) {
  const [history] = useState(() => {
    const entries = initialEntries.map((entry, i) =>
      typeof entry === "string"
        ? createLocation(entry, null, i ? undefined : "default")
        : createLocation(entry, entry.state ?? null, entry.key),
    );
    return {
      entries,
      index: Math.min(Math.max(initialIndex ?? entries.length - 1, 0), entries.length - 1),
    };
  });
  const [location, setLocation] = useState(history.entries[history.index] as Location);
  const navigator = useMemo<Navigator>(() => {
    const show = () =>
      startTransition(() => setLocation(history.entries[history.index] as Location));
    return {
      push(path, state) {
        history.index += 1;
        history.entries.splice(
          history.index,
          Number.POSITIVE_INFINITY,
          createLocation(path, state),
        );
        show();
      },
      replace(path, state) {
        history.entries[history.index] = createLocation(path, state);
        show();
      },
      go(delta) {
        history.index = Math.min(Math.max(history.index + delta, 0), history.entries.length - 1);
        show();
      },
    };
  }, [history]);
  return (
    <Router location={location} navigator={navigator}>
      {children}
    </Router>
  );
}
