import "./section.css";
import { Route, Routes } from "react-router";
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
      <Route caseSensitive path="all-posts" element={<AllPosts />} />
      <Route caseSensitive path="tags" element={<TagsIndex />} />
      <Route caseSensitive path="tags/:tag" element={<TagPage />} />
      <Route caseSensitive path=":slug" element={<Article />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
