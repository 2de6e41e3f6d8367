import type { SocialLink } from "@portfolio/content";
import { ExternalLink } from "@portfolio/ui/external-link";
import { MailIcon } from "@portfolio/ui/icons";
import {
  type ReactElement,
  useCallback,
  useLayoutEffect,
  useRef,
  useSyncExternalStore,
} from "react";
import { networkIcons } from "../../components/network-icons";

const linkClass =
  "inline-flex size-10 items-center justify-center rounded-md border border-border text-muted-foreground transition-colors " +
  "hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [&_svg]:size-5";

// Radix Tooltip (with its positioning engine) is ~20 kB gzip; Home is the first page most
// visitors load, so it comes only once someone shows intent — moves the pointer over the
// hero or focuses in it (loadTooltips) — and the links switch to tooltips when it arrives.
// Until then each link is named by aria-label alone, which is what assistive technology
// reads in any case; the tooltip is for sighted mouse and keyboard users.
type TooltipModule = typeof import("@portfolio/ui/tooltip");
let tooltipModule: TooltipModule | undefined;
// biome-ignore lint/correctness/noUnusedVariables: read by `??=` below (one fetch at a time)
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

/** Fetches the tooltip module once; every HomeSocialLinks switches to tooltips when it arrives. */
export function loadTooltips(): void {
  loading ??= import("@portfolio/ui/tooltip").then(
    (m) => {
      tooltipModule = m;
      for (const listener of listeners) listener();
    },
    () => {
      loading = undefined; // try again on the next sign of intent
    },
  );
}

/** The social links and the mail link as icon buttons, each named and with a tooltip. */
export function HomeSocialLinks({
  social,
  email,
  emailLabel,
  labelledBy,
}: {
  social: readonly SocialLink[];
  email: string;
  emailLabel: string;
  labelledBy: string;
}) {
  const list = useRef<HTMLUListElement>(null);
  const refocus = useRef(-1);
  const subscribe = useCallback((onChange: () => void) => {
    const listener = () => {
      // Wrapping the links in tooltips mounts them anew: remember where the keyboard was.
      const links = [...(list.current?.querySelectorAll("a") ?? [])];
      refocus.current = links.indexOf(document.activeElement as HTMLAnchorElement);
      onChange();
    };
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }, []);
  // Server and hydration render without tooltips, whatever this page has loaded.
  const tooltips = useSyncExternalStore(
    subscribe,
    () => tooltipModule,
    () => undefined,
  );

  useLayoutEffect(() => {
    if (!tooltips || refocus.current < 0) return;
    list.current?.querySelectorAll("a")[refocus.current]?.focus();
    refocus.current = -1;
  }, [tooltips]);

  const items: { key: string; label: string; link: ReactElement }[] = social.map((s) => {
    const Icon = networkIcons[s.network];
    return {
      key: s.network,
      label: s.label,
      link: (
        <ExternalLink href={s.url} aria-label={s.label} className={linkClass}>
          <Icon />
        </ExternalLink>
      ),
    };
  });
  items.push({
    key: "email",
    label: `${emailLabel}: ${email}`,
    link: (
      <a href={`mailto:${email}`} aria-label={`${emailLabel}: ${email}`} className={linkClass}>
        <MailIcon />
      </a>
    ),
  });

  const T = tooltips;
  const rendered = items.map(({ key, label, link }) => (
    <li key={key}>
      {T ? (
        <T.Tooltip>
          <T.TooltipTrigger asChild>{link}</T.TooltipTrigger>
          <T.TooltipContent>{label}</T.TooltipContent>
        </T.Tooltip>
      ) : (
        link
      )}
    </li>
  ));
  return (
    <ul
      ref={list}
      aria-labelledby={labelledBy}
      className="flex flex-wrap gap-2"
      onPointerOver={loadTooltips}
      onFocus={loadTooltips}
    >
      {T ? <T.TooltipProvider>{rendered}</T.TooltipProvider> : rendered}
    </ul>
  );
}
