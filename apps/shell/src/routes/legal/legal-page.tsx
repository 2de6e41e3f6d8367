import { formatDateIN } from "@portfolio/content/dates";
import type { LegalDocument } from "@portfolio/content/legal";

/**
 * A legal document: its title (the page's h1), the date it last changed — kept in
 * content and shown in en-IN format, never the visitor's today — the key terms at a
 * glance, then its sections.
 */
export function LegalPage({
  doc,
  facts,
}: {
  doc: LegalDocument;
  facts: { label: string; value: string }[];
}) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-16 sm:px-6 md:py-20">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{doc.title}</h1>
      <p className="mt-3 text-sm text-muted-foreground">
        Last updated: <time dateTime={doc.lastUpdated}>{formatDateIN(doc.lastUpdated)}</time>
      </p>
      <p className="mt-6 text-lg text-muted-foreground">{doc.intro}</p>
      <dl className="mt-8 grid gap-4 rounded-lg border border-border bg-card p-6 sm:grid-cols-2">
        {facts.map((fact) => (
          <div key={fact.label}>
            <dt className="text-sm text-muted-foreground">{fact.label}</dt>
            <dd className="mt-1 text-lg font-semibold">{fact.value}</dd>
          </div>
        ))}
      </dl>
      {doc.sections.map((section) => (
        <section key={section.id} aria-labelledby={section.id} className="mt-10">
          <h2 id={section.id} className="scroll-mt-24 text-xl font-semibold tracking-tight">
            {section.heading}
          </h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-3 leading-relaxed">
              {paragraph}
            </p>
          ))}
          {section.list ? (
            <ul className="mt-3 list-disc space-y-1.5 pl-5 leading-relaxed marker:text-primary">
              {section.list.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </article>
  );
}
