import { ADMIN_API, type MessageList } from "@portfolio/api-client/admin";
import { contact } from "@portfolio/content/contact";
import { Badge } from "@portfolio/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@portfolio/ui/card";
import { useQuery } from "@tanstack/react-query";
import { Timestamp } from "./format";
import { LoadProblem } from "./load-problem";

export const MESSAGES_LIMIT = 50;

/** The contact form's subject values as the visitor saw them ('job' → 'Job Opportunity'). */
const subjectLabels = new Map(contact.form.subjects.map((s) => [s.value as string, s.label]));

/** The latest contact messages, newest first, as plain text. */
export function Messages() {
  const messages = useQuery<MessageList>({
    queryKey: [ADMIN_API.messages, { limit: MESSAGES_LIMIT }],
  });
  const items = messages.data?.items;
  return (
    <Card className="mt-10">
      <CardHeader>
        <CardTitle id="admin-messages-heading">Contact messages</CardTitle>
        <CardDescription>The latest {MESSAGES_LIMIT}, newest first.</CardDescription>
      </CardHeader>
      <CardContent>
        {messages.isError ? (
          <LoadProblem what="the messages" query={messages} />
        ) : !items ? (
          <p className="text-sm text-muted-foreground">Loading messages…</p>
        ) : items.length === 0 ? (
          <p className="text-sm text-muted-foreground">No messages yet.</p>
        ) : (
          <ul aria-labelledby="admin-messages-heading" className="flex flex-col gap-4">
            {items.map((m) => (
              <li key={m.id}>
                <article
                  aria-labelledby={`message-${m.id}-from`}
                  className="rounded-md border border-border p-4"
                >
                  <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                    <h3 id={`message-${m.id}-from`} className="font-semibold">
                      {m.name}{" "}
                      <a
                        href={`mailto:${m.email}`}
                        className="break-all font-normal text-primary underline-offset-4 hover:underline"
                      >
                        {m.email}
                      </a>
                    </h3>
                    <span className="text-sm text-muted-foreground">
                      <Timestamp iso={m.createdAt} />
                    </span>
                  </header>
                  <Badge variant="secondary" className="mt-2">
                    <span className="sr-only">Subject: </span>
                    {subjectLabels.get(m.subject) ?? m.subject}
                  </Badge>
                  <p className="mt-3 whitespace-pre-wrap break-words text-sm">{m.message}</p>
                </article>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
