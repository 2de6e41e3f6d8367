import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@portfolio/ui/card";
import { Code, CodeBlock } from "./code";

/** The server answered 503 `not_configured`: no admin credentials, so the admin API is closed. */
export function NotConfigured() {
  return (
    <Card className="mt-10 max-w-3xl" role="region" aria-labelledby="admin-not-configured">
      <CardHeader>
        <CardTitle id="admin-not-configured">The admin is not configured</CardTitle>
        <CardDescription>
          The admin API stays closed until the server has a user name and a password hash. On the machine that runs the
          gateway:
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ol className="flex list-decimal flex-col gap-4 pl-5 text-sm leading-relaxed">
          <li>
            Make a bcrypt hash of the password. <Code>bin/gateway hash-password</Code> reads the
            password from standard input and prints the hash; typed at a silent prompt, the password stays out of the
            shell&apos;s history:
            <CodeBlock>{"read -rs ADMIN_PASSWORD\nprintf '%s' \"$ADMIN_PASSWORD\" | bin/gateway hash-password"}</CodeBlock>
          </li>
          <li>
            Set both variables in the gateway&apos;s environment (or its config file):
            <CodeBlock>{"PORTFOLIO_ADMIN_USER=admin\nPORTFOLIO_ADMIN_PASSWORD_HASH='$2a$12$…'"}</CodeBlock>
            Quote the hash in single quotes in a shell or an env file: it contains <Code>$</Code> signs.
          </li>
          <li>Restart the gateway, then reload this page and sign in.</li>
        </ol>
      </CardContent>
    </Card>
  );
}
