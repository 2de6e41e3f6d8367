import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app";
import { discoverRemotes } from "./federation/remotes";
import { preloadPage } from "./routes";

// Ask the gateway where the remotes live while React renders the first page, and fetch
// the landing page's chunk alongside instead of after the first render.
discoverRemotes();
preloadPage(window.location.pathname);

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root");
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
