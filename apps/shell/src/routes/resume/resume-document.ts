// 'Download PDF Resume': the printable resume the browser builds from content (printed
// by lib/print.ts; the visitor saves it as PDF from the print dialog). Nothing here runs
// at module scope or during render: only from the button's click handler.
import type { Owner } from "@portfolio/content";
import type { Resume } from "@portfolio/content/resume";
import { escapeHtml } from "../../lib/print";

const RESUME_CSS = `
@page { margin: 16mm 14mm; }
* { box-sizing: border-box; }
html { color-scheme: light; }
body { margin: 0 auto; max-width: 800px; padding: 24px; color: #111827; background: #fff;
  font: 10.5pt/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
header { border-bottom: 2px solid #1d4ed8; padding-bottom: 10px; margin-bottom: 14px; }
h1 { margin: 0; font-size: 22pt; line-height: 1.2; }
.headline { margin: 2px 0 6px; font-size: 12pt; color: #1d4ed8; font-weight: 600; }
.contact { margin: 0; padding: 0; list-style: none; display: flex; flex-wrap: wrap; gap: 4px 16px; color: #374151; }
h2 { margin: 18px 0 8px; font-size: 12pt; text-transform: uppercase; letter-spacing: .06em; color: #1d4ed8; }
h3 { margin: 0; font-size: 11pt; }
.entry { margin-bottom: 12px; break-inside: avoid; }
.meta { margin: 0; color: #4b5563; }
ul.points { margin: 4px 0 0; padding-left: 18px; }
ul.points li { margin: 2px 0; }
ul.plain { margin: 0; padding: 0; list-style: none; }
ul.plain li { margin: 3px 0; }
p { margin: 0; }
`;

/** A complete, styled HTML document of the resume; every content string is escaped. */
export function resumeDocument(resume: Resume, owner: Owner): string {
  const e = escapeHtml;
  const experience = resume.experience
    .map(
      (job) => `<div class="entry">
<h3>${e(job.title)}</h3>
<p class="meta">${e(job.company)} · ${e(job.location)} · ${e(job.duration)}</p>
<ul class="points">${job.achievements.map((a) => `<li>${e(a)}</li>`).join("")}</ul>
</div>`,
    )
    .join("\n");
  const education = resume.education
    .map(
      (ed) => `<div class="entry">
<h3>${e(ed.degree)}</h3>
<p class="meta">${e(ed.university)} · ${e(ed.year)}</p>
</div>`,
    )
    .join("\n");
  const certifications = resume.certifications
    .map((c) => `<li><strong>${e(c.name)}</strong> — ${e(c.provider)}, ${e(c.year)}</li>`)
    .join("");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(owner.name)} — Resume</title>
<style>${RESUME_CSS}</style>
</head>
<body>
<header>
<h1>${e(owner.name)}</h1>
<p class="headline">${e(owner.headline)}</p>
<ul class="contact">
<li>${e(owner.email)}</li>
<li>${e(owner.phone)}</li>
<li>${e(owner.location)}</li>
</ul>
</header>
<main>
<section>
<h2>Summary</h2>
<p>${e(resume.summary)}</p>
</section>
<section>
<h2>Work Experience</h2>
${experience}
</section>
<section>
<h2>Education</h2>
${education}
</section>
<section>
<h2>Certifications</h2>
<ul class="plain">${certifications}</ul>
</section>
</main>
</body>
</html>
`;
}
