// Debian's Chromium driven by playwright-core. Never a downloaded browser.
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
