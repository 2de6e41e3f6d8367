import { site } from "@portfolio/content";
import { contact } from "@portfolio/content/contact";
import { Island } from "@portfolio/router";
import { Page } from "@portfolio/ui/page";
import { ContactConnect } from "./contact-connect";
import { ContactFormIsland } from "./contact-form";

/**
 * Contact: 'Get In Touch', the 'Send a Message' form and the 'Let's Connect' panel, all
 * from content. A chunk of its own (routes.tsx): the form's code loads with it, never
 * with the first page.
 */
export function Contact() {
  return (
    <Page title={contact.heading} intro={contact.intro}>
      <div className="mt-10 grid items-start gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        {/* The form hydrates when the visitor starts on it: it works as a plain form meanwhile. */}
        <Island
          name="shell:contact-form"
          hydrate="interaction"
          component={ContactFormIsland}
          props={{}}
        />
        <ContactConnect copy={contact.connect} owner={site.owner} social={site.social} />
      </div>
    </Page>
  );
}
