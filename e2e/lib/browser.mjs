// Debian's Chromium driven by playwright-core. Never a downloaded browser.
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import { CHROMIUM_PATH } from "./paths.mjs";

/** Flags from the toolchain notes: no sandbox (root in CI), no calls to outside hosts. */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * One browser per suite. Playwright gives every launch a fresh temporary profile
 * (user-data dir) of its own and removes it on close; every test then gets its own
 * `browser.newContext()` (fresh cookies, storage and cache).
 */
export function launchBrowser() {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ["--headless", ...CHROMIUM_FLAGS],
    timeout: 30_000,
  });
}

/**
 * Debian's Chromium driven by puppeteer-core (Lighthouse's own driver, resolved from
 * lighthouse), for what needs the browser to prerender: Chromium does not prerender a
 * page that a DevTools client is attached to without "tab" targets, which playwright's
 * are, so under playwright no speculation rule ever prerenders
 * (docs/decisions/0062-speculation-rules.md). `args` are flags added to CHROMIUM_FLAGS.
 */
export async function launchSpeculatingBrowser(args = []) {
  const fromLighthouse = createRequire(import.meta.resolve("lighthouse"));
  const { default: puppeteer } = await import(
    pathToFileURL(fromLighthouse.resolve("puppeteer-core")).href
  );
  return puppeteer.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS, ...args],
  });
}
