import { defineRemote } from "@portfolio/build-config";
import { defineConfig } from "@rsbuild/core";

// The admin section: a Module Federation remote. The shell mounts it at /admin/* with
// loadRemote("admin/routes"); the gateway serves this build under /mf/admin/.
// Its page, loaded on the admin's origin, hydrates as an island, from "admin/islands".
// `pnpm dev` here serves it alone on :3003 (src/standalone.tsx) and to a shell on :3000.
export default defineConfig(
  defineRemote({
    name: "admin",
    port: 3003,
    exposes: { "./routes": "./src/routes.tsx", "./islands": "./src/islands.ts" },
  }),
);
