import { Button } from "@portfolio/ui/button";
import { MonitorIcon, MoonIcon, SunIcon } from "@portfolio/ui/icons";
import { nextTheme, useTheme, type Theme } from "@portfolio/ui/theme-provider";

const icons: Record<Theme, typeof SunIcon> = { light: SunIcon, dark: MoonIcon, system: MonitorIcon };

/** Cycles light → dark → system; its name says the current choice and the next one. */
export function ThemeToggle() {
  const { theme, cycleTheme } = useTheme();
  const Icon = icons[theme];
  const label = `Theme: ${theme}. Switch to ${nextTheme(theme)}`;
  return (
    <Button variant="ghost" size="icon" aria-label={label} title={label} onClick={cycleTheme}>
      <Icon />
    </Button>
  );
}
