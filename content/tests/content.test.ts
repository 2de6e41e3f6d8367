// The site's counts and constants, and the product decisions on them, asserted on the
// typed exports. content/pages_test.go asserts the same in Go.
import { describe, expect, it } from "vitest";
import { contact, contactSubjects } from "../src/contact";
import { home } from "../src/home";
import { site } from "../src/index";
import { legal } from "../src/legal";
import { newsletterPage, withSubscribers } from "../src/newsletter";
import { getProject, projectCategories, projectDetails, projects } from "../src/projects";
import { resume } from "../src/resume";
import { knownSkillIcons, skillColors, skills } from "../src/skills";
import { talks } from "../src/talks";
import type { ProjectDetail } from "../src/types";

const svgFiles = import.meta.glob<string>("../images/**/*.svg", {
  eager: true,
  import: "default",
  query: "?raw",
});
/** "/images/projects/1.svg" → its SVG text, for the images shipped in content/images. */
const shippedImages = new Map(
  Object.entries(svgFiles).map(([path, svg]) => [path.replace(/^\.\./, ""), svg]),
);

describe("home", () => {
  it("has the site's headline and call-to-action buttons", () => {
    expect(home.headline).toBe("DevOps Engineer & Cloud Infrastructure Specialist");
    expect(home.headline).toBe(site.owner.headline);
    expect(home.primaryCta).toEqual({ label: "View My Projects", path: "/projects" });
    expect(home.secondaryCta).toEqual({ label: "Get In Touch", path: "/contact" });
    expect(home.greeting.trim()).not.toBe("");
  });

  it("has a two or three sentence pitch", () => {
    const sentences = home.pitch.split(/(?<=\.)\s+/).filter(Boolean);
    expect(sentences.length).toBeGreaterThanOrEqual(2);
    expect(sentences.length).toBeLessThanOrEqual(3);
  });

  it("does not carry the editor-only $schema key", () => {
    expect(Object.keys(home)).not.toContain("$schema");
    expect(Object.keys(resume)).not.toContain("$schema");
    expect(Object.keys(legal)).not.toContain("$schema");
    expect(Object.keys(contact)).not.toContain("$schema");
  });
});

describe("skills", () => {
  it("lists the site's 15 skills in its order", () => {
    expect(skills.map((s) => s.name)).toEqual([
      "AWS",
      "Azure",
      "GCP",
      "Docker",
      "Kubernetes",
      "Networking",
      "CI/CD",
      "Terraform",
      "Jenkins",
      "Python",
      "Linux",
      "Monitoring",
      "Git",
      "Shell Scripting",
      "Ansible",
    ]);
  });

  it.each(skills.map((s) => [s.name, s] as const))(
    "%s has 4 achievements, a known icon and a color token",
    (_, s) => {
      expect(s.achievements).toHaveLength(4);
      for (const a of s.achievements) expect(a.trim()).not.toBe("");
      expect(knownSkillIcons).toContain(s.icon);
      expect(skillColors).toContain(s.color);
      expect(s.description.trim()).not.toBe("");
    },
  );

  it("knows an icon for each of the 15 skills", () => {
    expect(knownSkillIcons).toHaveLength(15);
  });
});

describe("resume", () => {
  it("has the three jobs, most recent first, with 3-5 achievements each", () => {
    expect(resume.experience.map((e) => e.title)).toEqual([
      "Lead DevOps Engineer",
      "DevOps Engineer",
      "DevOps Intern",
    ]);
    for (const e of resume.experience) {
      expect(e.achievements.length).toBeGreaterThanOrEqual(3);
      expect(e.achievements.length).toBeLessThanOrEqual(5);
      expect(e.company && e.duration && e.location).toBeTruthy();
    }
  });

  it("shows the university (lowercase field, no empty line)", () => {
    expect(resume.education.length).toBeGreaterThanOrEqual(1);
    for (const e of resume.education) {
      expect(e.university.trim()).not.toBe("");
      expect(e).not.toHaveProperty("University");
    }
  });

  it("has 4-6 certifications with provider and year", () => {
    expect(resume.certifications.length).toBeGreaterThanOrEqual(4);
    expect(resume.certifications.length).toBeLessThanOrEqual(6);
    for (const c of resume.certifications) {
      expect(c.provider.trim()).not.toBe("");
      expect(Number.isInteger(c.year)).toBe(true);
    }
  });
});

describe("projects", () => {
  it("has 8 projects with ids 1 to 8, featured exactly on 1 to 3", () => {
    expect(projects.map((p) => p.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(projects.filter((p) => p.featured).map((p) => p.id)).toEqual([1, 2, 3]);
    for (const p of projects.filter((p) => p.id > 3)) expect(p.featured ?? false).toBe(false);
  });

  it("uses only the site's categories and https links", () => {
    for (const p of projects) {
      expect(projectCategories).toContain(p.category);
      expect(p.githubUrl).toMatch(/^https:\/\//);
      if (p.liveUrl != null) expect(p.liveUrl).toMatch(/^https:\/\//);
    }
  });

  it("has no live demo for several projects, and a demo for some", () => {
    const withoutDemo = projects.filter((p) => p.liveUrl == null).length;
    expect(withoutDemo).toBeGreaterThanOrEqual(2);
    expect(withoutDemo).toBeLessThan(projects.length);
  });

  it.each(projects.map((p) => [p.id, p] as const))(
    "project %i's cover ships with the site, sized as the content says",
    (id, p) => {
      expect(p.image.src).toBe(`/images/projects/${id}.svg`);
      const svg = shippedImages.get(p.image.src);
      expect(svg, `${p.image.src} is not in content/images`).toBeDefined();
      const root = svg!.slice(svg!.indexOf("<svg"), svg!.indexOf(">", svg!.indexOf("<svg")) + 1);
      expect(root).toContain(`width="${p.image.width}"`);
      expect(root).toContain(`height="${p.image.height}"`);
      expect(root).toContain(`viewBox="0 0 ${p.image.width} ${p.image.height}"`);
      expect(svg).toMatch(/<title[^>]*>[^<]+<\/title>/);
      expect(svg).not.toMatch(/<script|javascript:|\son[a-z]+=/i);
      expect(p.image.alt.trim()).not.toBe("");
    },
  );

  it("ships the profile photo", () => {
    expect(shippedImages.has(home.photo.src)).toBe(true);
  });

  it("has detail for every project, with the site's timeline and team size for ids 1 and 2", () => {
    expect(Object.keys(projectDetails).map(Number).sort()).toEqual(
      projects.map((p) => p.id).sort(),
    );
    expect(projectDetails[1]?.timeline).toBe("6 months");
    expect(projectDetails[1]?.teamSize).toBe("5 engineers");
    expect(projectDetails[2]?.timeline).toBe("3 months");
    expect(projectDetails[2]?.teamSize).toBe("3 engineers");
    for (const d of Object.values(projectDetails)) {
      expect(d.features.length).toBeGreaterThanOrEqual(5);
      expect(d.features.length).toBeLessThanOrEqual(6);
      expect(d.techStack.length).toBeGreaterThanOrEqual(3);
      expect(d.techStack.length).toBeLessThanOrEqual(5);
      for (const html of [d.architecture, d.challenges]) {
        const tags = html.match(/<[^>]*>/g) ?? [];
        expect(tags.length).toBeGreaterThan(0);
        for (const tag of tags) expect(tag).toMatch(/^<\/?(p|ul|ol|li|strong|em|code|h3)>$/);
      }
    }
  });

  it("gives each project detail of its own: no two share an overview, features or tech stack", () => {
    const details = Object.values(projectDetails);
    for (const pick of [
      (d: ProjectDetail) => d.overview,
      (d: ProjectDetail) => d.architecture,
      (d: ProjectDetail) => d.challenges,
      (d: ProjectDetail) => d.features.join("|"),
      (d: ProjectDetail) => JSON.stringify(d.techStack),
    ]) {
      expect(new Set(details.map(pick)).size).toBe(details.length);
    }
  });
});

describe("getProject", () => {
  it.each(projects.map((p) => p.id))("returns project %s with its own detail", (id) => {
    const page = getProject(id);
    expect(page?.project).toBe(projects.find((p) => p.id === id));
    expect(page?.detail).toBe(projectDetails[id]);
  });

  it.each([0, 9, 99, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])(
    "returns undefined for id %s",
    (id) => {
      expect(getProject(id)).toBeUndefined();
    },
  );
});

describe("talks", () => {
  it("has 3 talks: one with video and slides, one with slides only, one with neither", () => {
    expect(talks).toHaveLength(3);
    expect(talks.map((t) => [t.videoUrl !== undefined, t.slidesUrl !== undefined])).toEqual([
      [true, true],
      [false, true],
      [false, false],
    ]);
  });

  it("dates are real ISO dates, newest first", () => {
    for (const t of talks) {
      expect(t.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(new Date(`${t.date}T00:00:00Z`).toISOString().slice(0, 10)).toBe(t.date);
      expect(t.tags.length).toBeGreaterThan(0);
    }
    const dates = talks.map((t) => t.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });
});

describe("legal", () => {
  const prose = (d: { intro: string; sections: { paragraphs: string[]; list?: string[] }[] }) =>
    [d.intro, ...d.sections.flatMap((s) => [...s.paragraphs, ...(s.list ?? [])])].join("\n");

  it("states the site's constants as fields", () => {
    expect(legal.privacy.responseTimeHours).toBe(48);
    expect(legal.privacy.minimumAge).toBe(18);
    expect(legal.terms.noticePeriodDays).toBe(30);
    expect(legal.terms.governingLaw).toBe("India");
  });

  it("states the same constants in the prose", () => {
    expect(prose(legal.privacy)).toContain("48 hours");
    expect(prose(legal.privacy)).toContain("under 18");
    expect(prose(legal.terms)).toContain("30 days");
    expect(prose(legal.terms)).toContain("laws of India");
  });

  it("keeps a fixed 'last updated' date that formats in en-IN (a date kept in content, never the visitor's today)", () => {
    for (const [d, iso, shown] of [
      [legal.privacy, "2026-11-25", "25/11/2026"],
      [legal.terms, "2025-01-15", "15/1/2025"],
    ] as const) {
      expect(d.lastUpdated).toBe(iso);
      const formatted = new Date(`${d.lastUpdated}T00:00:00Z`).toLocaleDateString("en-IN", {
        timeZone: "UTC",
      });
      expect(formatted).toBe(shown);
    }
  });

  it("has unique section anchors", () => {
    for (const d of [legal.privacy, legal.terms]) {
      const ids = d.sections.map((s) => s.id);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });
});

describe("contact", () => {
  it("has the site's headings, subjects and messages", () => {
    expect(contact.heading).toBe("Get In Touch");
    expect(contact.form.heading).toBe("Send a Message");
    expect(contact.connect.heading).toBe("Let's Connect");
    expect(contact.form.subjects.map((s) => s.value)).toEqual([...contactSubjects]);
    expect(contact.form.defaultSubject).toBe("other");
    expect(contact.form.pendingLabel).toBe("Sending...");
    expect(contact.validation).toMatchObject({
      nameMinLength: 2,
      messageMinLength: 10,
      messageRows: 5,
      title: "Please check your form",
      nameTooShort: "Name must be at least 2 characters",
      invalidEmail: "Please enter a valid email address",
      messageTooShort: "Message must be at least 10 characters",
    });
    expect(contact.toasts.success.title).toBe("Message sent successfully!");
    expect(contact.toasts.failure.title).toBe("Failed to send message");
  });
});

describe("newsletter page", () => {
  it("has the site's texts, badges, labels, messages and toasts", () => {
    const p = newsletterPage;
    const n = site.stats.newsletterSubscribers;
    expect(n).toBe(35);
    expect(p.heading).toBe("DevOps Digest");
    expect(p.badges.map((b) => withSubscribers(b, n))).toEqual([
      "Monthly",
      "35 Subscribers",
      "Zero Spam",
    ]);
    expect(p.links).toEqual({ home: "Home", blog: "Back to Blog" });
    expect(p.expect.heading).toBe("What to Expect");
    expect(p.expect.items.map((i) => i.title)).toEqual([
      "Real War Stories",
      "Tool Deep Dives",
      "Architecture Adventures",
      "3 AM Wisdom",
    ]);
    expect(p.form.fields.email.label).toBe("Email Address");
    expect(p.form.submitLabel).toBe("Subscribe to DevOps Digest");
    expect(p.form.pendingLabel).toBe("Subscribing...");
    expect(p.validation).toEqual({
      nameMinLength: 2,
      nameMaxLength: 100,
      emailMaxLength: 254,
      nameTooShort: "Name must be at least 2 characters",
      nameTooLong: "Name must be at most 100 characters",
      nameNotOneLine: "Name must be a single line of text",
      nameDirection: "Name must not contain text direction control characters",
      nameInvisible: "Name must not contain invisible characters",
      invalidEmail: "Please enter a valid email address",
      emailTooLong: "Email must be at most 254 characters",
    });
    expect(p.toasts.success).toEqual({
      title: "Welcome aboard!",
      description: "You're now subscribed to DevOps Digest. You'll receive monthly updates!",
    });
    expect(p.toasts.failure).toEqual({
      title: "Subscription failed",
      description: "Something went wrong. Please try again later.",
    });
    expect(p.editions.heading).toBe("Previous Editions");
    expect(p.cta.heading).toBe("Don't Miss Out");
    expect(withSubscribers(p.cta.text, n)).toMatch(/^Join 35\+ engineers\b/);
    expect(p.cta.button).toBe("Subscribe Now");
    expect(p.cta.scrollTop).toBe(400);
    expect(p.welcome.text).toMatch(/subscribed/);
    expect(p.welcome.text).toMatch(/confirmation link/);
  });

  it("replaces every {subscribers}", () => {
    expect(withSubscribers("{subscribers} and {subscribers}+", 7)).toBe("7 and 7+");
    expect(withSubscribers("no number", 7)).toBe("no number");
  });
});

describe("exports are read-only", () => {
  it("freezes shared content so one page cannot change another's", () => {
    expect(Object.isFrozen(skills)).toBe(true);
    expect(Object.isFrozen(skills[0]!.achievements)).toBe(true);
    expect(Object.isFrozen(projects[0]!.image)).toBe(true);
    expect(Object.isFrozen(legal.privacy.sections)).toBe(true);
    expect(() => {
      (projects as unknown as { featured?: boolean }[])[4]!.featured = true;
    }).toThrow(TypeError);
  });
});
