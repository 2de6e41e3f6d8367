import type { Owner, SocialLink } from "@portfolio/content";
import type { Contact } from "@portfolio/content/contact";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@portfolio/ui/card";
import { ExternalLink } from "@portfolio/ui/external-link";
import { ClockIcon, type IconProps, MailIcon } from "@portfolio/ui/icons";
import type { ComponentType, ReactNode } from "react";
import { networkIcons } from "../../components/network-icons";
import { MapPinIcon, PhoneIcon } from "./contact-icons";

/** `tel:` wants the number without spaces or punctuation: "+91 00000 00000" → "+910000000000". */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

const linkClass =
  "break-all font-medium text-primary underline-offset-4 hover:underline focus-visible:rounded-sm " +
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

/** One term of the panel's list: an icon and a label (the <dt>), then the value. */
function Item({
  icon: ItemIcon,
  label,
  children,
}: {
  icon: ComponentType<IconProps>;
  label: string;
  children: ReactNode;
}) {
  return (
    <div className="relative min-h-10 pl-13">
      <dt className="text-sm text-muted-foreground">
        <span className="absolute left-0 top-0 flex size-10 items-center justify-center rounded-md bg-accent text-accent-foreground">
          <ItemIcon className="size-5" />
        </span>
        {label}
      </dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}

/** "Let's Connect": email, location, phone, response time and the social links. */
export function ContactConnect({
  copy,
  owner,
  social,
}: {
  copy: Contact["connect"];
  owner: Pick<Owner, "email" | "phone" | "location" | "responseTime">;
  social: readonly SocialLink[];
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{copy.heading}</CardTitle>
        <CardDescription>{copy.text}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <dl className="flex flex-col gap-4">
          <Item icon={MailIcon} label={copy.emailLabel}>
            <a href={`mailto:${owner.email}`} className={linkClass}>
              {owner.email}
            </a>
          </Item>
          <Item icon={MapPinIcon} label={copy.locationLabel}>
            {owner.location}
          </Item>
          <Item icon={PhoneIcon} label={copy.phoneLabel}>
            <a href={telHref(owner.phone)} className={linkClass}>
              {owner.phone}
            </a>
          </Item>
          <Item icon={ClockIcon} label={copy.responseTimeLabel}>
            {owner.responseTime}
          </Item>
        </dl>
        <div>
          <h3 id="contact-social-heading" className="text-base font-semibold">
            {copy.socialHeading}
          </h3>
          <ul aria-labelledby="contact-social-heading" className="mt-3 flex flex-wrap gap-2">
            {social.map((s) => {
              const NetworkIcon = networkIcons[s.network];
              return (
                <li key={s.network}>
                  <ExternalLink
                    href={s.url}
                    className={
                      "inline-flex h-10 items-center gap-2 rounded-md border border-border px-3 text-sm font-medium transition-colors " +
                      "hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                    }
                  >
                    <NetworkIcon className="size-4" />
                    {s.label}
                  </ExternalLink>
                </li>
              );
            })}
          </ul>
        </div>
      </CardContent>
    </Card>
  );
}
