import "./section.css";
import { Island } from "@portfolio/router";
import { Route, Routes } from "react-router";
import { NotFound } from "./routes/not-found";
import { SiteAdmin } from "./routes/site-admin";

/**
 * The admin section, relative to where the shell mounts it (/admin/*). Its page is an
 * island that takes no router: loaded on its own origin, it hydrates at once without
 * react-router's code (docs/decisions/0061-react-router.md).
 */
export default function AdminRoutes() {
  return (
    <Routes>
      <Route
        caseSensitive
        path="newsletter"
        element={
          <Island
            name="admin:site-admin"
            hydrate="load"
            router={false}
            component={SiteAdmin}
            props={{}}
          />
        }
      />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
