import { afterEach, describe, expect, it, vi } from "vitest";
import { afterShown } from "../src/lib/first-paint";

afterEach(() => {
  vi.useRealTimers();
});

// What a prerendered page does as it becomes a view (its page view, its vitals) waits
// behind the frame that shows it (docs/decisions/0062-speculation-rules.md).
describe("afterShown", () => {
  it("runs once the page is shown and the next frame has run, once", () => {
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    const frames: FrameRequestCallback[] = [];
    const raf = vi.spyOn(window, "requestAnimationFrame").mockImplementation((frame) => {
      frames.push(frame);
      return frames.length;
    });
    const run = vi.fn();
    afterShown(run);
    vi.advanceTimersByTime(1000);
    expect(run).not.toHaveBeenCalled(); // still prerendering

    document.dispatchEvent(new Event("prerenderingchange"));
    expect(run).not.toHaveBeenCalled(); // not in the event that shows it
    vi.advanceTimersByTime(0);
    expect(run).not.toHaveBeenCalled(); // nor before the frame
    for (const frame of frames.splice(0)) frame(0);
    expect(run).not.toHaveBeenCalled(); // nor in it: in a task after it
    vi.advanceTimersByTime(0);
    expect(run).toHaveBeenCalledTimes(1);
    raf.mockRestore();
    vi.advanceTimersByTime(1000);
    document.dispatchEvent(new Event("prerenderingchange"));
    vi.advanceTimersByTime(1000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("runs within half a second when no frame comes (a page hidden at once)", () => {
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    const run = vi.fn();
    afterShown(run);
    const raf = vi.spyOn(window, "requestAnimationFrame").mockImplementation(() => 0);
    document.dispatchEvent(new Event("prerenderingchange"));
    vi.advanceTimersByTime(499);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    raf.mockRestore();
  });
});
