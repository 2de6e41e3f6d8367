import { Button } from "@portfolio/ui/button";
import { DialogContainer } from "@portfolio/ui/dialog-container";
import {
  Component,
  type ComponentType,
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  startTransition,
  useContext,
  useEffect,
  useState,
} from "react";
import { loadRemoteRoutes, type RemoteRoutesModule, refreshRemote } from "./remotes";

interface Entry {
  component: ComponentType;
  attempt: number;
}

/** A section's page as prerendered, for the path it was sent for, when its code failed. */
const kept = new Map<string, { html: string; path: string }>();

// One lazy component per remote for the page's lifetime, so moving around inside a
// section never reloads it; replaced only when the visitor asks to try again.
const sections = new Map<string, Entry>();

function section(name: string, attempt: number): ComponentType {
  const current = sections.get(name);
  if (current && current.attempt >= attempt) return current.component;
  const component = lazy(() => loadRemoteRoutes(name, { fresh: attempt > 0 }));
  sections.set(name, { component, attempt });
  return component;
}

/**
 * In the prerender (src/prerender.tsx) a section is not loaded: its place is marked with
 * <template data-section="name">, which the gateway replaces with the HTML the
 * section's own build prerendered (docs/decisions/0001-prerender-composition.md).
 */
export const SectionSlots = createContext(false);

function SectionSlot({ name }: { name: string }) {
  return <template data-section={name} />;
}

/**
 * Keeps the section's part of the page the document arrived with (as the gateway sent
 * it) before the app takes the page over: should the section's code fail to load when
 * the visitor comes back to this page, it shows again, readable, with the notice.
 */
export function keepDocumentSection(): void {
  const part = document.querySelector<HTMLElement>("#main [data-section]");
  const name = part?.dataset.section;
  if (part && name) kept.set(name, { html: part.innerHTML, path: window.location.pathname });
}

/**
 * Loads a section before the page hydrates, so the first client render is the section
 * itself, as prerendered, never its 'Loading…' fallback.
 */
export async function preloadSection(name: string): Promise<void> {
  // The section's prerendered HTML, as the gateway sent it, kept in case the section's
  // code cannot load: the page stays readable instead of turning into an error.
  const prerendered = document.querySelector(`[data-section="${name}"]`)?.innerHTML;
  let module: RemoteRoutesModule;
  try {
    module = await loadRemoteRoutes(name);
  } catch (error) {
    if (prerendered) kept.set(name, { html: prerendered, path: window.location.pathname });
    throw error;
  }
  // The component itself, not a React.lazy of it: lazy suspends on its first render even
  // when its module is here, and hydration would wait a turn for it.
  if (!sections.has(name)) sections.set(name, { component: module.default, attempt: 0 });
}

export function RemoteLoading() {
  return (
    <div
      role="status"
      className="mx-auto max-w-6xl px-4 py-24 text-center text-muted-foreground sm:px-6"
    >
      Loading…
    </div>
  );
}

/** A small notice above a page whose interactive parts could not load, with 'Try again'. */
export function UnavailableNotice({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="mx-auto max-w-6xl px-4 pt-4 sm:px-6">
      <p
        role="status"
        className="flex flex-wrap items-center gap-3 rounded-md border border-border px-4 py-2 text-sm text-muted-foreground"
      >
        Interactive parts of this page are unavailable right now.
        <Button variant="outline" size="sm" onClick={onRetry}>
          Try again
        </Button>
      </p>
    </div>
  );
}

/**
 * The page as prerendered, kept readable when its section's code could not load, with a
 * small notice that its interactive parts are unavailable and a 'Try again'.
 */
export function RemoteKept({ html, onRetry }: { html: string; onRetry: () => void }) {
  return (
    <>
      <UnavailableNotice onRetry={onRetry} />
      {/* The very HTML the gateway sent for this page (from the section's own build). */}
      <div className="contents" dangerouslySetInnerHTML={{ __html: html }} />
    </>
  );
}

export function RemoteFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-24 sm:px-6">
      <div
        role="alert"
        className="mx-auto flex max-w-md flex-col items-center gap-4 rounded-lg border border-border p-8 text-center"
      >
        <p className="text-lg font-semibold">This section could not be loaded</p>
        <p className="text-sm text-muted-foreground">
          Check your connection and try again. The rest of the site still works.
        </p>
        <Button onClick={onRetry}>Try again</Button>
      </div>
    </div>
  );
}

// React reports the caught error (createRoot's onCaughtError); this only swaps the view.
class SectionBoundary extends Component<
  { fallback: (retry: () => void) => ReactNode; onRetry: () => void; children: ReactNode },
  { failed: boolean }
> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  retry = () => {
    this.setState({ failed: false });
    this.props.onRetry();
  };

  render() {
    return this.state.failed ? this.props.fallback(this.retry) : this.props.children;
  }
}

/**
 * A remote section (blog, newsletter, admin) mounted at `/<name>/*`: loads `<name>/routes`
 * through Module Federation, shows 'Loading…' meanwhile, and if loading or rendering
 * fails, a fallback whose 'Try again' reloads just this section.
 */
export function RemoteRoute({ name }: { name: string }) {
  const [attempt, setAttempt] = useState(() => sections.get(name)?.attempt ?? 0);
  // Entering the section, its code loads within the navigation's transition: it suspends
  // to the page's boundary (the layout's), which keeps the page being left on screen,
  // with the layout's progress cue, until the section can render. Only 'Try again' shows
  // this section's own 'Loading…' (nothing else is on screen then but the fallback).
  const [retried, setRetried] = useState(false);
  const slots = useContext(SectionSlots);
  const Section = section(name, attempt);
  // Entering the section (this mounts on the way in, not on moves inside it): if a newer
  // release was promoted since it was loaded, load that one. A transition keeps the
  // page on screen until the new release renders; a tab that stays inside the section
  // keeps the release it loaded, whose files stay served (docs/decisions/0035).
  useEffect(() => {
    let live = true;
    void refreshRemote(name).then((moved) => {
      if (moved && live) startTransition(() => setAttempt((n) => n + 1));
    });
    return () => {
      live = false;
    };
  }, [name]);
  // The section's root: its own stylesheet is scoped to it (@scope in the remote's
  // section.css); `contents` keeps it out of the layout. The section's dialogs go in it,
  // so that the same stylesheet reaches them.
  const [root, setRoot] = useState<HTMLDivElement | null>(null);
  return (
    <div ref={setRoot} data-section={name} className="contents">
      <DialogContainer.Provider value={root}>
        <SectionBoundary
          key={name}
          onRetry={() => {
            setRetried(true);
            setAttempt((n) => n + 1);
          }}
          fallback={(retry) => {
            const page = kept.get(name);
            // Only on the page it was sent for: a move inside the section shows another.
            return page && page.path === window.location.pathname ? (
              <RemoteKept html={page.html} onRetry={retry} />
            ) : (
              <RemoteFailed onRetry={retry} />
            );
          }}
        >
          {retried ? (
            <Suspense fallback={<RemoteLoading />}>
              <Section />
            </Suspense>
          ) : slots ? (
            <SectionSlot name={name} />
          ) : (
            <Section />
          )}
        </SectionBoundary>
      </DialogContainer.Provider>
    </div>
  );
}
