import { request } from "./request";

/** Where the gateway says the remotes live (from its config, not from the shell's build). */
export const REMOTES_URL = "/mf/remotes.json";

export interface RemoteDefinition {
  /** Module Federation container name, e.g. "blog". */
  name: string;
  /** URL of the remote's mf-manifest.json (or remoteEntry.js). */
  entry: string;
}

export interface RemotesDocument {
  remotes: RemoteDefinition[];
}

function isRemote(value: unknown): value is RemoteDefinition {
  if (typeof value !== "object" || value === null) return false;
  const { name, entry } = value as Record<string, unknown>;
  return typeof name === "string" && name !== "" && typeof entry === "string" && entry !== "";
}

/** Fetches /mf/remotes.json; entries that are not `{name, entry}` are dropped. */
export async function fetchRemotes(
  url: string = REMOTES_URL,
  signal?: AbortSignal,
): Promise<RemoteDefinition[]> {
  const document = await request<Partial<RemotesDocument> | undefined>(url, { signal });
  const remotes = Array.isArray(document?.remotes) ? document.remotes : [];
  return remotes.filter(isRemote).map(({ name, entry }) => ({ name, entry }));
}
