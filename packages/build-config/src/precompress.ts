import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { RsbuildPlugin } from "@rsbuild/core";

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

export interface PrecompressOptions {
  /** Files at or below this size are left alone: the headers would cost more than the saving. */
  threshold?: number;
  test?: RegExp;
}

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

/** Writes `<file>.br` and `<file>.gz` next to `file` when they are smaller; returns how many. */
export async function precompressFile(file: string): Promise<number> {
  const source = await readFile(file);
  const [br, gzipped] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gz(source, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  let written = 0;
  for (const [ext, data] of [
    [".br", br],
    [".gz", gzipped],
  ] as const) {
    if (data.length < source.length) {
      await writeFile(file + ext, data);
      written++;
    }
  }
  return written;
}

/** Precompresses every matching file under `dir` (the gateway serves the siblings). */
export async function precompressDir(
  dir: string,
  { threshold = 1024, test = /\.(?:js|mjs|css|html|json|svg)$/ }: PrecompressOptions = {},
): Promise<number> {
  const jobs: Promise<number>[] = [];
  for await (const file of walk(dir)) {
    if (!test.test(file)) continue;
    if ((await stat(file)).size <= threshold) continue;
    jobs.push(precompressFile(file));
  }
  return (await Promise.all(jobs)).reduce((sum, n) => sum + n, 0);
}

/**
 * After a production build, writes brotli (max quality) and gzip (level 9) siblings for
 * text assets over ~1 KiB, so the gateway can serve them without compressing per request.
 */
export function pluginPrecompress(options: PrecompressOptions = {}): RsbuildPlugin {
  return {
    name: "portfolio:precompress",
    apply: "build",
    setup(api) {
      api.onAfterBuild(async ({ environments }) => {
        for (const environment of Object.values(environments)) {
          const count = await precompressDir(environment.distPath, options);
          api.logger.info(`precompressed ${count} files in ${environment.distPath}`);
        }
      });
    },
  };
}
