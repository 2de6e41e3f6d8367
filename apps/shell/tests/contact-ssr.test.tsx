// @vitest-environment node
// Prerendered pages (docs/decisions/0001): the contact page renders with react-dom/server (no DOM at all here):
// the form with its initial values, the panel, one h1.
import { site } from "@portfolio/content";
import { contact } from "@portfolio/content/contact";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Contact } from "../src/routes/contact/contact";

describe("contact page on the server", () => {
  it("renders to HTML with one h1, the form and the 'Let's Connect' panel", () => {
    expect(typeof document).toBe("undefined");
    const html = renderToString(<Contact />);
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(html).toContain(contact.heading);
    expect(html).toContain(contact.form.heading);
    expect(html).toContain(contact.connect.heading.replace("'", "&#x27;"));
    expect(html).toMatch(/<option value="other" selected="">Other<\/option>/);
    expect(html).toMatch(/<textarea[^>]*rows="5"/);
    expect(html).toMatch(/<input[^>]*type="email"[^>]*required=""/);
    expect(html).toContain('name="website"');
    // Without JavaScript the browser posts it to the gateway's POST / as the contact form.
    const form = /<form [^>]*>/.exec(html)?.[0];
    expect(form).toContain('aria-labelledby="contact-form-heading"');
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/"');
    expect(html).toContain('<input type="hidden" name="form-name" value="contact"/>');
    for (const field of ["name", "email", "subject", "message"])
      expect(html).toContain(`name="${field}"`);
    expect(html).toContain(`href="mailto:${site.owner.email}"`);
    expect(html).toContain(contact.form.submitLabel);
  });
});
