import { Route, Routes } from "@portfolio/router";
import { Layout } from "./chrome/layout";
import { RemoteRoute } from "./federation/remote-route";
import { Contact } from "./routes/contact";
import { Home } from "./routes/home";
import { NotFound } from "./routes/not-found";
import { PrivacyPolicy } from "./routes/privacy-policy";
import { ProjectDetail } from "./routes/project-detail";
import { Projects } from "./routes/projects";
import { Resume } from "./routes/resume";
import { Skills } from "./routes/skills";
import { Talks } from "./routes/talks";
import { TermsOfUse } from "./routes/terms-of-use";

/** The route table (content/routes.json); remote sections mount their own <Routes>. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<Home />} />
        <Route path="skills" element={<Skills />} />
        <Route path="resume" element={<Resume />} />
        <Route path="projects" element={<Projects />} />
        <Route path="projects/:id" element={<ProjectDetail />} />
        <Route path="talks" element={<Talks />} />
        <Route path="contact" element={<Contact />} />
        <Route path="privacy-policy" element={<PrivacyPolicy />} />
        <Route path="terms-of-use" element={<TermsOfUse />} />
        {/* Keyed: each section keeps its own loading and failure state. */}
        <Route path="blog/*" element={<RemoteRoute key="blog" name="blog" />} />
        <Route path="newsletter/*" element={<RemoteRoute key="newsletter" name="newsletter" />} />
        <Route path="admin/*" element={<RemoteRoute key="admin" name="admin" />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
