import { defineHost } from "@portfolio/build-config";
import { themeScript } from "@portfolio/ui/theme-script";
import { defineConfig, type HtmlTag } from "@rsbuild/core";
import { entryLoaderScript } from "./src/document/entry-loader";

/**
 * The entry's <script src> becomes the inline script that loads it after the first paint
 * (src/document/entry-loader.ts), at the end of <body>. In a production build only: the
 * dev page has no prerendered page to paint before its entry renders one.
 */
function entryAfterFirstPaint(tags: HtmlTag[]): HtmlTag[] {
  const entries = tags.filter((t) => t.tag === "script" && typeof t.attrs?.src === "string");
  const [entry] = entries;
  if (entries.length !== 1 || !entry)
    throw new Error(`shell: expected one entry script in index.html, found ${entries.length}`);
  return [
    ...tags.filter((t) => t !== entry),
    {
      tag: "script",
      // Marks it as what starts the app: the gateway's notices leave it out.
      attrs: { "data-entry": "" },
      children: entryLoaderScript(String(entry.attrs?.src)),
      head: false,
      append: true,
    },
  ];
}

// The shell: Module Federation host that owns index.html, the router, the providers and
// the chrome. It knows no remote URL at build time: src/federation/remotes.ts reads
// /mf/remotes.json from the gateway, and starts the MF runtime, when a section is wanted.
export default defineConfig(
  defineHost({
    name: "shell",
    port: 3000,
    template: "./index.html",
    // Inlined in <head> so the theme class is on <html> before first paint; the gateway
    // allows exactly this script by its hash in the CSP.
    templateParameters: { themeScript },
    devEntry: "./src/dev/dev-page.ts",
    extend: process.env.NODE_ENV === "production" ? { html: { tags: [entryAfterFirstPaint] } } : {},
  }),
);
