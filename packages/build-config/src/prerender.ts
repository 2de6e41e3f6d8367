import { mkdir, readdir, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import type { RsbuildConfig, RsbuildPlugin } from "@rsbuild/core";
import { pluginReact } from "@rsbuild/plugin-react";
import { appTheme, type ShareCards, writeShareCards } from "./share-cards";

/**
 * One prerendered piece of HTML. `key` is the URL path it was rendered at (`/blog/x`),
 * that path and a state (`/admin/newsletter@signed-out`), or `404`, `404:/blog`… for the
 * not-found views (docs/decisions/0001-prerender-composition.md).
 */
export interface PrerenderedPage {
  key: string;
  html: string;
}

/**
 * What an app's src/prerender.tsx exports: every page its build emits, and the share
 * card of each of its public pages (an app without public pages, the admin, has none).
 */
export interface PrerenderModule {
  renderPages(): Promise<PrerenderedPage[]>;
  shareCards?(): ShareCards;
  /**
   * What the section adds to site search, if anything: written to dist/search.json, which
   * its release carries and the gateway serves merged (docs/decisions/0042-search.md).
   */
  searchDocuments?(): Promise<unknown[]>;
}

/** Where a page's HTML goes under dist/prerender/, as the gateway looks it up. */
export function prerenderFileName(key: string): string {
  if (key === "/") return "index.html";
  // Keys are paths of routes.json, post slugs, a page's variant (`/admin/newsletter@signed-out`:
  // the page in one state, served by the gateway's choice) and 404 keys: [a-z0-9/:@-], never "..".
  if (!/^(?:404(?::\/[a-z0-9-]+)?|(?:\/[a-z0-9-]+)+(?:@[a-z0-9-]+)?)$/.test(key))
    throw new Error(`prerender: bad page key ${JSON.stringify(key)}`);
  return `${key.replace(/^\//, "").replaceAll(":", "")}.html`;
}

/**
 * Why a page's HTML cannot be served as it is, if it cannot: React left a boundary to be
 * finished by an inline script (which the CSP blocks) or to the client (it failed or
 * suspended on the server).
 */
export function incompletePage(html: string): string | undefined {
  if (/<script[\s>]/.test(html)) return "it has an inline <script>";
  if (html.includes("<!--$?-->"))
    return "a Suspense boundary is still pending (something suspended)";
  if (html.includes("<!--$!-->"))
    return "a Suspense boundary failed on the server and is left to the client";
  return undefined;
}

/** Writes the pages into `dir`, replacing what a previous build left there. */
export async function writePages(dir: string, pages: PrerenderedPage[]): Promise<void> {
  for (const page of pages) {
    const problem = incompletePage(page.html);
    if (problem) throw new Error(`prerender: ${page.key}: ${problem}`);
  }
  await rm(dir, { recursive: true, force: true });
  for (const page of pages) {
    const file = join(dir, prerenderFileName(page.key));
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, page.html);
  }
}

/**
 * Draws the module's share cards into `<dist>/og/` (docs/decisions/0041-share-cards.md).
 * A card is for a page the build prerendered: a key of no page is a mistake.
 */
async function writeCards(
  mod: PrerenderModule,
  pages: PrerenderedPage[],
  appRoot: string,
  dist: string,
): Promise<string | undefined> {
  if (!mod.shareCards) return undefined;
  const cards = mod.shareCards();
  const keys = new Set(pages.map((p) => p.key));
  const stray = cards.cards.filter((c) => !keys.has(c.key)).map((c) => c.key);
  if (stray.length) throw new Error(`share cards: no prerendered page for ${stray.join(", ")}`);
  const started = performance.now();
  await writeShareCards(dist, cards, { theme: appTheme(appRoot) });
  const ms = Math.round(performance.now() - started);
  return `drew ${cards.cards.length} share cards into ${dist}/og in ${ms} ms`;
}

/**
 * After the node build, runs its renderPages() and writes dist/prerender/, then its
 * share cards (if it has any) into dist/og/.
 */
function pluginWritePages(outDir: string, cardsDir: string): RsbuildPlugin {
  return {
    name: "portfolio:prerender",
    apply: "build",
    setup(api) {
      api.onAfterBuild(async ({ environments }) => {
        for (const environment of Object.values(environments)) {
          const entry = (await readdir(environment.distPath)).find((f) =>
            /^prerender\.c?js$/.test(f),
          );
          if (!entry) throw new Error(`prerender: no prerender.js in ${environment.distPath}`);
          const mod = (await import(
            pathToFileURL(join(environment.distPath, entry)).href
          )) as PrerenderModule;
          const pages = await mod.renderPages();
          await writePages(join(api.context.rootPath, outDir), pages);
          api.logger.info(`prerendered ${pages.length} pages into ${outDir}`);
          const drawn = await writeCards(
            mod,
            pages,
            api.context.rootPath,
            join(api.context.rootPath, cardsDir),
          );
          if (drawn) api.logger.info(drawn);
          if (mod.searchDocuments) {
            const documents = await mod.searchDocuments();
            const file = join(api.context.rootPath, dirname(outDir), "search.json");
            await writeFile(file, `${JSON.stringify({ documents })}\n`);
            api.logger.info(`wrote ${documents.length} search documents into ${file}`);
          }
        }
      });
    },
  };
}

/**
 * The build that prerenders an app's pages: its src/prerender.tsx bundled for Node (one
 * file, no federation: the same components, imported directly), run once after the
 * build; the HTML lands in dist/prerender/, which the gateway composes per request, and
 * the share cards in dist/og/. Run after the browser build (which empties dist/).
 */
export function definePrerender({
  entry = "./src/prerender.tsx",
  outDir = "dist/prerender",
  cardsDir = "dist",
} = {}): RsbuildConfig {
  return {
    plugins: [pluginReact(), pluginWritePages(outDir, cardsDir)],
    source: { entry: { prerender: entry } },
    output: {
      target: "node",
      module: true,
      distPath: { root: "dist-prerender" },
      cleanDistPath: true,
      filenameHash: false,
      minify: false,
      legalComments: "none",
    },
    performance: { printFileSize: false },
  };
}
