import { Button } from "@portfolio/ui/button";
import { Link } from "react-router";

/** An unknown path inside this section: the site's 404 heading, and a way back. */
export function NotFound() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 md:py-20">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">404 Page Not Found</h1>
      <p className="mt-4 max-w-2xl text-lg text-muted-foreground">
        There is no page at this address in this section.
      </p>
      <Button asChild className="mt-8">
        <Link to="/admin/newsletter">Back to Newsletter Admin</Link>
      </Button>
    </div>
  );
}
