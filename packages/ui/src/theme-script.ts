/**
 * The one place that knows how a theme choice turns into classes on <html>. The shell's
 * index.html inlines `themeScript` in <head> (before CSS) so the right theme is painted
 * first; ThemeProvider takes over after React mounts. The gateway allows this script by
 * the hash of its exact bytes, so it is built from constants only.
 */
export const THEME_STORAGE_KEY = "vite-ui-theme";
export const THEME_CHOICES = ["light", "dark", "system"] as const;
export const DEFAULT_THEME = "system";
export const DARK_QUERY = "(prefers-color-scheme: dark)";

export const themeScript =
  `(function(){var c="${DEFAULT_THEME}";try{var s=localStorage.getItem("${THEME_STORAGE_KEY}");` +
  `if(s==="light"||s==="dark"||s==="system")c=s}catch(e){}` +
  `var t=c==="system"?(matchMedia("${DARK_QUERY}").matches?"dark":"light"):c,` +
  `r=document.documentElement;r.classList.remove("light","dark");r.classList.add(t);` +
  `r.style.colorScheme=t;r.setAttribute("data-theme-choice",c)})()`;
