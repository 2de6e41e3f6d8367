import "./section.css";
import { Route, Routes } from "react-router";
import { NotFound } from "./routes/not-found";
import { SiteAdmin } from "./routes/site-admin";

/** The admin section, relative to where the shell mounts it (/admin/*). */
export default function AdminRoutes() {
  return (
    <Routes>
      <Route caseSensitive path="newsletter" element={<SiteAdmin />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
