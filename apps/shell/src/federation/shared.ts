import type { init } from "@module-federation/enhanced/runtime";

type SharedOptions = NonNullable<Parameters<typeof init>[0]["shared"]>;

/** The shared map the remotes are built with (build-config's sharedModules()). */
declare const __MF_SHARED__: Record<string, { version: string; requiredVersion: string }>;

/**
 * The shell's own copy of every module the remotes consume as a shared singleton. The
 * shell is not built with the MF plugin (docs/decisions/0026-lazy-federation-runtime.md),
 * so it names them here; the bundler then gives each `import()` the module instance the
 * shell itself runs: one React, one router, one theme and toast store on the page.
 * tests/federation.test.ts checks that this list and the shared map agree.
 */
export const sharedProviders: Record<string, () => Promise<unknown>> = {
  react: () => import("react"),
  "react/jsx-runtime": () => import("react/jsx-runtime"),
  "react/jsx-dev-runtime": () => import("react/jsx-dev-runtime"),
  "react-dom": () => import("react-dom"),
  "react-dom/client": () => import("react-dom/client"),
  "react-router": () => import("./react-router"),
  "@portfolio/content": () => import("@portfolio/content"),
  "@portfolio/api-client": () => import("@portfolio/api-client"),
  "@portfolio/ui/adjacent-links": () => import("@portfolio/ui/adjacent-links"),
  "@portfolio/ui/badge": () => import("@portfolio/ui/badge"),
  "@portfolio/ui/button": () => import("@portfolio/ui/button"),
  "@portfolio/ui/card": () => import("@portfolio/ui/card"),
  "@portfolio/ui/cn": () => import("@portfolio/ui/cn"),
  "@portfolio/ui/dialog": () => import("@portfolio/ui/dialog"),
  "@portfolio/ui/dialog-container": () => import("@portfolio/ui/dialog-container"),
  "@portfolio/ui/external-link": () => import("@portfolio/ui/external-link"),
  "@portfolio/ui/form": () => import("@portfolio/ui/form"),
  "@portfolio/ui/icons": () => import("@portfolio/ui/icons"),
  "@portfolio/ui/page": () => import("@portfolio/ui/page"),
  "@portfolio/ui/reading-aids": () => import("@portfolio/ui/reading-aids"),
  "@portfolio/ui/tag-list": () => import("@portfolio/ui/tag-list"),
  "@portfolio/ui/text-loading": () => import("@portfolio/ui/text-loading"),
  "@portfolio/ui/theme-provider": () => import("@portfolio/ui/theme-provider"),
  "@portfolio/ui/theme-script": () => import("@portfolio/ui/theme-script"),
  "@portfolio/ui/theme-store": () => import("@portfolio/ui/theme-store"),
  "@portfolio/ui/toast": () => import("@portfolio/ui/toast"),
  "@portfolio/ui/toast-region": () => import("@portfolio/ui/toast-region"),
  "@portfolio/ui/toaster": () => import("@portfolio/ui/toaster"),
  "@portfolio/ui/tooltip": () => import("@portfolio/ui/tooltip"),
  "@portfolio/ui/use-chunk": () => import("@portfolio/ui/use-chunk"),
  "@portfolio/ui/use-copy-buttons": () => import("@portfolio/ui/use-copy-buttons"),
  "@portfolio/ui/use-document-title": () => import("@portfolio/ui/use-document-title"),
  "@portfolio/ui/use-form": () => import("@portfolio/ui/use-form"),
  "@portfolio/ui/use-submit": () => import("@portfolio/ui/use-submit"),
  "@portfolio/ui/use-toast": () => import("@portfolio/ui/use-toast"),
};

/** The `shared` option of the shell's MF instance: each module at the version built. */
export function sharedOptions(
  shared: Record<string, { version: string; requiredVersion: string }> = __MF_SHARED__,
): SharedOptions {
  const options: SharedOptions = {};
  for (const [name, { version, requiredVersion }] of Object.entries(shared)) {
    const load = sharedProviders[name];
    if (!load) throw new Error(`the shell provides no module for the shared "${name}"`);
    options[name] = {
      version,
      get: () => load().then((module) => () => module),
      shareConfig: { singleton: true, requiredVersion },
    };
  }
  return options;
}
