import { site } from "@portfolio/content";
import { ExternalLink } from "@portfolio/ui/external-link";
import { Link } from "react-router";

const linkClass =
  "rounded-sm text-sm text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

/** Paths the gateway answers itself (feeds, files) are plain links, not client routes. */
const isDocument = (path: string) => /\.[a-z0-9]+$/i.test(path);

/**
 * This year (UTC). A page is prerendered when the site is built, so the gateway writes
 * the year it is when it serves the page into this element (`data-current-year`,
 * package compose): a build from December does not say last year in January, and no
 * script runs for it. Rendered by the app (after a client-side navigation), it is the
 * browser's year, in UTC as the gateway's is; hydrating the admin's page, a browser
 * whose clock is across New Year from the gateway's keeps the served year quietly.
 */
function CurrentYear() {
  return (
    <span data-current-year="" suppressHydrationWarning>
      {new Date().getUTCFullYear()}
    </span>
  );
}

export function Footer() {
  return (
    <footer className="border-t border-border print:hidden">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-3">
        <div className="flex flex-col gap-2">
          <p className="font-semibold">{site.siteName}</p>
          <p className="text-sm text-muted-foreground">{site.footer.tagline}</p>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-col gap-2">
            {site.footer.links.map((link) => (
              <li key={link.path}>
                {isDocument(link.path) ? (
                  <a href={link.path} className={linkClass}>
                    {link.label}
                  </a>
                ) : (
                  <Link to={link.path} className={linkClass}>
                    {link.label}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <ul className="flex flex-col gap-2" aria-label="Social links">
          {site.social.map((social) => (
            <li key={social.network}>
              <ExternalLink href={social.url} className={linkClass}>
                {social.label}
              </ExternalLink>
            </li>
          ))}
        </ul>
      </div>
      <p className="border-t border-border px-4 py-6 text-center text-sm text-muted-foreground">
        © <CurrentYear /> {site.owner.name}. All rights reserved.
      </p>
    </footer>
  );
}
