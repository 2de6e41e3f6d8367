// The router's history entries, without React: the shell's plain-DOM entry moves the
// history with them too (docs/decisions/0040-islands.md), so the router reads them back.

/** A location's key: "default" for the entry a document loaded with, this for the rest. */
export const createKey = () => Math.random().toString(36).slice(2, 10);

/**
 * Moves the browser's history to `url` in the router's state shape ({ usr, key }).
 * False when the browser refused (state that cannot be cloned, too many entries): the
 * caller loads the URL instead.
 */
export function pushHistory(url: string, replace = false, state: unknown = null): boolean {
  try {
    window.history[replace ? "replaceState" : "pushState"](
      { usr: state, key: createKey() },
      "",
      url,
    );
    return true;
  } catch {
    return false;
  }
}
