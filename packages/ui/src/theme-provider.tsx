import { createContext, type ReactNode, useContext, useMemo, useSyncExternalStore } from "react";
import { DEFAULT_THEME } from "./theme-script";
import {
  cycleTheme,
  getTheme,
  setTheme,
  subscribeTheme,
  type Theme,
  type ThemeState,
} from "./theme-store";

export type { ResolvedTheme, Theme } from "./theme-store";
export { nextTheme, themeLabel } from "./theme-store";

export interface ThemeContextValue extends ThemeState {
  setTheme: (theme: Theme) => void;
  /** From `system` the theme the OS is not, then the one it is, then `system` (nextTheme). */
  cycleTheme: () => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

// The prerendered page cannot know the visitor's choice: it renders the default, and the
// browser's first render after hydration reads the real one.
const serverTheme: ThemeState = {
  theme: DEFAULT_THEME,
  resolvedTheme: "light",
  systemTheme: "light",
};

/**
 * The theme for React: the page's one theme store (theme-store.ts), which keeps the
 * choice in localStorage and the resolved theme on <html> (`class="light|dark"`,
 * `data-theme-choice`, `color-scheme`), and follows the OS and other tabs.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const state = useSyncExternalStore(subscribeTheme, getTheme, () => serverTheme);
  const value = useMemo(() => ({ ...state, setTheme, cycleTheme }), [state]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const context = useContext(ThemeContext);
  if (!context) throw new Error("useTheme must be used inside <ThemeProvider>");
  return context;
}
