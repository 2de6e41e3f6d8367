/**
 * react-router as the shell puts it in the share scope: the remotes' one router
 * (docs/decisions/0061-react-router.md). A shared module is handed over whole, never
 * tree-shaken (react-router's every export, its data routers, server runtime and RSC
 * included, is 64 kB gzip; what the apps use of it, 13 kB), so the shell offers the
 * declarative API the apps are written in, from its own copy of react-router: one module
 * instance, one location context for host and remotes. tests/federation.test.ts fails
 * when a remote imports a name this leaves out (a remote's standalone dev page runs
 * without the shell, on its own copy).
 */
export {
  createPath,
  Link,
  Navigate,
  NavigationType,
  NavLink,
  Outlet,
  Route,
  Router,
  Routes,
  useHref,
  useInRouterContext,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useParams,
  useResolvedPath,
  useSearchParams,
} from "react-router";
