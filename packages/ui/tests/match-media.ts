import { vi } from "vitest";

/**
 * A controllable window.matchMedia for `(prefers-color-scheme: dark)` (jsdom has none):
 * `setDark(true)` flips the OS preference and fires `change` like a browser does.
 */
export function mockColorScheme(initiallyDark = false) {
  let dark = initiallyDark;
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  const matchMedia = vi.fn((query: string) => ({
    get matches() {
      return query.includes("dark") ? dark : !dark;
    },
    media: query,
    onchange: null,
    addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) =>
      listeners.add(listener),
    removeEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) =>
      listeners.delete(listener),
    addListener: (listener: (event: MediaQueryListEvent) => void) => listeners.add(listener),
    removeListener: (listener: (event: MediaQueryListEvent) => void) => listeners.delete(listener),
    dispatchEvent: () => true,
  }));
  vi.stubGlobal("matchMedia", matchMedia);
  return {
    setDark(next: boolean) {
      dark = next;
      for (const listener of [...listeners])
        listener({ matches: next, media: "(prefers-color-scheme: dark)" } as MediaQueryListEvent);
    },
    listenerCount: () => listeners.size,
  };
}
