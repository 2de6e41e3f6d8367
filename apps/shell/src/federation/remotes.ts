import type { ModuleFederation } from "@module-federation/enhanced/runtime";
import { fetchRemotes, type RemoteDefinition } from "@portfolio/api-client";
import type { IslandLoaders } from "@portfolio/router/loaders";
import type { ComponentType } from "react";

/** What every remote exposes as `./routes`: its section's <Routes>, relative to its mount. */
export interface RemoteRoutesModule {
  default: ComponentType;
}

/**
 * What a remote with islands exposes as `./islands` (docs/decisions/0040-islands.md):
 * each island's component by name, loaded when that island hydrates.
 */
export interface RemoteIslandsModule {
  islands: IslandLoaders;
}

/** Thrown when a remote section cannot be loaded after retries. */
export class RemoteUnavailableError extends Error {
  readonly remote: string;

  constructor(remote: string, cause: unknown) {
    super(`remote "${remote}" could not be loaded`, { cause });
    this.name = "RemoteUnavailableError";
    this.remote = remote;
  }
}

/** Delays before the 2nd and 3rd attempt; a blip recovers, a real outage fails fast. */
const RETRY_DELAYS_MS = [250, 1000];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let runtime: Promise<ModuleFederation> | null = null;

/** The MF runtime, loaded with the first section a visitor opens, never before. */
function federation(): Promise<ModuleFederation> {
  runtime ??= import("./runtime")
    .then((module) => module.federation)
    .catch((error: unknown) => {
      runtime = null; // a failed chunk load is tried again on the next attempt
      throw error;
    });
  return runtime;
}

let registry: Promise<Map<string, RemoteDefinition>> | null = null;
/** When remotes.json was last read: a section entered right after needs no second look. */
let readAt = 0;
const REFRESH_AFTER_MS = 5_000;

/** Fetches /mf/remotes.json once and registers every remote with the MF runtime. */
function remoteRegistry(): Promise<Map<string, RemoteDefinition>> {
  registry ??= Promise.all([fetchRemotes(), federation()])
    .then(([remotes, mf]) => {
      readAt = Date.now();
      mf.registerRemotes(remotes.map((remote) => ({ ...remote })));
      return new Map(remotes.map((remote) => [remote.name, remote]));
    })
    .catch((error: unknown) => {
      registry = null; // ask again on the next attempt
      throw error;
    });
  return registry;
}

/**
 * Asks /mf/remotes.json again whether `name` moved (a newer release of the section was
 * promoted: its entry names another version), and if so registers it there; the next
 * load of its routes then comes from the new release. Resolves to whether it moved; a
 * failure to ask is no move: the section keeps the release it has.
 */
export async function refreshRemote(name: string): Promise<boolean> {
  // Not loaded yet, or just read: its first load reads remotes.json anyway.
  if (!registry || Date.now() - readAt < REFRESH_AFTER_MS) return false;
  try {
    const [known, latest] = await Promise.all([registry, fetchRemotes()]);
    readAt = Date.now();
    const next = latest.find((remote) => remote.name === name);
    if (!next || known.get(name)?.entry === next.entry) return false;
    known.set(name, next);
    return true;
  } catch {
    return false;
  }
}

/**
 * Loads `<name>/<expose>`, retrying with backoff. Before a retry the remote is registered
 * again with `force`, which drops the runtime's cached manifest and entry, so a remote
 * that is back is fetched afresh. `valid` says whether the module is what was asked for.
 */
async function loadRemoteModule<T>(
  name: string,
  expose: string,
  valid: (module: T | null) => boolean,
  fresh: boolean,
): Promise<T> {
  let lastError: unknown;
  for (let attempt = 0; attempt <= RETRY_DELAYS_MS.length; attempt++) {
    if (attempt > 0) await sleep(RETRY_DELAYS_MS[attempt - 1] ?? 0);
    try {
      const [remotes, mf] = await Promise.all([remoteRegistry(), federation()]);
      const remote = remotes.get(name);
      if (!remote) throw new Error(`/mf/remotes.json lists no remote "${name}"`);
      if (attempt > 0 || fresh) mf.registerRemotes([{ ...remote }], { force: true });
      const module = await mf.loadRemote<T>(`${name}/${expose}`);
      if (!valid(module ?? null)) throw new Error(`${name}/${expose} is not what it should be`);
      return module as T;
    } catch (error) {
      lastError = error;
    }
  }
  throw new RemoteUnavailableError(name, lastError);
}

/** `<name>/routes`: the section's routes (a default export). */
export function loadRemoteRoutes(
  name: string,
  { fresh = false } = {},
): Promise<RemoteRoutesModule> {
  return loadRemoteModule<RemoteRoutesModule>(
    name,
    "routes",
    (module) => typeof module?.default === "function",
    fresh,
  );
}

/** `<name>/islands`: the section's islands, for a page that arrived prerendered. */
export function loadRemoteIslands(
  name: string,
  { fresh = false } = {},
): Promise<RemoteIslandsModule> {
  return loadRemoteModule<RemoteIslandsModule>(
    name,
    "islands",
    (module) => typeof module?.islands === "object" && module.islands !== null,
    fresh,
  );
}
