// @vitest-environment node
// Which route a URL renders: the shell's table with the remote sections mounted under
// it as the apps mount them (descendant <Routes>), rendered at one URL on the server.
import { Fragment, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Outlet, Route, Routes, useHref, useLocation, useParams } from "../src/index";
import { StaticRouter } from "../src/server";

/** What a route renders: its name, its params and the href of a relative link. */
function Page({ name, to = "." }: { name: string; to?: string }) {
  const params = JSON.stringify(useParams());
  return <p>{`${name} ${params} ${useHref(to)}`}</p>;
}

function Layout() {
  return (
    <main>
      <Outlet />
    </main>
  );
}

// apps/blog/src/routes.tsx, apps/newsletter/src/routes.tsx, apps/admin/src/routes.tsx
const Blog = () => (
  <Routes>
    <Route index element={<Page name="blog-home" to="all-posts" />} />
    <Route path="all-posts" element={<Page name="all-posts" to=".." />} />
    <Route path=":slug" element={<Page name="article" to="../all-posts" />} />
    <Route path="*" element={<Page name="blog-404" />} />
  </Routes>
);
const Newsletter = () => (
  <Routes>
    <Route index element={<Page name="newsletter-home" />} />
    <Route path="*" element={<Page name="newsletter-404" />} />
  </Routes>
);
const Admin = () => (
  <Routes>
    <Route path="newsletter" element={<Page name="admin-newsletter" />} />
    <Route path="*" element={<Page name="admin-404" />} />
  </Routes>
);

// apps/shell/src/routes.tsx
function Shell() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<Page name="home" />} />
        <Route path="skills" element={<Page name="skills" />} />
        <Route path="resume" element={<Page name="resume" />} />
        <Route path="projects" element={<Page name="projects" />} />
        <Route path="projects/:id" element={<Page name="project" to=".." />} />
        <Route path="talks" element={<Page name="talks" />} />
        <Route path="contact" element={<Page name="contact" />} />
        <Route path="privacy-policy" element={<Page name="privacy-policy" />} />
        <Route path="terms-of-use" element={<Page name="terms-of-use" />} />
        <Route path="blog/*" element={<Blog />} />
        <Route path="newsletter/*" element={<Newsletter />} />
        <Route path="admin/*" element={<Admin />} />
        <Route path="*" element={<Page name="404" />} />
      </Route>
    </Routes>
  );
}

function at(url: string, routes: ReactNode = <Shell />): string {
  return renderToString(<StaticRouter location={url}>{routes}</StaticRouter>)
    .replace(/&quot;/g, '"')
    .replace(/<\/?(main|p)>/g, "");
}

describe("the site's URLs pick the route react-router picked", () => {
  it.each([
    ["/", "home {} /"],
    ["/skills", "skills {} /skills"],
    ["/skills/", "skills {} /skills/"],
    // Case-sensitive, unlike react-router, as the gateway (which redirects /SKILLS to
    // /skills): a wrong-case path renders the 404 page the server sends for it.
    ["/SKILLS", '404 {"*":"SKILLS"} /SKILLS'],
    ["/Projects/1", '404 {"*":"Projects/1"} /Projects/1'],
    ["/BLOG", '404 {"*":"BLOG"} /BLOG'],
    ["/blog/All-Posts", 'article {"*":"All-Posts","slug":"All-Posts"} /blog/all-posts'],
    ["/admin/Newsletter", 'admin-404 {"*":"Newsletter"} /admin/Newsletter'],
    ["/resume", "resume {} /resume"],
    ["/projects", "projects {} /projects"],
    ["/projects/2", 'project {"id":"2"} /'],
    ["/projects/caf%C3%A9", 'project {"id":"café"} /'],
    ["/projects/2/more", '404 {"*":"projects/2/more"} /projects/2/more'],
    ["/talks", "talks {} /talks"],
    ["/contact", "contact {} /contact"],
    ["/privacy-policy", "privacy-policy {} /privacy-policy"],
    ["/terms-of-use", "terms-of-use {} /terms-of-use"],
    ["/blog", 'blog-home {"*":""} /blog/all-posts'],
    ["/blog/", 'blog-home {"*":""} /blog/all-posts'],
    ["/blog/all-posts", 'all-posts {"*":"all-posts"} /blog'],
    [
      "/blog/terraform-guide",
      'article {"*":"terraform-guide","slug":"terraform-guide"} /blog/all-posts',
    ],
    ["/blog/a/b", 'blog-404 {"*":"a/b"} /blog/a/b'],
    ["/blogs", '404 {"*":"blogs"} /blogs'],
    ["/newsletter", 'newsletter-home {"*":""} /newsletter'],
    ["/newsletter/x", 'newsletter-404 {"*":"x"} /newsletter/x'],
    ["/admin", 'admin-404 {"*":""} /admin'],
    ["/admin/newsletter", 'admin-newsletter {"*":"newsletter"} /admin/newsletter'],
    ["/admin/newsletter/x", 'admin-404 {"*":"newsletter/x"} /admin/newsletter/x'],
    ["/not-a-page", '404 {"*":"not-a-page"} /not-a-page'],
  ])("%s → %s", (url, expected) => {
    expect(at(url)).toBe(expected);
  });

  it("ranks by specificity, not by order: static, then :param, then splat", () => {
    const routes = (
      <Routes>
        <Route path="*" element={<Page name="splat" />} />
        <Route path=":slug" element={<Page name="param" />} />
        <Route path="all-posts" element={<Page name="static" />} />
        <Route index element={<Page name="index" />} />
      </Routes>
    );
    expect(at("/all-posts", routes)).toBe("static {} /all-posts");
    expect(at("/other", routes)).toBe('param {"slug":"other"} /other');
    expect(at("/a/b", routes)).toBe('splat {"*":"a/b"} /a/b');
    expect(at("/", routes)).toBe("index {} /");
  });

  it("takes the earlier of two equal siblings", () => {
    const routes = (
      <Routes>
        <Route path="a" element={<Page name="first" />} />
        <Fragment key="more">
          <Route path="a" element={<Page name="in a fragment" />} />
          <Route path="b" element={<Page name="b, in a fragment" />} />
        </Fragment>
        <Route path="/a" element={<Page name="absolute" />} />
      </Routes>
    );
    expect(at("/a", routes)).toBe("first {} /a");
  });

  it("matches regardless of case where a route sets caseSensitive={false}", () => {
    const routes = (
      <Routes>
        <Route path="skills" caseSensitive={false} element={<Page name="skills" />} />
        <Route path="*" element={<Page name="404" />} />
      </Routes>
    );
    expect(at("/SKILLS", routes)).toBe("skills {} /SKILLS");
  });

  it("renders nothing where no route matches", () => {
    const routes = (
      <Routes>
        <Route path="a" element={<Page name="a" />} />
      </Routes>
    );
    expect(at("/b", routes)).toBe("");
  });

  it("gives a descendant <Routes> the params of its parents", () => {
    const routes = (
      <Routes>
        <Route
          path="/:lang/*"
          element={
            <Routes>
              <Route path="posts/:slug" element={<Page name="post" to=".." />} />
            </Routes>
          }
        />
      </Routes>
    );
    expect(at("/en/posts/x", routes)).toBe('post {"lang":"en","*":"posts/x","slug":"x"} /en');
  });

  it("exposes search and hash from the location", () => {
    function Where() {
      const { pathname, search, hash, key, state } = useLocation();
      return <p>{[pathname, search, hash, key, String(state)].join(" ")}</p>;
    }
    expect(at("/blog/x?page=2#top", <Where />)).toBe("/blog/x ?page=2 #top default null");
  });
});
