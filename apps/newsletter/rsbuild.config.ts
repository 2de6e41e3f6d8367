import { defineRemote } from "@portfolio/build-config";
import { defineConfig } from "@rsbuild/core";

// The newsletter: a Module Federation remote. The shell mounts it at /newsletter/* with
// loadRemote("newsletter/routes"); the gateway serves this build under /mf/newsletter/.
// A page that arrived prerendered hydrates only its islands, from "newsletter/islands".
// `pnpm dev` here serves it alone on :3002 (src/standalone.tsx) and to a shell on :3000.
export default defineConfig(
  defineRemote({
    name: "newsletter",
    port: 3002,
    exposes: { "./routes": "./src/routes.tsx", "./islands": "./src/islands.ts" },
  }),
);
