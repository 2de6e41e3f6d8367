import "./section.css";
import { Route, Routes } from "react-router";
import { NewsletterAdmin } from "./routes/newsletter-admin";
import { NotFound } from "./routes/not-found";

/** The admin section, relative to where the shell mounts it (/admin/*). */
export default function AdminRoutes() {
  return (
    <Routes>
      <Route caseSensitive path="newsletter" element={<NewsletterAdmin />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
