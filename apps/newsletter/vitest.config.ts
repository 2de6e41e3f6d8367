import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    environment: "jsdom",
    globals: true,
    setupFiles: ["./tests/setup.ts"],
    testTimeout: 30_000,
    include: ["tests/**/*.test.{ts,tsx}"],
    // The exposed module imports its stylesheet; tests assert markup, not CSS.
    css: false,
  },
});
