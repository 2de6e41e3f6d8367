/**
 * The router the apps use, and the only way they import one: our own
 * (docs/decisions/0020-own-router.md), with react-router's names and semantics for the
 * part the apps use. Module Federation shares this module as one singleton, so host and
 * remotes render inside one router context. What it leaves out: data routers (loaders,
 * actions), optional segments (`:id?`), basename, <Routes location>, blockers, scroll
 * restoration and view transitions.
 *
 * src/paths.ts: paths and locations, and resolving a link; src/matching.ts: routes and
 * their ranking; src/context.tsx: the routers; src/routes.tsx: <Routes>, <Outlet>;
 * src/hooks.ts; src/links.tsx: <Link>, <NavLink>, <Navigate>.
 */

export { BrowserRouter } from "./context";
export { crossesOrigins, pushHistory } from "./history";
export type { SetURLSearchParams, URLSearchParamsInit } from "./hooks";
export {
  useHref,
  useLocation,
  useNavigate,
  useNavigationPending,
  useParams,
  useSearchParams,
} from "./hooks";
export { type Hydrate, Island, IslandSlots, useStaticRender } from "./island";
export type { LinkProps, NavLinkProps, NavLinkRenderProps } from "./links";
export { Link, Navigate, NavLink } from "./links";
export type { RouteProps } from "./matching";
export { Route } from "./matching";
export type { Location, NavigateFunction, NavigateOptions, Params, Path, To } from "./paths";
export type { SectionMount } from "./routes";
export { Outlet, Routes } from "./routes";
