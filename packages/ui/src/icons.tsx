import { createElement, type ReactElement, type SVGProps } from "react";

// A handful of 24×24 stroke icons (Lucide shapes, ISC licence) inline, instead of an
// icon library in the shared bundle. Decorative by default: give the control a name.
// This module is shared whole (never tree-shaken) and on every first load: keep it to
// the chrome's icons, the social ones Home shows on first load, and the few that more
// than one app draws; an icon only one page uses is drawn there with drawnIcon. Why not
// lucide-react: docs/decisions/0022-icons-drawn-inline.md.
export type IconProps = SVGProps<SVGSVGElement>;

/** The 24×24 stroke frame every icon shares: pass its shapes as children. */
export function Icon({ children, ...props }: IconProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

/**
 * An icon component that draws `shapes` (the children of Lucide's <svg>) in the <Icon>
 * frame, e.g. `export const MenuIcon = drawnIcon(<path d="M4 6h16M4 12h16M4 18h16" />)`.
 * The shapes go in as createElement's own children: a fixed list, so no keys and no
 * fragment around them.
 */
export function drawnIcon(...shapes: ReactElement[]): (props: IconProps) => ReactElement {
  return function DrawnIcon(props) {
    return createElement(Icon, props, ...shapes);
  };
}

// The theme toggle.

export const SunIcon = drawnIcon(
  <circle cx="12" cy="12" r="4" />,
  <path d="M12 2v2M12 20v2M4.93 4.93l1.41 1.41M17.66 17.66l1.41 1.41M2 12h2M20 12h2M6.34 17.66l-1.41 1.41M19.07 4.93l-1.41 1.41" />,
);

export const MoonIcon = drawnIcon(<path d="M12 3a6 6 0 0 0 9 9 9 9 0 1 1-9-9Z" />);

export const MonitorIcon = drawnIcon(
  <rect width="20" height="14" x="2" y="3" rx="2" />,
  <path d="M8 21h8M12 17v4" />,
);

// The mobile menu: open and close.

export const MenuIcon = drawnIcon(<path d="M4 6h16M4 12h16M4 18h16" />);

export const SearchIcon = drawnIcon(<circle cx="11" cy="11" r="7" />, <path d="m20 20-4-4" />);

export const XIcon = drawnIcon(<path d="M18 6 6 18M6 6l12 12" />);

// Links: out of the site, back and forward.

export const ExternalLinkIcon = drawnIcon(
  <path d="M15 3h6v6M10 14 21 3M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6" />,
);

export const ArrowLeftIcon = drawnIcon(<path d="m12 19-7-7 7-7M19 12H5" />);

export const ArrowRightIcon = drawnIcon(<path d="M5 12h14M12 5l7 7-7 7" />);

// Home's social links (first load), and mail.

export const GithubIcon = drawnIcon(
  <path d="M15 22v-4a4.8 4.8 0 0 0-1-3.5c3 0 6-2 6-5.5.08-1.25-.27-2.48-1-3.5.28-1.15.28-2.35 0-3.5 0 0-1 0-3 1.5-2.64-.5-5.36-.5-8 0C6 2 5 2 5 2c-.3 1.15-.3 2.35 0 3.5A5.4 5.4 0 0 0 4 9c0 3.5 3 5.5 6 5.5-.39.49-.68 1.05-.85 1.65-.17.6-.22 1.23-.15 1.85v4" />,
  <path d="M9 18c-4.51 2-5-2-7-2" />,
);

export const LinkedinIcon = drawnIcon(
  <path d="M16 8a6 6 0 0 1 6 6v7h-4v-7a2 2 0 0 0-4 0v7h-4v-7a6 6 0 0 1 6-6z" />,
  <rect width="4" height="12" x="2" y="9" />,
  <circle cx="4" cy="4" r="2" />,
);

export const TwitterIcon = drawnIcon(
  <path d="M22 4s-.7 2.1-2 3.4c1.6 10-9.4 17.3-18 11.6 2.2.1 4.4-.6 6-2C3 15.5.5 9.6 3 5c2.2 2.6 5.6 4.1 9 4-.9-4.2 4-6.6 7-3.8 1.1 0 3-1.2 3-1.2z" />,
);

/** DEV, the developer blog: the letters in a rounded frame. */
export const DevToIcon = drawnIcon(
  <rect width="20" height="16" x="2" y="4" rx="2" />,
  <path d="M5.5 9v6h1a2 2 0 0 0 2-2v-2a2 2 0 0 0-2-2zM13.5 9h-2.5v6h2.5M11 12h2M15 9l1.5 6L18 9" />,
);

export const MailIcon = drawnIcon(
  <rect width="20" height="16" x="2" y="4" rx="2" />,
  <path d="m22 7-8.97 5.7a1.94 1.94 0 0 1-2.06 0L2 7" />,
);

// Dates and durations beside posts, talks and editions; a check mark.

export const CalendarIcon = drawnIcon(
  <rect width="18" height="18" x="3" y="4" rx="2" />,
  <path d="M8 2v4M16 2v4M3 10h18" />,
);

export const ClockIcon = drawnIcon(<circle cx="12" cy="12" r="10" />, <path d="M12 6v6l4 2" />);

export const CheckIcon = drawnIcon(<path d="M20 6 9 17l-5-5" />);
