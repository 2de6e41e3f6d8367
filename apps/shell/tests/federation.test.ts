import { sharedModules } from "@portfolio/build-config";
import { describe, expect, it } from "vitest";
import { sharedOptions, sharedProviders } from "../src/federation/shared";

describe("the shell's shared modules", () => {
  const shared = sharedModules();

  it("provides exactly the modules the remotes are built to share", () => {
    expect(Object.keys(sharedProviders).sort()).toEqual(Object.keys(shared).sort());
  });

  it("offers each at the version built, as a singleton within the remotes' range", () => {
    const options = sharedOptions(shared);
    expect(options.react).toMatchObject({
      version: shared.react?.version,
      shareConfig: { singleton: true, requiredVersion: `^${shared.react?.version}` },
    });
    expect(options["@portfolio/ui/use-toast"]).toMatchObject({
      version: "0.0.0",
      shareConfig: { singleton: true, requiredVersion: "^0.0.0" },
    });
  });

  it("hands the remotes the shell's own module instances", async () => {
    const options = sharedOptions(shared);
    const getToast = options["@portfolio/ui/use-toast"];
    if (!getToast || Array.isArray(getToast) || !("get" in getToast) || !getToast.get)
      throw new Error("no get for @portfolio/ui/use-toast");
    const factory = (await getToast.get()) as () => unknown;
    expect(factory()).toBe(await import("@portfolio/ui/use-toast"));
  });

  it("refuses a shared module it has no copy of, instead of failing in a remote later", () => {
    expect(() =>
      sharedOptions({ "left-pad": { version: "1.0.0", requiredVersion: "^1.0.0" } }),
    ).toThrow('the shell provides no module for the shared "left-pad"');
  });
});
