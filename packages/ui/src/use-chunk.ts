// The one way a component loads a chunk of the build that is not code it renders: the
// editions' texts, the search index (docs/decisions/0045-one-way-to-load.md). Data
// from the API goes through TanStack Query (the admin); components go through lazy().
// A chunk is a dynamic import of what the build wrote: it never goes stale, has no key
// and nothing invalidates it, so all there is to it is waiting, loaded or failed, and a
// retry. Imported as "@portfolio/ui/use-chunk".
import { type RefObject, useCallback, useEffect, useState } from "react";

export type Chunk<T> = { state: "waiting" } | { state: "loaded"; value: T } | { state: "failed" };

export interface ChunkOptions<T> {
  /** The chunk if it is already here (loaded by the prerender, or on an earlier visit). */
  loaded?: () => T | undefined;
  /**
   * Load only once this element comes within `rootMargin` of the screen. Without it, or
   * where there is no IntersectionObserver (tests, old browsers), the chunk loads at once.
   */
  near?: RefObject<Element | null>;
  rootMargin?: string;
  /** What console.error says when the chunk does not load. */
  failure: string;
}

/**
 * `load` (a module's function, the same on every render) once the component mounts, or
 * once `near` comes near the screen; `retry` loads it again after a failure.
 */
export function useChunk<T>(
  load: () => Promise<T>,
  { loaded, near, rootMargin, failure }: ChunkOptions<T>,
): { chunk: Chunk<T>; retry: () => void } {
  const [chunk, setChunk] = useState<Chunk<T>>(() => {
    const value = loaded?.();
    return value === undefined ? { state: "waiting" } : { state: "loaded", value };
  });
  const [attempt, setAttempt] = useState(0);
  const waiting = chunk.state === "waiting";
  // `attempt` is a dependency so that a retry starts a new load.
  useEffect(() => {
    if (!waiting) return;
    let live = true;
    const start = () =>
      load().then(
        (value) => live && setChunk({ state: "loaded", value }),
        (error: unknown) => {
          console.error(failure, error);
          if (live) setChunk({ state: "failed" });
        },
      );
    const target = near?.current;
    if (!target || typeof IntersectionObserver === "undefined") {
      void start();
      return () => {
        live = false;
      };
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        void start();
      },
      { rootMargin },
    );
    observer.observe(target);
    return () => {
      live = false;
      observer.disconnect();
    };
  }, [load, near, rootMargin, failure, waiting, attempt]);
  const retry = useCallback(() => {
    setChunk({ state: "waiting" });
    setAttempt((n) => n + 1);
  }, []);
  return { chunk, retry };
}
