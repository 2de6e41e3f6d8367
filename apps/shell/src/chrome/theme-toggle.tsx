import { Button } from "@portfolio/ui/button";
import { MonitorIcon, MoonIcon, SunIcon } from "@portfolio/ui/icons";
import { themeLabel, useTheme } from "@portfolio/ui/theme-provider";

/**
 * Cycles the theme, from `system` to the theme the OS is not first (nextTheme: on a dark
 * OS light → dark → system); its name says the current choice and the next one.
 * The click is handled without React (src/document/theme.ts, `data-theme-toggle`), so
 * the first tap works before any React has loaded; this renders the button and its name.
 * The prerendered page cannot know the visitor's choice, so the button holds all three
 * icons and CSS shows the one of <html data-theme-choice>, which the inline theme script
 * sets before the first paint: the right icon from the start.
 */
export function ThemeToggle() {
  const label = themeLabel(useTheme());
  return (
    <Button variant="ghost" size="icon" aria-label={label} title={label} data-theme-toggle="">
      <SunIcon className="hidden in-data-[theme-choice=light]:block" />
      <MoonIcon className="hidden in-data-[theme-choice=dark]:block" />
      <MonitorIcon className="in-data-[theme-choice=light]:hidden in-data-[theme-choice=dark]:hidden" />
    </Button>
  );
}
