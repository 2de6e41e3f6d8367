// make bench --tap-phases: where a first link tap's time goes, read from Chromium's own
// trace of the whole browser (every renderer: the page tapped, the prerendered page, the
// browser process that swaps them). A tap's milestones, each the first after the one
// before (docs/decisions/0071-a-first-tap-phase-by-phase.md tells what they cost):
//
//   click       the tapped page dispatches the click (the finger's touchstart, touchend
//               and the gesture before it); its listeners run, and the link navigates
//   navigation  the browser process begins the navigation the click asked for
//   swap        the browser swaps pages: it activates the prerendered page (after the
//               page left has painted the view transition's snapshot), or the new
//               document commits in the renderer that paints it
//   activated   the new page's renderer has taken it over (a prerendered page once that
//               renderer is free: a page still loading finishes its task first; a loaded
//               document once its commit has run)
//   revealed    the new page's first rendering opportunity (pagereveal)
//   painted     its first contentful paint, as the bench's tap time ends
//
// Tracing costs time itself: the phases say where the time goes, the bench's table
// without --tap-phases says how long it is.

/** The trace categories of the events read here, and no more: tracing slows the tap. */
const CATEGORIES = ["devtools.timeline", "loading", "navigation"];

export const MILESTONES = ["click", "navigation", "swap", "activated", "revealed", "painted"];

/**
 * Starts tracing every process of the browser (a session on the browser target: one on
 * the page would keep Chromium from prerendering). `stop()` resolves with the events.
 */
export async function traceBrowser(ppt) {
  const session = await ppt.target().createCDPSession();
  const events = [];
  session.on("Tracing.dataCollected", (e) => events.push(...e.value));
  await session.send("Tracing.start", {
    transferMode: "ReportEvents",
    traceConfig: { includedCategories: CATEGORIES },
  });
  return {
    async stop() {
      const complete = new Promise((resolve) => session.once("Tracing.tracingComplete", resolve));
      await session.send("Tracing.end");
      await complete;
      await session.detach().catch(() => {});
      return events;
    },
  };
}

const dispatched = (e, type) =>
  e.name === "EventDispatch" && e.args?.data?.type === type && e.ph === "X";

/**
 * The milestones of the first tap in `events`, in ms after its pointerdown was
 * dispatched (null where the trace has none), or null without a tap.
 */
export function tapMilestones(events) {
  const byTime = events.filter((e) => typeof e.ts === "number").sort((a, b) => a.ts - b.ts);
  const down = byTime.find((e) => dispatched(e, "pointerdown"));
  if (!down) return null;
  const left = down.pid;
  const after = (from, test) =>
    from == null ? undefined : byTime.find((e) => e.ts >= from && test(e));

  const click = after(down.ts, (e) => e.pid === left && dispatched(e, "click"));
  const navigation = after(click?.ts, (e) => e.name === "RenderFrameHostImpl::BeginNavigation");
  // The page shown paints first: a prerendered page paints nothing until it is shown, and
  // the page left painted before the tap.
  const fcp = after(navigation?.ts, (e) => e.name === "firstContentfulPaint");
  const shown = fcp?.pid;
  const activation = after(navigation?.ts, (e) => e.name === "PrerenderHost::Activate");
  const prerendered = activation != null && (fcp == null || activation.ts < fcp.ts);
  // A loaded document's commit in the renderer that shows it: not the commits of the
  // prerenders its rules start meanwhile (in other renderers), nor the empty document its
  // frame began with (the last commit before the paint is the page's).
  const commit =
    fcp &&
    byTime
      .filter(
        (e) =>
          e.pid === shown &&
          e.name === "DocumentLoader::CommitNavigation" &&
          e.ph === "X" &&
          e.ts > navigation.ts &&
          e.ts < fcp.ts,
      )
      .at(-1);
  const swap = prerendered ? activation : commit;
  const activated = prerendered
    ? after(
        activation.ts,
        (e) => e.pid === shown && e.name === "WebViewImpl::ActivatePrerenderedPage",
      )
    : commit;
  const revealed = after(swap?.ts, (e) => e.pid === shown && dispatched(e, "pagereveal"));
  // Each milestone is an event's start, but the taking over: the end of the task that did it.
  const at = (e, time = e?.ts) => (e ? (time - down.ts) / 1000 : null);
  return {
    how: prerendered ? "prerendered" : swap ? "document" : "none",
    click: at(click),
    navigation: at(navigation),
    swap: at(swap),
    activated: at(activated, activated && activated.ts + (activated.dur ?? 0)),
    revealed: at(revealed),
    painted: at(fcp),
  };
}
