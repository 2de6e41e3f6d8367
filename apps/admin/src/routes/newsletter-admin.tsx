import { site } from "@portfolio/content";
import { Card, CardContent, CardHeader, CardTitle } from "@portfolio/ui/card";

export function NewsletterAdmin() {
  // Real counts come from the admin API in a later step; until then the public figure.
  const stats = [
    { label: "Total Subscribers", value: String(site.stats.newsletterSubscribers) },
    { label: "Published Editions", value: "—" },
    { label: "Schedule", value: "Monthly" },
  ];
  return (
    <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6 md:py-20">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Newsletter Admin</h1>
      <p className="mt-4 max-w-2xl text-lg text-muted-foreground">Subscribers, editions and publishing for DevOps Digest.</p>
      <div className="mt-10 grid gap-4 sm:grid-cols-3">
        {stats.map((stat) => (
          <Card key={stat.label}>
            <CardHeader className="pb-2">
              <CardTitle as="h2" className="text-sm font-medium text-muted-foreground">
                {stat.label}
              </CardTitle>
            </CardHeader>
            <CardContent>
              <p className="text-3xl font-bold">{stat.value}</p>
            </CardContent>
          </Card>
        ))}
      </div>
    </section>
  );
}
