import { defineConfig } from "vitest/config";

/**
 * The Vitest settings of a package of React components (the apps, @portfolio/ui): its
 * tests/**\/*.test.ts(x) in jsdom, with the package's tests/setup.ts. The time limit is
 * for a busy machine, not a slow test: a suite that renders whole pages takes seconds
 * on two shared cores. A module imports its stylesheet; the tests assert markup, not CSS.
 */
export function componentTests() {
  return defineConfig({
    test: {
      environment: "jsdom",
      globals: true,
      setupFiles: ["./tests/setup.ts"],
      testTimeout: 30_000,
      include: ["tests/**/*.test.{ts,tsx}"],
      css: false,
    },
  });
}
