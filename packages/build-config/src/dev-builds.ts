import type { IncomingMessage, ServerResponse } from "node:http";
import type { RsbuildPlugin } from "@rsbuild/core";

/**
 * Where a remote's dev server tells who listens that it has built: Server-Sent Events,
 * one `data:` line per successful build (the first on connecting). The shell's dev page
 * (apps/shell/src/dev/reload-on-remote-change.ts) listens on every remote's and reloads
 * itself when one has built again.
 */
export const DEV_BUILDS_PATH = "/__dev/builds";

/**
 * Why not Module Federation's own dev tooling: its hot replacement and live reload reach
 * a host built with the federation plugin, and the shell is built without it
 * (docs/decisions/0026-lazy-federation-runtime.md). Rsbuild's own HMR client lives in a
 * remote's standalone page, which the shell never loads.
 */
export function pluginDevBuilds(): RsbuildPlugin {
  return {
    name: "portfolio:dev-builds",
    apply: "serve",
    setup(api) {
      const listeners = new Set<ServerResponse>();
      // A restarted dev server is another build too, though its count starts again.
      const started = Date.now().toString(36);
      let builds = 0;
      const current = () => `data: ${started}-${builds}\n\n`;
      api.onBeforeStartDevServer(({ server }) => {
        server.middlewares.use((req: IncomingMessage, res: ServerResponse, next: () => void) => {
          if (req.url?.split("?")[0] !== DEV_BUILDS_PATH) return next();
          res.writeHead(200, {
            "Content-Type": "text/event-stream",
            "Cache-Control": "no-store",
            // The shell's page is on another port (another origin).
            "Access-Control-Allow-Origin": "*",
          });
          res.write(current());
          listeners.add(res);
          req.on("close", () => listeners.delete(res));
        });
      });
      api.onAfterDevCompile(({ stats }) => {
        if (stats.hasErrors()) return; // the overlay of the remote's own page says why
        builds++;
        for (const res of listeners) res.write(current());
      });
    },
  };
}
