import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
} from "react";
import { DARK_QUERY, DEFAULT_THEME, THEME_CHOICES, THEME_STORAGE_KEY } from "./theme-script";

export type Theme = (typeof THEME_CHOICES)[number];
export type ResolvedTheme = "light" | "dark";

export interface ThemeContextValue {
  /** What the visitor chose. */
  theme: Theme;
  /** What is painted: `system` resolved through prefers-color-scheme. */
  resolvedTheme: ResolvedTheme;
  setTheme: (theme: Theme) => void;
  /** light → dark → system → light */
  cycleTheme: () => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

const NEXT: Record<Theme, Theme> = { light: "dark", dark: "system", system: "light" };

export function nextTheme(theme: Theme): Theme {
  return NEXT[theme];
}

function isTheme(value: unknown): value is Theme {
  return typeof value === "string" && (THEME_CHOICES as readonly string[]).includes(value);
}

function readStoredTheme(storageKey: string, fallback: Theme): Theme {
  try {
    const stored = window.localStorage.getItem(storageKey);
    return isTheme(stored) ? stored : fallback;
  } catch {
    return fallback; // storage disabled (privacy mode, sandboxed frame)
  }
}

export interface ThemeProviderProps {
  children: ReactNode;
  defaultTheme?: Theme;
  storageKey?: string;
}

/**
 * Keeps the theme choice in localStorage and the resolved theme on <html>
 * (`class="light|dark"`, `data-theme-choice`, `color-scheme`). Renders the same on the
 * server and the client: browser APIs are touched only in effects and handlers.
 */
export function ThemeProvider({
  children,
  defaultTheme = DEFAULT_THEME,
  storageKey = THEME_STORAGE_KEY,
}: ThemeProviderProps) {
  const [theme, setThemeState] = useState<Theme>(defaultTheme);
  const [systemDark, setSystemDark] = useState(false);
  // Until the stored choice is read, leave <html> as the inline script painted it.
  const [ready, setReady] = useState(false);

  // Layout effect: read the stored choice before the first paint, so the button never
  // shows the default for a frame.
  useLayoutEffect(() => {
    setThemeState(readStoredTheme(storageKey, defaultTheme));
    setSystemDark(window.matchMedia(DARK_QUERY).matches);
    setReady(true);
  }, [storageKey, defaultTheme]);

  // Follow the OS preference live, and choices made in other tabs.
  useEffect(() => {
    const media = window.matchMedia(DARK_QUERY);
    const onMedia = (event: MediaQueryListEvent) => setSystemDark(event.matches);
    const onStorage = (event: StorageEvent) => {
      if (event.key === storageKey)
        setThemeState(isTheme(event.newValue) ? event.newValue : defaultTheme);
    };
    media.addEventListener("change", onMedia);
    window.addEventListener("storage", onStorage);
    return () => {
      media.removeEventListener("change", onMedia);
      window.removeEventListener("storage", onStorage);
    };
  }, [storageKey, defaultTheme]);

  const resolvedTheme: ResolvedTheme = theme === "system" ? (systemDark ? "dark" : "light") : theme;

  useLayoutEffect(() => {
    if (!ready) return;
    const root = document.documentElement;
    root.classList.remove("light", "dark");
    root.classList.add(resolvedTheme);
    root.style.colorScheme = resolvedTheme;
    root.setAttribute("data-theme-choice", theme);
  }, [ready, theme, resolvedTheme]);

  const setTheme = useCallback(
    (next: Theme) => {
      try {
        window.localStorage.setItem(storageKey, next);
      } catch {
        // Not persisted; the choice still applies to this page.
      }
      setThemeState(next);
    },
    [storageKey],
  );

  const cycleTheme = useCallback(() => setTheme(nextTheme(theme)), [setTheme, theme]);

  const value = useMemo(
    () => ({ theme, resolvedTheme, setTheme, cycleTheme }),
    [theme, resolvedTheme, setTheme, cycleTheme],
  );
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const context = useContext(ThemeContext);
  if (!context) throw new Error("useTheme must be used inside <ThemeProvider>");
  return context;
}
