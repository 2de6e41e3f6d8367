import { site } from "@portfolio/content";
import { cn } from "@portfolio/ui/cn";
import { NavLink } from "react-router";

/**
 * The main navigation links (content/site.json). NavLink sets aria-current="page" on the
 * current section, sub-routes included (/projects/1 → Projects); Home only on "/".
 */
export function NavLinks({
  className,
  linkClassName,
  onNavigate,
}: {
  className?: string;
  linkClassName?: string;
  onNavigate?: () => void;
}) {
  return (
    <ul className={className}>
      {site.navigation.map((item) => (
        <li key={item.path}>
          <NavLink
            to={item.path}
            end={item.path === "/"}
            // As the routes: /BLOG is the 404 page, where no link is current.
            caseSensitive
            onClick={onNavigate}
            className={({ isActive }) =>
              cn(
                "rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground",
                "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                isActive ? "bg-accent text-accent-foreground" : "text-muted-foreground",
                linkClassName,
              )
            }
          >
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
