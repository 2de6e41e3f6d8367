import "./section.css";
import type { AdminSessionState } from "@portfolio/api-client/admin";
import { Island } from "@portfolio/router";
import { Route, Routes } from "react-router";
import { NotFound } from "./routes/not-found";
import { SiteAdmin } from "./routes/site-admin";

/**
 * The admin section, relative to where the shell mounts it (/admin/*). Its page is an
 * island that takes no router: loaded on its own origin, it hydrates at once without
 * react-router's code (docs/decisions/0061-react-router.md). `session`: the state its
 * page is prerendered in, when not the one that asks (src/prerender.tsx).
 */
export default function AdminRoutes({ session }: { session?: AdminSessionState }) {
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
            props={session ? { session } : {}}
          />
        }
      />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
