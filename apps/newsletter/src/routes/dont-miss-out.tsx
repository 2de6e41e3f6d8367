import { Button } from "@portfolio/ui/button";
import { EMAIL_FIELD_ID, WELCOME_ID } from "./subscribe-form";

/** Room for the site's sticky header above what the page scrolls to. */
const HEADER_ROOM = 80;

/**
 * 'Don't Miss Out': 'Subscribe Now' scrolls the page to `scrollTop` (the site's 400 px,
 * where the form sits on wide screens), or, on a screen where the form would still be
 * out of view there, to the form itself, and puts the focus in the email field (or on
 * the welcome card): the next Tab or keystroke goes where the visitor was sent, not to
 * the footer after the button.
 */
export function DontMissOut({
  heading,
  text,
  button,
  scrollTop,
}: {
  heading: string;
  text: string;
  button: string;
  scrollTop: number;
}) {
  const onClick = () => {
    const target = document.getElementById(EMAIL_FIELD_ID) ?? document.getElementById(WELCOME_ID);
    let top = scrollTop;
    if (target) {
      const box = target.getBoundingClientRect();
      const y = box.top + window.scrollY;
      const inView = y - top >= HEADER_ROOM && y + box.height - top <= window.innerHeight;
      if (!inView) top = Math.max(0, Math.round(y - window.innerHeight / 3));
    }
    const smooth = !window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    window.scrollTo({ top, behavior: smooth ? "smooth" : "auto" });
    target?.focus({ preventScroll: true });
  };

  return (
    <section
      aria-labelledby="dont-miss-out-heading"
      className="mt-16 rounded-lg border border-border bg-accent px-6 py-10 text-center text-accent-foreground sm:px-10"
    >
      <h2 id="dont-miss-out-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
        {heading}
      </h2>
      <p className="mx-auto mt-3 max-w-xl">{text}</p>
      <Button size="lg" className="mt-6" onClick={onClick}>
        {button}
      </Button>
    </section>
  );
}
