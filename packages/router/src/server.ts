/**
 * The router for rendering at build time (each app's src/prerender.tsx, a Node build):
 * a subpath of its own so the browser's shared @portfolio/router stays as small as it is.
 */
export { StaticRouter } from "react-router";
