import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, describe, expect, it, vi } from "vitest";
import { parseCatalog, precompressDir, readCatalog, sharedModules, uiSubpaths } from "../src/index";

describe("parseCatalog", () => {
  it("reads flat name: version lines of the catalog section only", () => {
    const yaml = [
      "packages:",
      "  - apps/*",
      "catalog:",
      "  react: 19.3.1",
      '  "@types/react": 19.3.0 # pinned',
      "  'quoted': \"1.2.3\"",
      "",
      "pmOnFail: ignore",
      "  not-this: 1.0.0",
    ].join("\n");
    expect(parseCatalog(yaml)).toEqual({
      react: "19.3.1",
      "@types/react": "19.3.0",
      quoted: "1.2.3",
    });
  });

  it("reads the workspace's catalog", () => {
    expect(readCatalog().react).toMatch(/^\d+\.\d+\.\d+$/);
  });
});

describe("sharedModules", () => {
  const shared = sharedModules();

  it("shares react, react-dom and their entry points as singletons at the catalog version", () => {
    for (const key of ["react", "react/jsx-runtime", "react-dom", "react-dom/client"]) {
      expect(shared[key], key).toMatchObject({
        singleton: true,
        requiredVersion: `^${readCatalog()[key.split("/")[0]!]}`,
      });
    }
  });

  it("shares the workspace packages, and every @portfolio/ui subpath one by one", () => {
    for (const key of ["@portfolio/content", "@portfolio/api-client"]) {
      expect(shared[key], key).toMatchObject({ singleton: true });
    }
    const ui = uiSubpaths();
    expect(ui).toEqual(
      expect.arrayContaining([
        "@portfolio/ui/theme-provider",
        "@portfolio/ui/use-toast",
        "@portfolio/ui/toaster",
        "@portfolio/ui/button",
      ]),
    );
    for (const key of ui) expect(shared[key], key).toMatchObject({ singleton: true });
  });

  it("shares react-router as the one router of host and remotes, at the catalog version", () => {
    expect(shared["react-router"]).toMatchObject({
      singleton: true,
      requiredVersion: `^${readCatalog()["react-router"]}`,
    });
    expect(shared["react-router-dom"]).toBeUndefined();
    expect(shared["@portfolio/router"]).toBeUndefined();
  });

  it("shares only the root of @portfolio/content: page data stays in each page's chunk", () => {
    for (const key of Object.keys(shared)) {
      if (key.startsWith("@portfolio/content")) expect(key).toBe("@portfolio/content");
    }
  });
});

describe("precompressDir", () => {
  const dir = mkdtempSync(join(tmpdir(), "precompress-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("writes .br and .gz next to text assets over 1 KiB, and leaves the rest alone", async () => {
    const big = "console.log('hello world');\n".repeat(200);
    writeFileSync(join(dir, "app.js"), big);
    writeFileSync(join(dir, "tiny.css"), "a{}");
    writeFileSync(join(dir, "photo.png"), big);
    const written = await precompressDir(dir);
    expect(written).toBe(2);
    expect(brotliDecompressSync(readFileSync(join(dir, "app.js.br"))).toString()).toBe(big);
    expect(gunzipSync(readFileSync(join(dir, "app.js.gz"))).toString()).toBe(big);
    expect(existsSync(join(dir, "tiny.css.gz"))).toBe(false);
    expect(existsSync(join(dir, "photo.png.gz"))).toBe(false);
  });
});

describe("defineRemote in production", () => {
  /** Runs the config's tools.rspack hooks against a stand-in for Rspack; returns the plugins they append. */
  async function rspackPlugins(nodeEnv: string) {
    vi.stubEnv("NODE_ENV", nodeEnv);
    vi.resetModules();
    try {
      const { defineRemote } = await import("../src/app-config");
      const config = defineRemote({
        name: "demo",
        port: 3999,
        exposes: { "./routes": "./src/routes.tsx" },
      });
      class NormalModuleReplacementPlugin {
        constructor(
          readonly test: RegExp,
          readonly replace: (resource: { request: string }) => void,
        ) {}
      }
      const appended: NormalModuleReplacementPlugin[] = [];
      const hooks = [config.tools?.rspack].flat().filter((hook) => typeof hook === "function");
      for (const hook of hooks) {
        (hook as (config: unknown, utils: unknown) => void)(
          {},
          {
            rspack: { NormalModuleReplacementPlugin },
            appendPlugins: (plugin: NormalModuleReplacementPlugin) => appended.push(plugin),
          },
        );
      }
      return appended;
    } finally {
      vi.unstubAllEnvs();
      vi.resetModules();
    }
  }

  it("bundles the ESM build of the MF bundler runtime, so its unused parts are tree-shaken", async () => {
    const plugins = await rspackPlugins("production");
    expect(plugins).toHaveLength(1);
    const [plugin] = plugins;
    const cjs = "/x/node_modules/@module-federation/webpack-bundler-runtime/dist/index.cjs";
    expect(plugin!.test.test(cjs)).toBe(true);
    expect(plugin!.test.test("/x/node_modules/@module-federation/sdk/dist/index.cjs")).toBe(false);
    const resource = { request: cjs };
    plugin!.replace(resource);
    expect(resource.request).toBe(
      "/x/node_modules/@module-federation/webpack-bundler-runtime/dist/index.js",
    );
  });

  it("leaves the dev build (standalone page, own MF runtime) as it is", async () => {
    expect(await rspackPlugins("development")).toHaveLength(0);
  });
});
