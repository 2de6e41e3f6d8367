import { cycleTheme, getTheme, subscribeTheme, themeLabel } from "@portfolio/ui/theme-store";

/**
 * The header's theme control (`data-theme-toggle`), from the first tap: a click cycles
 * the theme in the page's one theme store, and every control's name follows it (also
 * after the app has rendered the header anew: the listener is on the document).
 */
export function attachThemeControl(): void {
  document.addEventListener("click", (event) => {
    if ((event.target as Element).closest?.("[data-theme-toggle]")) cycleTheme();
  });
  const name = () => {
    const label = themeLabel(getTheme());
    for (const control of document.querySelectorAll("[data-theme-toggle]")) {
      control.setAttribute("aria-label", label);
      control.setAttribute("title", label);
    }
  };
  subscribeTheme(name);
  name(); // the prerendered name is the default's, not the visitor's
}
