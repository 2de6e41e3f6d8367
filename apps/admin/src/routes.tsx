import "./section.css";
import { createQueryClient } from "@portfolio/api-client/query";
import { Route, Routes } from "@portfolio/router";
import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { NewsletterAdmin } from "./routes/newsletter-admin";
import { NotFound } from "./routes/not-found";

/** The admin section, relative to where the shell mounts it (/admin/*). */
export default function AdminRoutes() {
  // One cache for the section while it is mounted; made in state, not at module scope,
  // so a server render never shares one between requests.
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Routes>
        <Route path="newsletter" element={<NewsletterAdmin />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </QueryClientProvider>
  );
}
