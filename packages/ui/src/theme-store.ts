import { DARK_QUERY, DEFAULT_THEME, THEME_CHOICES, THEME_STORAGE_KEY } from "./theme-script";

// The page's theme, without React: the header's theme control works from the first tap,
// before any React has loaded (docs/decisions/0040-islands.md), and ThemeProvider reads
// and changes the same state. What is painted lives on <html> (the inline theme script
// put it there before the first paint); the choice lives in localStorage.

export type Theme = (typeof THEME_CHOICES)[number];
export type ResolvedTheme = "light" | "dark";
export interface ThemeState {
  /** What the visitor chose. */
  theme: Theme;
  /** What is painted: `system` resolved through prefers-color-scheme. */
  resolvedTheme: ResolvedTheme;
  /** The OS's scheme (prefers-color-scheme). */
  systemTheme: ResolvedTheme;
}

const other = (t: ResolvedTheme): ResolvedTheme => (t === "dark" ? "light" : "dark");

/**
 * The choice after this one, so that the first tap changes what is shown
 * (docs/decisions/0055-theme-cycle-from-what-is-shown.md): from `system` the theme the OS
 * is not, then the one it is, then `system` again. On a dark OS: light → dark → system.
 */
export function nextTheme({
  theme,
  systemTheme,
}: Pick<ThemeState, "theme" | "systemTheme">): Theme {
  if (theme === "system") return other(systemTheme);
  return theme === systemTheme ? "system" : systemTheme;
}

/** The theme control's name: the current choice and the next one. */
export function themeLabel(state: Pick<ThemeState, "theme" | "systemTheme">): string {
  return `Theme: ${state.theme}. Switch to ${nextTheme(state)}`;
}

export function isTheme(value: unknown): value is Theme {
  return typeof value === "string" && (THEME_CHOICES as readonly string[]).includes(value);
}

// A choice the browser would not store (storage disabled): it still applies to this page.
let unstored: Theme | undefined;

function storedTheme(): Theme {
  if (unstored) return unstored;
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(stored) ? stored : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME; // storage disabled (privacy mode, sandboxed frame)
  }
}

const systemDark = () => window.matchMedia(DARK_QUERY).matches;

function resolve(theme: Theme): ThemeState {
  const systemTheme = systemDark() ? "dark" : "light";
  return { theme, resolvedTheme: theme === "system" ? systemTheme : theme, systemTheme };
}

function paint({ theme, resolvedTheme }: ThemeState): void {
  const root = document.documentElement;
  root.classList.remove("light", "dark");
  root.classList.add(resolvedTheme);
  root.style.colorScheme = resolvedTheme;
  root.setAttribute("data-theme-choice", theme);
}

let snapshot: ThemeState | undefined;
const listeners = new Set<() => void>();

/** The current theme (the same object until it changes: a useSyncExternalStore snapshot). */
export function getTheme(): ThemeState {
  const next = resolve(storedTheme());
  if (
    snapshot?.theme !== next.theme ||
    snapshot.resolvedTheme !== next.resolvedTheme ||
    snapshot.systemTheme !== next.systemTheme
  )
    snapshot = next;
  return snapshot;
}

function changed(): void {
  paint(getTheme());
  for (const listener of listeners) listener();
}

/** Chooses a theme: painted at once and kept for the next visit. */
export function setTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
    unstored = undefined;
  } catch {
    unstored = theme;
  }
  changed();
}

/** Chooses the next theme (nextTheme). */
export function cycleTheme(): void {
  setTheme(nextTheme(getTheme()));
}

// The OS's preference moved, or another tab chose.
const onStorage = (event: StorageEvent) => {
  if (event.key === THEME_STORAGE_KEY) changed();
};

/** Calls `listener` on every change: a choice here or in another tab, or the OS's. */
let media: MediaQueryList | undefined;

export function subscribeTheme(listener: () => void): () => void {
  if (listeners.size === 0) {
    media = window.matchMedia(DARK_QUERY);
    media.addEventListener("change", changed);
    window.addEventListener("storage", onStorage);
    paint(getTheme()); // what the inline script painted, or (without it) the stored choice
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    media?.removeEventListener("change", changed);
    media = undefined;
    window.removeEventListener("storage", onStorage);
  };
}
