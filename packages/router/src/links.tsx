// The components that move: <Navigate>, <Link>, <NavLink>.
import {
  type AnchorHTMLAttributes,
  type CSSProperties,
  type ReactNode,
  type Ref,
  useEffect,
} from "react";
import { useRouter } from "./context";
import { useHref, useLocation, useNavigate, useResolvedPath } from "./hooks";
import { createPath, encode, type NavigateOptions, type To } from "./paths";

/** Navigates when rendered (in an effect: a static render only renders nothing). */
export function Navigate({ to, replace, state }: { to: To } & NavigateOptions): null {
  const navigate = useNavigate();
  const href = useHref(to);
  useEffect(() => navigate(href, { replace, state }), [navigate, href, replace, state]);
  return null;
}

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  to: To;
  replace?: boolean;
  state?: unknown;
  /** A full page load instead of a client-side navigation. */
  reloadDocument?: boolean;
  ref?: Ref<HTMLAnchorElement>;
};

const ABSOLUTE_URL = /^(?:[a-z][a-z0-9+.-]*:|[\\/]{2})/i;

/**
 * An <a> that navigates inside the app on a plain left click. Modified clicks (ctrl,
 * meta, shift, alt, another button), other targets, downloads and absolute URLs
 * (`https:`, `mailto:`, `//host`) keep the browser's behaviour.
 */
export function Link({ to, replace, state, reloadDocument, onClick, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useNavigate();
  const { location } = useRouter();
  const external = typeof to === "string" && ABSOLUTE_URL.test(to);
  return (
    <a
      {...rest}
      href={external ? to : href}
      onClick={(event) => {
        onClick?.(event);
        if (
          external ||
          reloadDocument ||
          event.defaultPrevented ||
          event.button !== 0 ||
          (rest.target && rest.target !== "_self") ||
          rest.download != null ||
          event.metaKey ||
          event.altKey ||
          event.ctrlKey ||
          event.shiftKey
        )
          return;
        event.preventDefault();
        // A link to where we are replaces the entry instead of stacking a copy.
        navigate(href, { replace: replace ?? createPath(location) === href, state });
      }}
    />
  );
}

export interface NavLinkRenderProps {
  isActive: boolean;
  /** Always false here: there are no pending (data router) navigations. */
  isPending: boolean;
  isTransitioning: boolean;
}
export type NavLinkProps = Omit<LinkProps, "className" | "style" | "children"> & {
  children?: ReactNode | ((props: NavLinkRenderProps) => ReactNode);
  className?: string | ((props: NavLinkRenderProps) => string | undefined);
  style?: CSSProperties | ((props: NavLinkRenderProps) => CSSProperties | undefined);
  /** Active only on its own path, not below it. */
  end?: boolean;
  /** True unless set false, as routes: /BLOG is the 404 page, where no link is current. */
  caseSensitive?: boolean;
};

/**
 * A <Link> that knows whether it is current: aria-current="page" (or the given value)
 * and, for a string className, an "active" class, on its path and every path below it.
 */
export function NavLink({
  "aria-current": ariaCurrent = "page",
  caseSensitive = true,
  className = "",
  end,
  style,
  children,
  ...rest
}: NavLinkProps) {
  let to = encode(useResolvedPath(rest.to).pathname);
  let here = useLocation().pathname;
  if (!caseSensitive) {
    to = to.toLowerCase();
    here = here.toLowerCase();
  }
  const slash = to !== "/" && to.endsWith("/") ? to.length - 1 : to.length;
  const isActive = here === to || (!end && here.startsWith(to) && here.charAt(slash) === "/");
  const props = { isActive, isPending: false, isTransitioning: false };
  return (
    <Link
      {...rest}
      aria-current={isActive ? ariaCurrent : undefined}
      className={
        typeof className === "function"
          ? className(props)
          : [className, isActive && "active"].filter(Boolean).join(" ")
      }
      style={typeof style === "function" ? style(props) : style}
    >
      {typeof children === "function" ? children(props) : children}
    </Link>
  );
}
