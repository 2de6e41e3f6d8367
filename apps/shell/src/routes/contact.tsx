import { site } from "@portfolio/content";
import { Page } from "./page";

export function Contact() {
  return (
    <Page
      title="Get In Touch"
      intro="Collaboration, a role, consulting or a talk: send a message and I will get back to you."
    >
      <p className="mt-6 text-muted-foreground">
        Email{" "}
        <a href={`mailto:${site.owner.email}`} className="font-medium text-primary underline-offset-4 hover:underline">
          {site.owner.email}
        </a>{" "}
        · {site.owner.responseTime}
      </p>
    </Page>
  );
}
