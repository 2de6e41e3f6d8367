/**
 * The part of react-router the apps use, and the only way they import it.
 *
 * Module Federation shares a module whole: sharing `react-router` itself put all of it
 * (data routers, SSR, RSC helpers: 61 kB gzip) on every first load. Sharing this module
 * instead lets the bundler drop what is not re-exported here, while host and remotes
 * still get one router instance (one context). Add an export here when an app needs it.
 */

export type { LinkProps, Location, NavigateFunction, NavLinkProps, Params } from "react-router";
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
  useParams,
  useSearchParams,
} from "react-router";
