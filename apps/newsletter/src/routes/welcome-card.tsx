import type { NewsletterPage } from "@portfolio/content/newsletter";
import { CheckIcon } from "@portfolio/ui/icons";
import { useEffect, useRef } from "react";

/** Where 'Subscribe Now' takes the keyboard once subscribed. */
export const WELCOME_ID = "newsletter-welcome";

/**
 * The card that replaces the subscribe form. The form the focus was in is gone, so the
 * focus comes to the card's heading.
 */
export function WelcomeCard({ welcome }: { welcome: NewsletterPage["welcome"] }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="rounded-lg border border-success/50 bg-success/10 p-6 shadow-sm dark:bg-success/20">
      <div className="flex items-start gap-4">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-success text-success-foreground [&_svg]:size-5">
          <CheckIcon />
        </span>
        <div>
          <h2
            id={WELCOME_ID}
            ref={heading}
            tabIndex={-1}
            className="text-xl font-semibold leading-tight outline-none"
          >
            {welcome.heading}
          </h2>
          <p className="mt-2 leading-relaxed">{welcome.text}</p>
        </div>
      </div>
    </div>
  );
}
