/**
 * The router the apps use, and the only way they import one: our own
 * (src/router.tsx, docs/decisions/0020-own-router.md), with react-router's names and
 * semantics for the part the apps use. Module Federation shares this module as one
 * singleton, so host and remotes render inside one router context.
 */

export { pushHistory } from "./history";
export { type Hydrate, Island, IslandSlots, useStaticRender } from "./island";
export type {
  LinkProps,
  Location,
  NavigateFunction,
  NavigateOptions,
  NavLinkProps,
  NavLinkRenderProps,
  Params,
  Path,
  RouteProps,
  SectionMount,
  SetURLSearchParams,
  To,
  URLSearchParamsInit,
} from "./router";
export {
  BrowserRouter,
  Link,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useHref,
  useLocation,
  useNavigate,
  useNavigationPending,
  useParams,
  useSearchParams,
} from "./router";
