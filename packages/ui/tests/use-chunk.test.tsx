import { act, fireEvent, render, screen } from "@testing-library/react";
import { useRef } from "react";
import { afterEach, expect, it, vi } from "vitest";
import { useChunk } from "../src/use-chunk";

function Shown({
  load,
  loaded,
  near = false,
}: {
  load: () => Promise<string>;
  loaded?: () => string | undefined;
  near?: boolean;
}) {
  const box = useRef<HTMLDivElement>(null);
  const { chunk, retry } = useChunk(load, {
    loaded,
    near: near ? box : undefined,
    failure: "Test: the chunk could not be loaded.",
  });
  return (
    <div ref={box}>
      <p>{chunk.state === "loaded" ? chunk.value : chunk.state}</p>
      <button type="button" onClick={retry}>
        Retry
      </button>
    </div>
  );
}

afterEach(() => vi.unstubAllGlobals());

it("is there at once when already loaded, and loads nothing", () => {
  const load = vi.fn(async () => "late");
  render(<Shown load={load} loaded={() => "here"} />);
  expect(screen.getByText("here")).toBeInTheDocument();
  expect(load).not.toHaveBeenCalled();
});

it("waits, then shows what was loaded", async () => {
  render(<Shown load={async () => "texts"} />);
  expect(screen.getByText("waiting")).toBeInTheDocument();
  expect(await screen.findByText("texts")).toBeInTheDocument();
});

it("fails with a log, and a retry loads it again", async () => {
  const logged = vi.spyOn(console, "error").mockImplementation(() => {});
  let fail = true;
  const load = vi.fn(async () => {
    if (fail) throw new TypeError("error loading dynamically imported module");
    return "texts";
  });
  render(<Shown load={load} />);
  expect(await screen.findByText("failed")).toBeInTheDocument();
  expect(logged).toHaveBeenCalledWith(
    "Test: the chunk could not be loaded.",
    expect.any(TypeError),
  );
  fail = false;
  fireEvent.click(screen.getByRole("button", { name: "Retry" }));
  expect(await screen.findByText("texts")).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(2);
  logged.mockRestore();
});

it("with `near`, loads only once the element comes near the screen", async () => {
  let seen: ((entries: { isIntersecting: boolean }[]) => void) | undefined;
  const disconnect = vi.fn();
  vi.stubGlobal(
    "IntersectionObserver",
    class {
      constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
        seen = callback;
      }
      observe() {}
      disconnect = disconnect;
    },
  );
  const load = vi.fn(async () => "texts");
  render(<Shown load={load} near />);
  expect(load).not.toHaveBeenCalled();
  await act(async () => seen?.([{ isIntersecting: false }]));
  expect(load).not.toHaveBeenCalled();
  await act(async () => seen?.([{ isIntersecting: true }]));
  expect(load).toHaveBeenCalledTimes(1);
  expect(disconnect).toHaveBeenCalled();
  expect(await screen.findByText("texts")).toBeInTheDocument();
});
