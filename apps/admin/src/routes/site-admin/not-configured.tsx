import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@portfolio/ui/card";
import { Code, CodeBlock } from "./code";

/** No admin yet (the probe says `configured: false`), and no setup link in the URL: where to find one. */
export function NotConfigured() {
  return (
    <Card className="mt-10 max-w-3xl" role="region" aria-labelledby="admin-not-configured">
      <CardHeader>
        <CardTitle id="admin-not-configured">The admin is not set up yet</CardTitle>
        <CardDescription>
          When it starts without an admin, the gateway prints a one-time setup link in its log, and
          only there. Open it to choose the admin&apos;s user name and password.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ol className="flex list-decimal flex-col gap-4 pl-5 text-sm leading-relaxed">
          <li>
            Look for the setup link in the gateway&apos;s log (the terminal of <Code>make run</Code>
            , or <Code>kubectl logs</Code> / <Code>docker compose logs</Code>): the line{" "}
            <Code>admin: no admin yet; open the setup link…</Code> carries it as{" "}
            <Code>setup_url</Code>, ending in <Code>/admin/newsletter#setup=…</Code>.
            <CodeBlock>{"grep setup_url gateway.log"}</CodeBlock>
          </li>
          <li>
            Open it in this browser within the hour, choose a user name and a password. It works
            once; restart the gateway for a new one.
          </li>
          <li>
            Or configure the admin instead: <Code>bin/gateway hash-password</Code> reads a password
            from standard input and prints its bcrypt hash; set <Code>PORTFOLIO_ADMIN_USER</Code>{" "}
            and <Code>PORTFOLIO_ADMIN_PASSWORD_HASH</Code> (quoted in single quotes: it contains{" "}
            <Code>$</Code> signs) and restart the gateway. These settings win over an admin set up
            by a link.
          </li>
        </ol>
      </CardContent>
    </Card>
  );
}
