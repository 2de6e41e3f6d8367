// The shell's own pages in the browser: Home's calls to action and tooltips, the skill
// dialog by keyboard, the resume's print window (and the fallback when pop-ups are
// blocked), the projects grid, project detail found and not found, talks and the legal
// pages' dates. Content comes from content/*.json, never copied here.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { AxeBuilder } from "@axe-core/playwright";
import { routeByUrl, site } from "../lib/content.mjs";
import {
  countDocumentLoads,
  eventually,
  expectH1,
  expectMarker,
  goto,
  isSafeExternal,
  pathOf,
  setMarker,
} from "../lib/page.mjs";
import { REPO_ROOT } from "../lib/paths.mjs";
import { e2eTest } from "../lib/suite.mjs";

const readJson = (rel) => JSON.parse(readFileSync(join(REPO_ROOT, rel), "utf8"));
const home = readJson("content/home.json");
const skills = readJson("content/skills.json").skills;
const resume = readJson("content/resume.json");
const projects = readJson("content/projects.json").projects;
const details = readJson("content/project-details.json").details;
const talks = readJson("content/talks.json").talks;

const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const exactly = (s) => new RegExp(`^\\s*${escapeRe(s)}\\s*$`);
const main = (page) => page.locator("main#main");

// ---------------------------------------------------------------------------------
// Home

e2eTest("Home: 'View My Projects' and 'Get In Touch' navigate in the app", async ({ page }) => {
  await goto(page, "/");
  await expectH1(page, exactly(home.headline));
  const marker = await setMarker(page);
  const loads = countDocumentLoads(page);

  await main(page).getByRole("link", { name: home.primaryCta.label, exact: true }).click();
  await page.waitForURL((u) => u.pathname === "/projects");
  await expectH1(page, exactly("Featured Projects"));

  await page.goBack();
  await expectH1(page, exactly(home.headline));
  await main(page).getByRole("link", { name: home.secondaryCta.label, exact: true }).click();
  await page.waitForURL((u) => u.pathname === "/contact");
  await expectH1(page, routeByUrl("/contact").h1);

  await expectMarker(page, marker, "the calls to action");
  assert.equal(loads.count, 0, `document reloaded: ${loads.urls.join(", ")}`);
});

e2eTest(
  "Home: the greeting names the owner; social icon links are named, open a new tab, and show a tooltip after a delay",
  async ({ page }) => {
    await goto(page, "/");
    await expectH1(page, exactly(home.headline));
    assert.match(
      await main(page).innerText(),
      new RegExp(escapeRe(`${home.greeting} ${site.owner.name}`)),
    );
    const list = main(page).getByRole("list", { name: home.socialHeading, exact: true });
    for (const s of site.social) {
      const link = list.getByRole("link", { name: s.label, exact: true });
      assert.equal(await link.getAttribute("href"), s.url);
      assert.ok(
        isSafeExternal({
          target: await link.getAttribute("target"),
          rel: await link.getAttribute("rel"),
        }),
        `${s.label}: not a safe external link`,
      );
    }
    assert.equal(
      await list
        .getByRole("link", { name: new RegExp(escapeRe(site.owner.email)) })
        .getAttribute("href"),
      `mailto:${site.owner.email}`,
    );

    // Pointer over the hero, then resting on an icon: the tooltip waits 700 ms.
    await page.getByRole("heading", { level: 1 }).hover();
    const github = list.getByRole("link", { name: "GitHub", exact: true });
    await eventually(async () =>
      assert.equal(await github.getAttribute("data-state"), "closed", "tooltips not loaded"),
    );
    await github.hover();
    const start = Date.now();
    const tooltip = page.getByRole("tooltip");
    await tooltip.waitFor({ state: "attached", timeout: 5000 });
    const waited = Date.now() - start;
    assert.match(await tooltip.textContent(), /GitHub/);
    assert.ok(waited >= 550, `the tooltip opened after ${waited} ms; the site's delay is 700 ms`);
  },
);

e2eTest("Home: the profile photo shows on large screens, with its size set", async ({ page }) => {
  await goto(page, "/");
  await expectH1(page, exactly(home.headline));
  const img = main(page).getByRole("img", { name: home.photo.alt, exact: true });
  assert.ok(await img.isVisible(), "photo hidden at 1280 px");
  await eventually(async () => {
    const shown = await img.evaluate((el) => ({
      src: el.currentSrc,
      complete: el.complete,
      w: el.naturalWidth,
    }));
    assert.ok(
      shown.src.endsWith(home.photo.src) && shown.complete && shown.w > 0,
      `photo not loaded: ${JSON.stringify(shown)}`,
    );
  });
  assert.equal(await img.getAttribute("width"), String(home.photo.width));
  assert.equal(await img.getAttribute("height"), String(home.photo.height));
});

e2eTest(
  "Home at 375 px: no profile photo, and it is not downloaded",
  { context: { viewport: { width: 375, height: 812 } } },
  async ({ page }) => {
    const requested = [];
    page.on("request", (r) => requested.push(new URL(r.url()).pathname));
    await goto(page, "/");
    await expectH1(page, exactly(home.headline));
    await page.waitForLoadState("networkidle");
    assert.equal(
      await main(page).getByRole("img", { name: home.photo.alt }).isVisible(),
      false,
      "photo visible at 375 px",
    );
    assert.ok(!requested.includes(home.photo.src), `${home.photo.src} was downloaded on a phone`);
  },
);

// ---------------------------------------------------------------------------------
// Content images

e2eTest(
  "content images are served at /images/ with a day of caching and an ETag",
  async ({ page, baseURL }) => {
    for (const src of [home.photo.src, ...projects.map((p) => p.image.src)]) {
      const res = await page.request.get(baseURL + src);
      assert.equal(res.status(), 200, `${src}: HTTP ${res.status()}`);
      const h = res.headers();
      assert.equal(h["content-type"], "image/svg+xml", `${src}: content-type`);
      assert.equal(h["cache-control"], "public, max-age=86400", `${src}: cache-control`);
      assert.ok(h.etag, `${src}: no ETag`);
    }
    assert.equal((await page.request.get(`${baseURL}/images/nope.svg`)).status(), 404);
  },
);

// ---------------------------------------------------------------------------------
// Skills

async function gridColumns(locator) {
  const boxes = [];
  for (const item of await locator.all()) boxes.push(await item.boundingBox());
  return boxes.filter((b) => Math.abs(b.y - boxes[0].y) < 2).length;
}

for (const [width, columns] of [
  [375, 2],
  [1280, 6],
]) {
  e2eTest(
    `Skills at ${width} px: 15 tiles in ${columns} columns`,
    { context: { viewport: { width, height: 900 } } },
    async ({ page }) => {
      await goto(page, "/skills");
      await expectH1(page, routeByUrl("/skills").h1);
      const tiles = main(page).locator("ul > li");
      assert.equal(await tiles.count(), 15);
      assert.deepEqual(
        await main(page).locator("ul > li button").allTextContents(),
        skills.map((s) => s.name),
      );
      assert.equal(await gridColumns(tiles), columns);
    },
  );
}

e2eTest(
  "Skills: the dialog by keyboard — Enter opens it, Tab stays inside, Escape closes it, focus returns",
  async ({ page }) => {
    await goto(page, "/skills");
    await expectH1(page, routeByUrl("/skills").h1);
    const skill = skills.find((s) => s.name === "Terraform");
    const tile = main(page).getByRole("button", { name: skill.name, exact: true });
    await tile.focus();
    await page.keyboard.press("Enter");

    const dialog = page.getByRole("dialog", { name: skill.name, exact: true });
    await dialog.waitFor({ state: "visible" });
    assert.ok(
      await dialog.getByText(skill.description, { exact: true }).isVisible(),
      "description missing",
    );
    assert.ok(
      await dialog
        .getByRole("heading", { name: "Professional Achievements", exact: true })
        .isVisible(),
    );
    assert.deepEqual(await dialog.getByRole("listitem").allTextContents(), skill.achievements);

    for (let i = 0; i < 6; i++) {
      await page.keyboard.press(i % 3 === 2 ? "Shift+Tab" : "Tab");
      const inside = await dialog.evaluate(
        (d) => d.contains(document.activeElement) && document.activeElement !== document.body,
      );
      assert.ok(inside, `focus left the dialog after ${i + 1} Tab presses`);
    }

    await page.keyboard.press("Escape");
    await eventually(
      async () =>
        assert.equal(await page.getByRole("dialog").count(), 0, "Escape did not close the dialog"),
      { timeout: 3000 },
    );
    await eventually(
      async () =>
        assert.equal(
          await tile.evaluate((el) => el === document.activeElement),
          true,
          "focus did not return to the tile",
        ),
      { timeout: 3000 },
    );
  },
);

for (const theme of ["light", "dark"]) {
  e2eTest(
    `axe: no violations with a skill dialog open, on a project's detail page and on 'Project Not Found' (${theme})`,
    {
      timeout: 90_000,
      context: { colorScheme: theme, reducedMotion: "reduce" },
    },
    async ({ page, context }) => {
      await context.addInitScript((t) => localStorage.setItem("vite-ui-theme", t), theme);
      const report = [];
      const check = async (what) => {
        const { violations } = await new AxeBuilder({ page }).setLegacyMode().analyze();
        for (const v of violations)
          report.push(
            `${what}: [${v.impact}] ${v.id}: ${v.help} — ${v.nodes
              .slice(0, 3)
              .map((n) => n.target.join(" "))
              .join(", ")}`,
          );
      };
      await goto(page, "/skills");
      await expectH1(page, routeByUrl("/skills").h1);
      await main(page).getByRole("button", { name: "Kubernetes", exact: true }).click();
      await page.getByRole("dialog", { name: "Kubernetes" }).waitFor({ state: "visible" });
      await check("/skills with the Kubernetes dialog");
      await goto(page, "/projects/5");
      await expectH1(page, exactly(projects[4].title));
      await check("/projects/5");
      await goto(page, "/projects/abc", { status: 404 });
      await expectH1(page, exactly("Project Not Found"));
      await check("/projects/abc");
      assert.deepEqual(report, [], report.join("\n"));
    },
  );
}

// ---------------------------------------------------------------------------------
// Resume

/** Records window.open, the page's print and the resume window's print and close. */
function recordPrinting({ blockPopups }) {
  if (window.opener) return; // only the site's page, not the resume window
  window.__printing = [];
  const log = (what, extra = {}) =>
    window.__printing.push({ what, t: performance.now(), ...extra });
  const realOpen = window.open.bind(window);
  window.open = (...args) => {
    const w = blockPopups ? null : realOpen(...args);
    log("open", { args, opened: !!w });
    if (w) {
      w.print = () =>
        log("window.print", { title: w.document.title, text: w.document.body?.textContent ?? "" });
      const close = w.close.bind(w);
      w.close = () => {
        log("window.close");
        close();
      };
    }
    return w;
  };
  window.print = () => log("page.print");
}

const printing = (page) => page.evaluate(() => window.__printing);

e2eTest(
  "Resume: the columns, and 'Download PDF Resume' prints the resume in its own window 250 ms after opening it, then closes it",
  async ({ page, context }) => {
    await context.addInitScript(recordPrinting, { blockPopups: false });
    await goto(page, "/resume");
    await expectH1(page, routeByUrl("/resume").h1);
    for (const h of ["Work Experience", "Education & Certifications"]) {
      assert.ok(
        await main(page).getByRole("heading", { level: 2, name: h, exact: true }).isVisible(),
        `no '${h}' column`,
      );
    }
    assert.ok(
      await main(page).getByText(resume.education[0].university, { exact: true }).isVisible(),
      "the university is not shown",
    );

    const popup = context.waitForEvent("page");
    await main(page).getByRole("button", { name: "Download PDF Resume", exact: true }).click();
    const resumeWindow = await popup;
    await eventually(
      async () => {
        const log = await printing(page);
        assert.deepEqual(
          log.map((e) => e.what),
          ["open", "window.print", "window.close"],
        );
      },
      { timeout: 5000 },
    );
    const [open, print] = await printing(page);
    assert.ok(open.opened, "window.open returned null");
    assert.ok(
      print.t - open.t >= 240,
      `printed ${Math.round(print.t - open.t)} ms after opening; expected 250 ms`,
    );
    assert.match(print.title, new RegExp(`${escapeRe(site.owner.name)}.*Resume`));
    for (const text of [
      "Work Experience",
      resume.experience[0].title,
      resume.education[0].university,
      resume.certifications[0].name,
    ]) {
      assert.ok(print.text.includes(text), `the printed resume lacks "${text}"`);
    }
    await eventually(
      async () => assert.ok(resumeWindow.isClosed(), "the resume window is still open"),
      { timeout: 5000 },
    );
    assert.equal(
      (await printing(page)).filter((e) => e.what === "page.print").length,
      0,
      "the page itself was printed too",
    );
  },
);

e2eTest(
  "Resume: when pop-ups are blocked, the page itself is printed, without the site chrome",
  async ({ page, context }) => {
    await context.addInitScript(recordPrinting, { blockPopups: true });
    await goto(page, "/resume");
    await expectH1(page, routeByUrl("/resume").h1);
    await main(page).getByRole("button", { name: "Download PDF Resume", exact: true }).click();
    await eventually(async () =>
      assert.deepEqual(
        (await printing(page)).map((e) => e.what),
        ["open", "page.print"],
      ),
    );
    // The visitor is told why the page, not the resume alone, was printed.
    await page
      .getByText("Printing this page instead", { exact: true })
      .waitFor({ state: "visible" });

    await page.emulateMedia({ media: "print" });
    assert.equal(await page.getByRole("banner").isVisible(), false, "the header is printed");
    assert.equal(await page.getByRole("contentinfo").isVisible(), false, "the footer is printed");
    assert.equal(
      await main(page).getByRole("button", { name: "Download PDF Resume" }).isVisible(),
      false,
      "the button is printed",
    );
    assert.ok(
      await page.getByRole("heading", { level: 2, name: "Work Experience" }).isVisible(),
      "the resume is not printed",
    );
  },
);

// ---------------------------------------------------------------------------------
// Projects

for (const [width, columns] of [
  [375, 1],
  [768, 2],
  [1280, 3],
]) {
  e2eTest(
    `Projects at ${width} px: 8 cards in ${columns} column(s)`,
    { context: { viewport: { width, height: 900 } } },
    async ({ page }) => {
      await goto(page, "/projects");
      await expectH1(page, exactly("Featured Projects"));
      const cards = main(page).locator("ul:has(h2) > li");
      assert.equal(await cards.count(), 8);
      assert.equal(await gridColumns(cards), columns);
    },
  );
}

e2eTest(
  "Projects: each card's links — 'Code', 'Demo' only with a live URL, 'View Details →' to /projects/{id}",
  async ({ page }) => {
    await goto(page, "/projects");
    await expectH1(page, exactly("Featured Projects"));
    const cards = main(page).locator("ul:has(h2) > li");
    for (let i = 0; i < projects.length; i++) {
      const p = projects[i];
      const card = cards.nth(i);
      assert.equal((await card.getByRole("heading", { level: 2 }).textContent()).trim(), p.title);
      assert.equal(
        await card.getByRole("link", { name: "Code", exact: true }).getAttribute("href"),
        p.githubUrl,
      );
      const demo = card.getByRole("link", { name: "Demo", exact: true });
      assert.equal(
        await demo.count(),
        p.liveUrl ? 1 : 0,
        `project ${p.id}: 'Demo' ${p.liveUrl ? "missing" : "shown without a live URL"}`,
      );
      assert.equal(
        await card.getByRole("link", { name: "View Details →", exact: true }).getAttribute("href"),
        `/projects/${p.id}`,
      );
      const img = card.getByRole("img");
      assert.equal(await img.getAttribute("width"), String(p.image.width));
      assert.equal(await img.getAttribute("loading"), i < 3 ? "eager" : "lazy");
    }

    const marker = await setMarker(page);
    await cards.nth(1).getByRole("link", { name: "View Details →" }).click();
    await page.waitForURL((u) => u.pathname === "/projects/2");
    await expectH1(page, exactly(projects[1].title));
    await expectMarker(page, marker, "'View Details →'");
  },
);

e2eTest(
  "/projects/2: the project with its own detail (3 months, 3 engineers) and no live demo",
  async ({ page }) => {
    const p = projects.find((x) => x.id === 2);
    await goto(page, "/projects/2");
    await expectH1(page, exactly(p.title));
    // The page sets its title in an effect, which can run a moment after hydration began.
    await eventually(async () =>
      assert.match(await page.title(), new RegExp(`^${escapeRe(p.title)} · `)),
    );
    const text = await main(page).innerText();
    for (const t of [
      p.description,
      "3 months",
      "3 engineers",
      p.category,
      ...details["2"].features,
      ...details["2"].techStack.map((g) => g.category),
    ]) {
      assert.ok(text.includes(t), `/projects/2 lacks "${t}"`);
    }
    for (const h of [
      "Project Overview",
      "Architecture & Implementation",
      "Challenges & Solutions",
      "Project Information",
      "Key Features",
      "Technologies Used",
    ]) {
      assert.ok(
        await main(page).getByRole("heading", { level: 2, name: h, exact: true }).isVisible(),
        `no '${h}' card`,
      );
    }
    // The rich text is markup (a list of steps), with nothing executable in it.
    assert.ok(
      (await main(page).locator("ol > li").count()) >= 4,
      "the architecture steps are not a list",
    );
    assert.equal(await main(page).locator("script, iframe, img[onerror], [onclick]").count(), 0);
    assert.equal(
      await main(page).getByRole("link", { name: "Source Code", exact: true }).getAttribute("href"),
      p.githubUrl,
    );
    assert.equal(
      await main(page).getByRole("link", { name: "Live Demo" }).count(),
      0,
      "'Live Demo' without a live URL",
    );
    assert.ok(
      await main(page).getByRole("img", { name: p.image.alt, exact: true }).isVisible(),
      "no cover image",
    );
  },
);

e2eTest("/projects/1 has 6 months, 5 engineers and a live demo", async ({ page }) => {
  await goto(page, "/projects/1");
  await expectH1(page, exactly(projects[0].title));
  const text = await main(page).innerText();
  assert.ok(
    text.includes("6 months") && text.includes("5 engineers"),
    "/projects/1 lacks its timeline or team size",
  );
  assert.equal(
    await main(page).getByRole("link", { name: "Live Demo", exact: true }).getAttribute("href"),
    projects[0].liveUrl,
  );
});

e2eTest(
  "every project's page shows its own detail cards: overview, information, features and technologies",
  { timeout: 90_000 },
  async ({ page }) => {
    for (const p of projects) {
      const d = details[String(p.id)];
      assert.ok(d, `content has no detail for project ${p.id}`);
      await goto(page, `/projects/${p.id}`);
      await expectH1(page, exactly(p.title));
      for (const h of [
        "Project Overview",
        "Architecture & Implementation",
        "Challenges & Solutions",
        "Project Information",
        "Key Features",
        "Technologies Used",
      ]) {
        assert.ok(
          await main(page).getByRole("heading", { level: 2, name: h, exact: true }).isVisible(),
          `/projects/${p.id}: no '${h}' card`,
        );
      }
      const text = await main(page).innerText();
      for (const t of [
        d.overview,
        d.timeline,
        d.teamSize,
        p.category,
        ...d.features,
        ...d.techStack.map((g) => g.category),
        ...d.techStack.flatMap((g) => g.tools),
      ]) {
        assert.ok(text.includes(t), `/projects/${p.id} lacks "${t.slice(0, 60)}"`);
      }
      // No other project's overview on this page.
      for (const other of projects.filter((o) => o.id !== p.id)) {
        assert.ok(
          !text.includes(details[String(other.id)].overview),
          `/projects/${p.id} shows project ${other.id}'s overview`,
        );
      }
      // The HTML cards are markup: their headings are elements, not text with tags.
      assert.ok(
        (await main(page).locator("h3").count()) >= 3,
        `/projects/${p.id}: the rich text has no headings`,
      );
      assert.ok(
        !/<\/?(p|h3|ul|ol|li|strong|code)>/.test(text),
        `/projects/${p.id} shows HTML tags as text`,
      );
    }
  },
);

for (const id of ["abc", "0", "99", "1.5"]) {
  e2eTest(
    `/projects/${id} answers 404 and shows 'Project Not Found' with 'Back to Projects'`,
    async ({ page }) => {
      await goto(page, `/projects/${id}`, { status: 404 });
      await expectH1(page, exactly("Project Not Found"));
      await main(page).getByRole("link", { name: "Back to Projects", exact: true }).click();
      await page.waitForURL((u) => u.pathname === "/projects");
      await expectH1(page, exactly("Featured Projects"));
    },
  );
}

// ---------------------------------------------------------------------------------
// Talks and legal pages

e2eTest(
  "Talks: every talk, 'Watch Video' and 'View Slides' only where the URL exists",
  async ({ page }) => {
    await goto(page, "/talks");
    await expectH1(page, exactly("Talks & Events"));
    const cards = main(page).locator("ul:has(h2) > li");
    assert.equal(await cards.count(), talks.length);
    for (let i = 0; i < talks.length; i++) {
      const talk = talks[i];
      const card = cards.nth(i);
      const text = await card.innerText();
      for (const t of [talk.title, talk.event, talk.description, ...talk.tags])
        assert.ok(text.includes(t), `talk ${i + 1} lacks "${t}"`);
      assert.equal(await card.locator("time").getAttribute("datetime"), talk.date);
      for (const [label, url] of [
        ["Watch Video", talk.videoUrl],
        ["View Slides", talk.slidesUrl],
      ]) {
        const link = card.getByRole("link", { name: label, exact: true });
        assert.equal(
          await link.count(),
          url ? 1 : 0,
          `talk ${i + 1}: '${label}' ${url ? "missing" : "shown without a URL"}`,
        );
        if (url) assert.equal(await link.getAttribute("href"), url);
      }
    }
  },
);

for (const [path, updated, constants] of [
  ["/privacy-policy", "25/11/2026", ["48 hours", "under 18"]],
  ["/terms-of-use", "15/1/2025", ["30 days", "laws of India"]],
]) {
  e2eTest(
    `${path}: 'Last updated: ${updated}' (en-IN, from content, whatever the visitor's zone) and ${constants.join(", ")}`,
    {
      context: { timezoneId: "Pacific/Honolulu", locale: "en-US" },
    },
    async ({ page }) => {
      await goto(page, path);
      await expectH1(page, routeByUrl(path).h1);
      const text = await main(page).innerText();
      assert.ok(
        text.includes(`Last updated: ${updated}`),
        `${path} lacks 'Last updated: ${updated}'`,
      );
      for (const c of constants) assert.ok(text.includes(c), `${path} lacks "${c}"`);
      assert.equal(pathOf(page), path);
    },
  );
}
