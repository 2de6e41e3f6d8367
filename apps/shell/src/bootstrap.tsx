import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app";
import { discoverRemotes } from "./federation/remotes";

// Ask the gateway where the remotes live while React renders the first page.
discoverRemotes();

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root");
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
