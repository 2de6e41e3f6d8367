import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Several tests run the real build (Shiki, Ajv) on fixture trees: seconds each on a
    // busy 2-core machine, so the default 5 s would fail them for the machine's load.
    testTimeout: 30_000,
  },
});
