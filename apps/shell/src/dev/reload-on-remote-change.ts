import { fetchRemotes } from "@portfolio/api-client";

/** Where each remote's dev server says it has built (@portfolio/build-config's DEV_BUILDS_PATH). */
declare const __DEV_BUILDS_PATH__: string;

/**
 * Reloads the page when a remote's dev server has built again (an edit to the section),
 * so the edit shows in the shell without a manual reload: every remote that
 * /mf/remotes.json names on another origin (its dev server) is listened to. A remote
 * served by the gateway itself (a build) never changes under the page.
 */
export async function reloadOnRemoteChange(): Promise<void> {
  const remotes = await fetchRemotes();
  for (const { name, entry } of remotes) {
    const origin = new URL(entry, window.location.href).origin;
    if (origin === window.location.origin) continue;
    let first: string | undefined;
    const builds = new EventSource(`${origin}${__DEV_BUILDS_PATH__}`);
    builds.onmessage = ({ data }: MessageEvent<string>) => {
      first ??= data;
      if (data === first) return;
      console.info(`[dev] ${name} has built again: reloading the page.`);
      builds.close();
      window.location.reload();
    };
  }
}
