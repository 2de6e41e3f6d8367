import { type IslandLoaders, island } from "@portfolio/router/loaders";

/**
 * The shell's islands by name (`shell:<name>` in the page): what a page that arrived
 * prerendered hydrates, each when it is needed (docs/decisions/0040-islands.md).
 * tests/islands.test.tsx checks that every island a page renders is here.
 */
export const islands: IslandLoaders = {
  home: island(() => import("./routes/home/home").then((m) => m.Home)),
  skills: island(() => import("./routes/skills/skills").then((m) => m.SkillGrid)),
  "resume-download": island(() => import("./routes/resume/resume").then((m) => m.ResumeDownload)),
  "contact-form": island(() =>
    import("./routes/contact/contact-form").then((m) => m.ContactFormIsland),
  ),
};
