import "./section.css";
import { Route, Routes } from "react-router";
import { EditionRoute } from "./routes/edition-page";
import { NewsletterHome } from "./routes/newsletter-home";
import { NotFound } from "./routes/not-found";

/** The newsletter section, relative to where the shell mounts it (/newsletter/*). */
export default function NewsletterRoutes() {
  return (
    <Routes>
      <Route index element={<NewsletterHome />} />
      <Route caseSensitive path=":id" element={<EditionRoute />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
