import { Button } from "@portfolio/ui/button";
import { Link } from "react-router";
import { Page } from "../../components/page";

export function NotFound() {
  return (
    <Page
      title="404 Page Not Found"
      intro="The page you are looking for does not exist or has moved."
    >
      <Button asChild className="mt-8">
        <Link to="/">Back to Home</Link>
      </Button>
    </Page>
  );
}
