import type { AnchorHTMLAttributes, Ref } from "react";

export interface ExternalLinkProps
  extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "target" | "rel"> {
  href: string;
  ref?: Ref<HTMLAnchorElement>;
}

/** A link that opens in a new tab without giving the new page a handle on this one. */
export function ExternalLink(props: ExternalLinkProps) {
  return <a target="_blank" rel="noopener noreferrer" {...props} />;
}
