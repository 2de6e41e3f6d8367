import { pluginModuleFederation } from "@module-federation/rsbuild-plugin";
import { mergeRsbuildConfig, type RsbuildConfig, type RsbuildPlugin } from "@rsbuild/core";
import { pluginReact } from "@rsbuild/plugin-react";
import tailwindcss from "@tailwindcss/postcss";
import { DEV_BUILDS_PATH, pluginDevBuilds } from "./dev-builds";
import { pluginPrecompress } from "./precompress";
import { type SharedObject, sharedModules } from "./shared";

interface CommonOptions {
  /** Module Federation container name; also the name in /mf/remotes.json. */
  name: string;
  /** Dev server port. */
  port: number;
  /** Extra Rsbuild config, merged last with mergeRsbuildConfig. */
  extend?: Partial<RsbuildConfig>;
}

export interface HostOptions extends CommonOptions {
  /** HTML template of the single page; its parameters come from `templateParameters`. */
  template: string;
  templateParameters?: Record<string, string>;
  /** Where `rsbuild dev` forwards /mf and /api: the gateway (see `make dev`). */
  gatewayUrl?: string;
  /** The entry of `rsbuild dev`'s page, in place of src/index.ts. */
  devEntry?: string;
}

export interface RemoteOptions extends CommonOptions {
  /** Modules the host may load, e.g. `{ "./routes": "./src/routes.tsx" }`. */
  exposes: Record<string, string>;
}

const isProduction = process.env.NODE_ENV === "production";

/**
 * Module Federation puts its bundler runtime in every container's entry by absolute path
 * to the package's CommonJS build (@rspack/core resolves it with require.resolve), so
 * nothing it pulls in (@module-federation/sdk, /runtime, /error-codes) can be tree-shaken.
 * Swapping in the ESM build of the same version lets Rspack drop the unused parts: a
 * remote's remoteEntry.js goes from ~14.7 to ~9.8 kB gzip (with externalRuntime).
 * If a later @rspack/core or MF version
 * imports the bundler runtime differently, the pattern stops matching and the remotes
 * silently get the CommonJS build (and its ~5 kB) back; the build still works.
 */
function useEsmBundlerRuntime(): NonNullable<RsbuildConfig["tools"]>["rspack"] {
  return (_config, { rspack, appendPlugins }) => {
    appendPlugins(
      new rspack.NormalModuleReplacementPlugin(
        /[\\/]@module-federation[\\/]webpack-bundler-runtime[\\/]dist[\\/]index\.cjs$/,
        (resource) => {
          resource.request = resource.request.replace(/\.cjs$/, ".js");
        },
      ),
    );
  };
}

/** Rsbuild settings every app shares: React, Tailwind v4 through PostCSS, hashed names. */
function baseConfig(port: number, plugins: RsbuildPlugin[]): RsbuildConfig {
  return {
    plugins: [pluginReact(), ...plugins, pluginPrecompress()],
    server: { host: "127.0.0.1", port, strictPort: true },
    // On-demand compilation of dynamic imports races Module Federation's chunk loading
    // (the first page load fails with "reading 'call'"); compile everything up front.
    dev: { lazyCompilation: false },
    tools: { postcss: { postcssOptions: { plugins: [tailwindcss()] } } },
    output: {
      filenameHash: "contenthash:10",
      // The gateway's CSP allows only the inline scripts it finds in the shell's
      // index.html (by hash); the bundler must never inline its own runtime.
      inlineScripts: false,
      legalComments: "none",
    },
    performance: { printFileSize: { compressed: true } },
  };
}

/**
 * Writes the host's shared map as mf-shared.json beside index.html: the gateway reads it
 * to refuse a section release built against modules this shell does not provide
 * (docs/decisions/0035-section-releases.md).
 */
function pluginSharedManifest(shared: SharedObject): RsbuildPlugin {
  return {
    name: "portfolio:mf-shared",
    setup(api) {
      api.processAssets({ stage: "additional" }, ({ compilation, sources }) => {
        compilation.emitAsset(
          "mf-shared.json",
          new sources.RawSource(`${JSON.stringify(shared, null, 2)}\n`),
        );
      });
    },
  };
}

/**
 * The host: owns index.html, the router and the providers; finds remotes at runtime.
 *
 * It is built without the Module Federation plugin (docs/decisions/0026-lazy-federation-runtime.md):
 * the plugin puts the whole MF runtime (33 kB gzip) in the entry of every page, although
 * only the routes of a remote section need it. The shell creates its MF instance with the
 * runtime API when a section is first wanted (src/federation/runtime.ts) and provides
 * its own react, router, ui… to the remotes' share scope: `__MF_SHARED__` below is the
 * same shared map the remotes are built with, so both sides agree on names and versions.
 */
export function defineHost(options: HostOptions): RsbuildConfig {
  const gateway =
    options.gatewayUrl ?? process.env.PORTFOLIO_GATEWAY_URL ?? "http://127.0.0.1:8080";
  // The admin's API is on the gateway's admin origin (docs/decisions/0047); the dev
  // server is one origin for every section, so it forwards there too.
  const adminGateway = process.env.PORTFOLIO_ADMIN_GATEWAY_URL ?? "http://127.0.0.1:8081";
  const shared = sharedModules();
  return mergeRsbuildConfig<RsbuildConfig>(
    baseConfig(options.port, [pluginSharedManifest(shared)]),
    {
      html: {
        template: options.template,
        templateParameters: options.templateParameters ?? {},
      },
      source: {
        define: {
          __MF_SHARED__: JSON.stringify(shared),
          __DEV_BUILDS_PATH__: JSON.stringify(DEV_BUILDS_PATH),
        },
        // `rsbuild dev` serves index.html without a prerendered page: its own entry renders
        // the app and follows the remotes' builds (the shell's src/dev/dev-page.ts).
        ...(isProduction || !options.devEntry ? {} : { entry: { index: options.devEntry } }),
      },
      output: { assetPrefix: "/" },
      // react-router is one chunk of its own (split-by-experience's lib-router): split
      // into modules, its parts would be spread over the chunks the splitter makes from
      // what each page shares.
      performance: { chunkSplit: { strategy: "split-by-experience" } },
      // The gateway also serves content/images at /images (the pages' pictures). The
      // first matching key wins: /api/admin before /api.
      server: {
        proxy: {
          "/api/admin": adminGateway,
          "/mf": gateway,
          "/api": gateway,
          "/rss.xml": gateway,
          "/images": gateway,
        },
      },
    },
    options.extend,
  );
}

/** A remote: exposes route modules, publishes mf-manifest.json, served under /mf/<name>/. */
export function defineRemote(options: RemoteOptions): RsbuildConfig {
  const base = baseConfig(options.port, [
    pluginModuleFederation(
      {
        name: options.name,
        exposes: options.exposes,
        filename: "remoteEntry.js",
        manifest: true,
        shared: sharedModules(),
        dts: false,
        experiments: {
          // In production the shell provides the MF runtime core (src/federation/runtime.ts,
          // ~20 kB gzip saved per remote); the standalone dev page has no shell, so it
          // bundles its own.
          externalRuntime: isProduction,
          optimization: { target: "web" },
        },
      },
      { target: "web" },
    ),
    // `make dev`: the shell's page reloads when this remote has built again.
    pluginDevBuilds(),
  ]);
  return mergeRsbuildConfig<RsbuildConfig>(
    base,
    {
      // The page's origin is the host's; chunks must load relative to remoteEntry.js.
      output: { assetPrefix: "auto" },
      // Absolute in dev: the standalone page is served at deep paths (/blog/all-posts).
      dev: { assetPrefix: `http://127.0.0.1:${options.port}/` },
      // The host on another port loads this dev server's files.
      server: { cors: true },
      // The standalone page (src/standalone.tsx) exists for `rsbuild dev` only. The ESM
      // bundler runtime is a size measure for what the shell loads; dev stays as it was.
      ...(isProduction ? { tools: { htmlPlugin: false, rspack: useEsmBundlerRuntime() } } : {}),
    },
    options.extend,
  );
}
