import { remoteNames } from "@portfolio/content/sections";
import { Island } from "@portfolio/router";
import { type ComponentType, lazy } from "react";
import { Route, Routes } from "react-router";
import { Layout } from "./chrome/layout";
import { RemoteRoute } from "./federation/remote-route";
import { Home } from "./routes/home/home";
import { NotFound } from "./routes/not-found/not-found";

// Home is in the first load; every other shell page is its own chunk (with its own
// content from @portfolio/content/<page>), fetched when it is first shown — or, for
// the page a visitor lands on, as the app starts (preloadPage in bootstrap.tsx).
const pages = {
  skills: () => import("./routes/skills/skills").then((m) => m.Skills),
  resume: () => import("./routes/resume/resume").then((m) => m.Resume),
  projects: () => import("./routes/projects/projects").then((m) => m.Projects),
  projectDetail: () => import("./routes/projects/project-detail").then((m) => m.ProjectDetail),
  talks: () => import("./routes/talks/talks").then((m) => m.Talks),
  contact: () => import("./routes/contact/contact").then((m) => m.Contact),
  privacyPolicy: () => import("./routes/legal/privacy-policy").then((m) => m.PrivacyPolicy),
  termsOfUse: () => import("./routes/legal/terms-of-use").then((m) => m.TermsOfUse),
  search: () => import("./routes/search/search").then((m) => m.Search),
} satisfies Record<string, () => Promise<ComponentType>>;

type PageName = keyof typeof pages;

// Pages already fetched (preloadPage): their lazy component resolves during its first
// render instead of suspending, so hydrating a prerendered page never waits a turn.
const loaded = new Map<PageName, ComponentType>();

const page = (name: PageName) =>
  lazy(() => {
    const component = loaded.get(name);
    if (!component) return pages[name]().then((c) => ({ default: c }));
    // A thenable that calls back at once: React.lazy then has the module synchronously.
    const ready: PromiseLike<{ default: ComponentType }> = {
      // biome-ignore lint/suspicious/noThenProperty: a thenable is the point (see above)
      then: (resolve) => (resolve ? resolve({ default: component }) : undefined) as never,
    };
    return ready as Promise<{ default: ComponentType }>;
  });

const Skills = page("skills");
const Resume = page("resume");
const Projects = page("projects");
const ProjectDetail = page("projectDetail");
const Talks = page("talks");
const Contact = page("contact");
const PrivacyPolicy = page("privacyPolicy");
const TermsOfUse = page("termsOfUse");
const Search = page("search");

const pageByPath: [RegExp, PageName][] = [
  [/^\/skills\/?$/, "skills"],
  [/^\/resume\/?$/, "resume"],
  [/^\/projects\/?$/, "projects"],
  [/^\/projects\/[^/]+\/?$/, "projectDetail"],
  [/^\/talks\/?$/, "talks"],
  [/^\/contact\/?$/, "contact"],
  [/^\/privacy-policy\/?$/, "privacyPolicy"],
  [/^\/terms-of-use\/?$/, "termsOfUse"],
  [/^\/search\/?$/, "search"],
];

/**
 * Fetches the chunk of the page at `pathname`, if it is a lazily loaded one; resolves
 * when it is here (or failed: the failure shows when the page renders).
 */
export async function preloadPage(pathname: string): Promise<void> {
  const match = pageByPath.find(([test]) => test.test(pathname));
  if (!match) return;
  const name = match[1];
  try {
    loaded.set(name, await pages[name]());
  } catch {
    // shown by the page's error handling when it renders
  }
}

/** The remote section that owns `pathname` (its first segment is a remote's name), if any. */
export function sectionOf(pathname: string): string | undefined {
  const first = pathname.split("/")[1];
  return remoteNames.find((name) => name === first);
}

/**
 * The shell's routes, written as JSX: the paths match content/routes.json (the gateway
 * answers 404 for anything else); remote sections mount their own <Routes>. Every path
 * is case-sensitive, as the gateway's (docs/decisions/0020-own-router.md, its amendment;
 * react-router's default is not): /BLOG renders the 404 page the gateway sends for it.
 */
export function AppRoutes({ arrived = false }: { arrived?: boolean }) {
  return (
    <Routes>
      <Route element={<Layout arrived={arrived} />}>
        {/* The hero (its links' tooltips) hydrates on the first pointer, key or focus in it. */}
        <Route
          index
          element={<Island name="shell:home" hydrate="interaction" component={Home} props={{}} />}
        />
        <Route caseSensitive path="skills" element={<Skills />} />
        <Route caseSensitive path="resume" element={<Resume />} />
        <Route caseSensitive path="projects" element={<Projects />} />
        <Route caseSensitive path="projects/:id" element={<ProjectDetail />} />
        <Route caseSensitive path="talks" element={<Talks />} />
        <Route caseSensitive path="contact" element={<Contact />} />
        <Route caseSensitive path="privacy-policy" element={<PrivacyPolicy />} />
        <Route caseSensitive path="terms-of-use" element={<TermsOfUse />} />
        <Route caseSensitive path="search" element={<Search />} />
        {/* Keyed: each section keeps its own loading and failure state. */}
        <Route caseSensitive path="blog/*" element={<RemoteRoute key="blog" name="blog" />} />
        <Route
          caseSensitive
          path="newsletter/*"
          element={<RemoteRoute key="newsletter" name="newsletter" />}
        />
        <Route caseSensitive path="admin/*" element={<RemoteRoute key="admin" name="admin" />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
