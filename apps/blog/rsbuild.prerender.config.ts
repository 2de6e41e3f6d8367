import { definePrerender } from "@portfolio/build-config";
import { defineConfig } from "@rsbuild/core";

// This section's pages prerendered at build time (src/prerender.tsx), run after the
// browser build: `rsbuild build && rsbuild build -c rsbuild.prerender.config.ts`.
export default defineConfig(definePrerender());
