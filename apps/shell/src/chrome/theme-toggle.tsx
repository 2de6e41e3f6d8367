import { Button } from "@portfolio/ui/button";
import { MonitorIcon, MoonIcon, SunIcon } from "@portfolio/ui/icons";
import { nextTheme, useTheme } from "@portfolio/ui/theme-provider";

/**
 * Cycles light → dark → system; its name says the current choice and the next one.
 * The prerendered page cannot know the visitor's choice, so the button holds all three
 * icons and CSS shows the one of <html data-theme-choice>, which the inline theme script
 * sets before the first paint: the right icon from the start, not after hydration.
 */
export function ThemeToggle() {
  const { theme, cycleTheme } = useTheme();
  const label = `Theme: ${theme}. Switch to ${nextTheme(theme)}`;
  return (
    <Button variant="ghost" size="icon" aria-label={label} title={label} onClick={cycleTheme}>
      <SunIcon className="hidden in-data-[theme-choice=light]:block" />
      <MoonIcon className="hidden in-data-[theme-choice=dark]:block" />
      <MonitorIcon className="in-data-[theme-choice=light]:hidden in-data-[theme-choice=dark]:hidden" />
    </Button>
  );
}
