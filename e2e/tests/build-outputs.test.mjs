// A build's output is exactly what its inputs make, whatever turbo's cache does: an
// article added, built, deleted and built again leaves nothing behind (turbo restores a
// cached build on top of dist/ and never deletes a file; scripts/build-js.sh clears the
// dist/ of what it builds first, as make build, make test and make release do).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { REPO_ROOT } from "../lib/paths.mjs";

const SLUG = "zz-build-outputs-check";
const source = join(REPO_ROOT, "content", "blog", `${SLUG}.md`);
const output = join(REPO_ROOT, "content", "dist", "articles", `${SLUG}.json`);
const build = () =>
  execFileSync(join(REPO_ROOT, "scripts", "build-js.sh"), ["content"], {
    cwd: REPO_ROOT,
    stdio: "pipe",
  });

test("add an article, build, delete it, build: its output is gone", { timeout: 120_000 }, () => {
  try {
    writeFileSync(
      source,
      `---\ntitle: "Build Outputs Check"\nslug: ${SLUG}\nexcerpt: "An article that lives for one test."\ndate: 2024-01-01\nreadTime: 1\ncategory: Cloud\ntags: [Testing]\nstatus: published\n---\n\nA paragraph.\n`,
    );
    build();
    assert.equal(existsSync(output), true, "the added article was built");
    rmSync(source);
    build();
    assert.equal(existsSync(output), false, `${output} outlived its article`);
  } finally {
    rmSync(source, { force: true });
    build(); // the content as committed, from the cache
  }
});
