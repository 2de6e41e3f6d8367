import type { ModuleFederationRuntimePlugin } from "@module-federation/enhanced/runtime";

/**
 * Module Federation runtime plugin: the middle of three failure layers (retry in
 * remotes.ts, this hook, the error boundary in remote-route.tsx). It turns the
 * runtime's failure into one readable log line naming the remote and the step that
 * failed, then lets the error propagate so the shell can retry and finally show the
 * section's fallback. It never substitutes a module: a section that is down must say so.
 */
export default function remoteErrorsPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: "portfolio:remote-errors",
    errorLoadRemote({ id, lifecycle, error }) {
      const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
      console.warn(`[federation] ${id} failed during ${lifecycle}: ${reason}`);
      return undefined;
    },
  };
}
