import "./section.css";
import { Route, Routes } from "@portfolio/router";
import { AllPosts } from "./routes/all-posts";
import { Article } from "./routes/article";
import { BlogHome } from "./routes/blog-home";
import { NotFound } from "./routes/not-found";
import { TagPage, TagsIndex } from "./routes/tags";

/** The blog section, relative to where the shell mounts it (/blog/*). */
export default function BlogRoutes() {
  return (
    <Routes>
      <Route index element={<BlogHome />} />
      <Route path="all-posts" element={<AllPosts />} />
      <Route path="tags" element={<TagsIndex />} />
      <Route path="tags/:tag" element={<TagPage />} />
      <Route path=":slug" element={<Article />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
