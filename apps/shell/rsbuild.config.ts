import { defineHost } from "@portfolio/build-config";
import { themeScript } from "@portfolio/ui/theme-script";
import { defineConfig } from "@rsbuild/core";

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
  }),
);
