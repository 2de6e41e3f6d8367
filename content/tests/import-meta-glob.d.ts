// Vite (which runs Vitest) expands import.meta.glob at build time. This package does
// not depend on vite's client types, so declare the one form the tests use.
interface ImportMeta {
  glob<T = unknown>(
    pattern: string | readonly string[],
    options: { eager: true; import: "default"; query?: string },
  ): Record<string, T>;
}
