import { beforeEach, describe, expect, it, vi } from "vitest";

const runtime = { loadRemote: vi.fn(), registerRemotes: vi.fn() };
vi.mock("../src/federation/runtime", () => ({ federation: runtime }));

let remotes: typeof import("../src/federation/remotes");
const Section = () => null;

function stubRemotesJson(...responses: Array<() => Response>) {
  const fetchMock = vi.fn();
  for (const r of responses) fetchMock.mockImplementationOnce(async () => r());
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}
const remotesJson = () =>
  new Response(
    JSON.stringify({ remotes: [{ name: "blog", entry: "/mf/blog/mf-manifest.json" }] }),
    {
      headers: { "Content-Type": "application/json" },
    },
  );

beforeEach(async () => {
  vi.resetModules();
  vi.useRealTimers();
  runtime.loadRemote.mockReset();
  runtime.registerRemotes.mockReset();
  remotes = await import("../src/federation/remotes");
});

describe("loadRemoteRoutes", () => {
  it("registers what /mf/remotes.json lists, then loads <name>/routes", async () => {
    const fetchMock = stubRemotesJson(remotesJson);
    runtime.loadRemote.mockResolvedValue({ default: Section });
    await expect(remotes.loadRemoteRoutes("blog")).resolves.toEqual({ default: Section });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/mf/remotes.json");
    expect(runtime.registerRemotes).toHaveBeenCalledWith([
      { name: "blog", entry: "/mf/blog/mf-manifest.json" },
    ]);
    expect(runtime.loadRemote).toHaveBeenCalledWith("blog/routes");
  });

  it("retries with a forced re-registration, and succeeds when the remote comes back", async () => {
    stubRemotesJson(remotesJson);
    runtime.loadRemote
      .mockRejectedValueOnce(new Error("RUNTIME-003"))
      .mockResolvedValueOnce({ default: Section });
    await expect(remotes.loadRemoteRoutes("blog")).resolves.toEqual({ default: Section });
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith(
      [{ name: "blog", entry: "/mf/blog/mf-manifest.json" }],
      {
        force: true,
      },
    );
  });

  it("gives up after three attempts with RemoteUnavailableError", async () => {
    stubRemotesJson(remotesJson);
    runtime.loadRemote.mockRejectedValue(new Error("RUNTIME-008"));
    const error = await remotes.loadRemoteRoutes("blog").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(remotes.RemoteUnavailableError);
    expect(runtime.loadRemote).toHaveBeenCalledTimes(3);
  });

  it("asks for /mf/remotes.json again after it failed", async () => {
    const fetchMock = stubRemotesJson(() => new Response("down", { status: 503 }), remotesJson);
    runtime.loadRemote.mockResolvedValue({ default: Section });
    await expect(remotes.loadRemoteRoutes("blog")).resolves.toEqual({ default: Section });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("fails for a remote that remotes.json does not list", async () => {
    stubRemotesJson(remotesJson);
    await expect(remotes.loadRemoteRoutes("shop")).rejects.toThrow(
      'remote "shop" could not be loaded',
    );
    expect(runtime.loadRemote).not.toHaveBeenCalled();
  });
});
