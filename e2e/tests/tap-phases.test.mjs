// make bench --tap-phases reads a first tap's milestones from Chromium's trace
// (bench/tap-phases.mjs): these traces are cut down from real ones, with the events it
// reads and the ones it must not mistake for them.
import assert from "node:assert/strict";
import { test } from "node:test";
import { tapMilestones } from "../bench/tap-phases.mjs";

const TAPPED = 10;
const BROWSER = 1;
const PRERENDER = 20;
const OTHER = 30;

/** A trace event at `ms` (µs in the trace, as Chromium writes them). */
const at = (ms, pid, name, extra = {}) => ({ ts: ms * 1000, pid, name, ph: "X", dur: 0, ...extra });
const dispatch = (ms, pid, type, durMs = 0) =>
  at(ms, pid, "EventDispatch", { dur: durMs * 1000, args: { data: { type } } });

test("a tap on a prerendered page: each milestone from the pointerdown, in the renderer that shows the page", () => {
  const trace = [
    // A paint of another page before the tap, and one of a page the new page prerenders after.
    at(900, OTHER, "firstContentfulPaint", { ph: "R" }),
    dispatch(1000, TAPPED, "pointerdown"),
    dispatch(1040, TAPPED, "click", 20),
    at(1050, BROWSER, "RenderFrameHostImpl::BeginNavigation"),
    // The activation commits a navigation too: not the swap of a prerendered page.
    at(1190, BROWSER, "NavigationRequest::CommitNavigation"),
    at(1200, BROWSER, "PrerenderHost::Activate", { dur: 2000 }),
    at(1280, PRERENDER, "WebViewImpl::ActivatePrerenderedPage", { dur: 10_000 }),
    dispatch(1310, PRERENDER, "pagereveal"),
    at(1350, PRERENDER, "firstContentfulPaint", { ph: "R" }),
    at(1400, OTHER, "firstContentfulPaint", { ph: "R" }),
  ];
  assert.deepEqual(tapMilestones(trace), {
    how: "prerendered",
    click: 40,
    navigation: 50,
    swap: 200,
    activated: 290,
    revealed: 310,
    painted: 350,
  });
});

test("a tap that loads a document: its commit in the renderer that paints it is the swap", () => {
  const trace = [
    dispatch(0, TAPPED, "pointerdown"),
    dispatch(30, TAPPED, "click", 5),
    at(34, BROWSER, "RenderFrameHostImpl::BeginNavigation"),
    // The prerenders the page left started meanwhile commit in renderers of their own.
    at(60, BROWSER, "NavigationRequest::CommitNavigation"),
    at(61, OTHER, "DocumentLoader::CommitNavigation", { dur: 5000 }),
    // The new frame's empty document first, then the page's own.
    at(90, TAPPED, "DocumentLoader::CommitNavigation", { dur: 1000 }),
    at(120, TAPPED, "DocumentLoader::CommitNavigation", { dur: 20_000 }),
    at(121, TAPPED, "DocumentLoader::CommitNavigation", { ph: "s" }),
    dispatch(400, TAPPED, "pagereveal"),
    at(480, TAPPED, "firstContentfulPaint", { ph: "R" }),
    at(500, OTHER, "DocumentLoader::CommitNavigation", { dur: 1000 }),
  ];
  assert.deepEqual(tapMilestones(trace), {
    how: "document",
    click: 30,
    navigation: 34,
    swap: 120,
    activated: 140,
    revealed: 400,
    painted: 480,
  });
});

test("no tap in the trace: nothing to read; a tap that went nowhere: the milestones it reached", () => {
  assert.equal(tapMilestones([at(5, OTHER, "firstContentfulPaint")]), null);
  const m = tapMilestones([dispatch(0, TAPPED, "pointerdown"), dispatch(30, TAPPED, "click")]);
  assert.equal(m.how, "none");
  assert.equal(m.click, 30);
  assert.equal(m.navigation, null);
  assert.equal(m.painted, null);
});
