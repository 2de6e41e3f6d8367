import { init } from "@module-federation/enhanced/runtime";
import injectExternalRuntimeCore from "@module-federation/inject-external-runtime-core-plugin";
import remoteErrorsPlugin from "./runtime-plugin";
import { sharedOptions } from "./shared";

/**
 * The shell's Module Federation instance, in a chunk of its own that only a remote
 * section's route loads (docs/decisions/0026-lazy-federation-runtime.md). The remotes
 * are built with `externalRuntime`: the inject plugin hands them this runtime core.
 * 'loaded-first': one remote that is down must not block the others' shared modules.
 */
export const federation = init({
  name: "shell",
  remotes: [],
  shared: sharedOptions(),
  shareStrategy: "loaded-first",
  plugins: [injectExternalRuntimeCore(), remoteErrorsPlugin()],
});
