// The entry of `rsbuild dev`'s page (`make dev`, scripts/dev.sh). The dev server sends
// index.html as it is, with no prerendered page in #root, so the islands entry
// (src/index.ts) would find nothing to attach to or hydrate (docs/decisions/0040-islands.md). Here the app renders the page at
// once, as it does after the first link click of a prerendered page (takeOver), and the
// page reloads itself when a remote's dev server has built again. Production never loads
// this file.
import "../styles.css";
import { reloadOnRemoteChange } from "./reload-on-remote-change";

const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
void import("../bootstrap")
  .then(({ takeOver }) => takeOver(here, true, () => {}))
  .then(() => {
    document.documentElement.dataset.js = "ready";
  });
void reloadOnRemoteChange().catch((error: unknown) => {
  console.warn("[dev] the remotes' builds cannot be followed: reload by hand.", error);
});
