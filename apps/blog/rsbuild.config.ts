import { defineRemote } from "@portfolio/build-config";
import { defineConfig } from "@rsbuild/core";

// The blog: a Module Federation remote. The shell mounts it at /blog/* with
// loadRemote("blog/routes"); the gateway serves this build under /mf/blog/.
// `pnpm dev` here serves it alone on :3001 (src/standalone.tsx) and to a shell on :3000.
export default defineConfig(
  defineRemote({
    name: "blog",
    port: 3001,
    exposes: { "./routes": "./src/routes.tsx" },
  }),
);
