// @vitest-environment jsdom
import { describe, expect, it, vi } from "vitest";
import { skipTransitionsOutOfTheSite } from "../src/document/transitions";

/**
 * A `pageswap` toward `url`, with a transition whose skip is recorded and rejects its
 * promises, as a browser's does (an unhandled one fails the run).
 */
function leaveFor(url: string | undefined) {
  let reject: (reason: unknown) => void = () => {};
  const skipped = new Promise<void>((_, r) => {
    reject = r;
  });
  const transition = {
    ready: skipped,
    finished: skipped,
    updateCallbackDone: skipped,
    skipTransition: vi.fn(() => reject(new DOMException("skipped", "AbortError"))),
  };
  const event = Object.assign(new Event("pageswap"), {
    activation: url === undefined ? null : { entry: { url } },
    viewTransition: transition,
  });
  window.dispatchEvent(event);
  return transition.skipTransition;
}

describe("the transition of a page being left", () => {
  skipTransitionsOutOfTheSite();
  const origin = window.location.origin;

  it.each(["/blog", "/newsletter/1", "/"])("runs toward a page of the site (%s)", (path) => {
    expect(leaveFor(`${origin}${path}`)).not.toHaveBeenCalled();
  });

  it.each([
    `${origin}/rss.xml`,
    `${origin}/resume.pdf`,
    `${origin}/api/newsletter/unsubscribe`,
    "https://github.com/somebody",
    undefined, // another origin: the browser does not say where
  ])("is skipped toward what is not a page of the site (%s)", (url) => {
    expect(leaveFor(url)).toHaveBeenCalledOnce();
  });
});
