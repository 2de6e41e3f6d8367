// The gateway's admin API as its contract (docs/openapi.yaml) describes it, in memory,
// behind a stubbed `fetch`: everything above the network (the api-client, TanStack
// Query, the page, the host's toast store) is the real thing. Its answers are typed by
// the contract's generated types (`answer`), so one the gateway would not give fails the
// typecheck. Tests replace single routes with `on(...)`.
import type {
  AdminEdition,
  AdminStats,
  ContactMessageRecord,
  SectionEvent,
  SectionKey,
  SectionName,
  SectionRelease,
  SectionStatus,
  Subscriber,
  SubscriberState,
  Suppression,
  TrafficReport,
  TrafficSpan,
  TroubledMail,
  VitalName,
  VitalSummary,
} from "@portfolio/api-client/admin";
import { trafficSpans } from "@portfolio/api-client/admin";
import type {
  AnswerOf,
  OperationId,
  RequestOf,
  Schemas,
  StatusOf,
} from "@portfolio/api-client/contract";
import { editions as contentEditions } from "@portfolio/content/newsletter";
import { vi } from "vitest";

export const ADMIN_USER = "admin";
export const ADMIN_PASSWORD = "correct horse battery staple";

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", ...headers },
  });

/** Operation `op`'s answer `status` with `body`, as the contract has it. */
const answer = <O extends OperationId, S extends StatusOf<O>>(
  _op: O,
  status: S,
  body: AnswerOf<O, S>,
) => json(status, body);

export const apiError = (
  status: number,
  code: Schemas["ErrorCode"],
  message: string,
  headers: Record<string, string> = {},
) => json(status, { error: { code, message } } satisfies Schemas["Error"], headers);

/** A 400 `invalid` naming the field at fault. */
export const fieldError = (field: string, message: string) =>
  json(400, { error: { code: "invalid", message, field } } satisfies Schemas["Error"]);

const noContent = () => new Response(null, { status: 204 });

export interface Call {
  method: string;
  path: string;
  /** The query string as URLSearchParams. */
  params: URLSearchParams;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

type Handler = (call: Call, match: RegExpMatchArray) => Response | Promise<Response>;

/** Midday UTC, so that the date reads the same in every time zone the tests run in. */
const day = (n: number) =>
  new Date(Date.UTC(2025, 5, 30 - n, 12)).toISOString().replace(".000", "");

/**
 * GET /api/admin/traffic for `days` days up to 30 June 2025: 10 views by 4 visitors
 * each day, two pages, an article, two referrers, two devices, a sign-up page.
 */
export function traffic(days: TrafficSpan): TrafficReport {
  const series = Array.from({ length: days }, (_, i) => ({
    day: new Date(Date.UTC(2025, 5, 30 - (days - 1 - i))).toISOString().slice(0, 10),
    views: 10,
    visitors: 4,
  }));
  const views = 10 * days;
  const article = {
    path: "/blog/kubernetes-security",
    title: "Kubernetes Security",
    count: views - 3,
  };
  return {
    enabled: true,
    days,
    from: series[0]!.day,
    to: series.at(-1)!.day,
    series,
    pages: [article, { path: "/skills", title: "Skills", count: 3 }],
    articles: [article],
    referrers: [
      { key: "", count: views - 2 },
      { key: "news.ycombinator.com", count: 2 },
    ],
    devices: [
      { key: "desktop", count: views - 1 },
      { key: "mobile", count: 1 },
    ],
    signups: [{ path: "/newsletter", title: "Newsletter", count: 2 }],
    vitals: {
      thresholds: [
        { name: "lcp", good: 2500, poor: 4000, unit: "ms" },
        { name: "inp", good: 200, poor: 500, unit: "ms" },
        { name: "cls", good: 0.1, poor: 0.25, unit: "" },
        { name: "ttfb", good: 800, poor: 1800, unit: "ms" },
      ],
      routes: [
        {
          route: "/blog",
          title: "Blog",
          views: 40,
          errors: 0,
          metrics: [vital("lcp", 40, 1200, "good")],
        },
      ],
      versions: [
        {
          section: "blog",
          version: "shipped",
          serving: "stable",
          views: 30,
          errors: 0,
          metrics: [vital("lcp", 30, 1200, "good")],
        },
        {
          section: "blog",
          version: "1.1.0-abc",
          serving: "canary",
          views: 10,
          errors: 10,
          metrics: [vital("inp", 10, 600, "poor")],
        },
      ],
    },
  };
}

function vital(
  name: VitalName,
  n: number,
  p75: number,
  rating: VitalSummary["rating"],
): VitalSummary {
  return {
    name,
    n,
    p75,
    rating,
    good: rating === "good" ? n : 0,
    needsImprovement: 0,
    poor: rating === "poor" ? n : 0,
  };
}

/** 45 subscribers, newest first: 30 confirmed, 10 unconfirmed, 5 unsubscribed. */
export function makeSubscribers(): Subscriber[] {
  return Array.from({ length: 45 }, (_, i) => {
    const state: SubscriberState =
      i % 9 === 4 ? "unsubscribed" : i % 9 === 1 || i % 9 === 7 ? "unconfirmed" : "confirmed";
    return {
      email: `reader${String(i + 1).padStart(2, "0")}@example.org`,
      name: i % 5 === 0 ? "" : `Reader ${i + 1}`,
      state,
      subscribedAt: day(i),
      confirmedAt: state === "unconfirmed" ? null : day(i),
      unsubscribedAt: state === "unsubscribed" ? day(i - 1) : null,
      source: i % 10 === 9 ? "import" : "form",
    };
  });
}

export const messages: ContactMessageRecord[] = [
  {
    id: 3,
    name: "Priya Sharma",
    email: "priya@example.org",
    subject: "job",
    message: "We are hiring a platform lead.\nWould you like to talk? <b>Not bold</b>",
    createdAt: "2025-06-02T12:00:00Z",
  },
  {
    id: 2,
    name: "Sam Lee",
    email: "sam@example.org",
    subject: "speaking",
    message: "Would you speak at our meetup in July?",
    createdAt: "2025-05-20T12:00:00Z",
  },
];

/** The outbox's troubled emails: one dead (the relay said no), one failing (the relay is busy). */
export function makeTroubledMail(): TroubledMail[] {
  return [
    {
      id: 41,
      to: ["gone@example.org"],
      subject: "Confirm your subscription",
      status: "dead",
      attempts: 1,
      lastError: "smtp: RCPT TO: 550 5.1.1 no such user",
      nextAttemptAt: null,
      deadAt: "2025-06-29T12:00:00Z",
      queuedAt: "2025-06-29T11:59:00Z",
    },
    {
      id: 40,
      to: ["owner@example.org"],
      subject: "New message from Priya Sharma",
      status: "failing",
      attempts: 6,
      lastError: "smtp: end of DATA: 451 4.3.0 try later",
      nextAttemptAt: "2025-06-30T12:00:00Z",
      deadAt: null,
      queuedAt: "2025-06-28T12:00:00Z",
    },
  ];
}

export const REACT_REFUSAL =
  "release: shared module react: the release needs ^20.0.0, the running shell provides 19.3.1";

/** The newsletter's signing key in makeSections (a real fingerprint holds '/' and '+'). */
export const NEWSLETTER_KEY = "SHA256:t92IuP6MRoqRLUAE54Hs4vRrMqMuVGm7zGy/dQa+uTk";

/**
 * The sections as GET /api/admin/sections lists them: the blog on its shipped build
 * with a release ready and one the checks refuse, and no keys; the newsletter on a
 * promoted release its key signed; the admin with none.
 */
export function makeSections(): SectionStatus[] {
  const release = (
    section: SectionName,
    version: string,
    publishedAt: string,
    check = "",
    signedBy = "",
  ): SectionRelease => ({
    section,
    version,
    digest: `sha256:${version.slice(-12).padEnd(64, "0")}`,
    size: 506535,
    publishedAt,
    publishedBy: "cli:ci",
    signedBy,
    check,
  });
  const event = (
    section: SectionName,
    action: SectionEvent["action"],
    version: string,
    at: string,
    previous = "",
  ): SectionEvent => ({
    section,
    action,
    version,
    previous,
    actor: action === "promote" ? "admin:owner" : "cli:ci",
    at,
  });
  return [
    {
      name: "blog",
      serving: "",
      releases: [
        release("blog", "0.0.0-3f2a9c1b7d0e", "2025-06-29T12:00:00Z"),
        release("blog", "0.0.0-1a2b3c4d5e6f", "2025-06-28T12:00:00Z", REACT_REFUSAL),
      ],
      history: [
        event("blog", "publish", "0.0.0-3f2a9c1b7d0e", "2025-06-29T12:00:00Z"),
        event("blog", "publish", "0.0.0-1a2b3c4d5e6f", "2025-06-28T12:00:00Z"),
      ],
      keys: [],
    },
    {
      name: "newsletter",
      serving: "0.0.0-9e8d7c6b5a41",
      releases: [
        release("newsletter", "0.0.0-9e8d7c6b5a41", "2025-06-27T12:00:00Z", "", NEWSLETTER_KEY),
      ],
      history: [
        event("newsletter", "promote", "0.0.0-9e8d7c6b5a41", "2025-06-27T12:01:00Z"),
        event("newsletter", "publish", "0.0.0-9e8d7c6b5a41", "2025-06-27T12:00:00Z"),
        { ...event("newsletter", "key-add", "", "2025-06-26T12:00:00Z"), key: NEWSLETTER_KEY },
      ],
      keys: [
        {
          section: "newsletter",
          fingerprint: NEWSLETTER_KEY,
          type: "ssh-ed25519",
          publicKey: "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFakeNewsletterKey",
          comment: "newsletter-ci",
          addedAt: "2025-06-26T12:00:00Z",
          addedBy: "cli:ci",
        },
      ],
    },
    { name: "admin", serving: "", releases: [], history: [], keys: [] },
  ];
}

export function createFakeAdminApi({ signedIn = false, configured = true, setupToken = "" } = {}) {
  const state = {
    signedIn,
    configured,
    user: ADMIN_USER,
    subscribers: makeSubscribers(),
    mail: makeTroubledMail(),
    mailSent: 120,
    editions: contentEditions.map<AdminEdition>((e) => ({
      id: e.id,
      title: e.title,
      date: e.month,
      excerpt: e.excerpt,
      readTime: `${e.readTime} min read`,
      lastPublishedAt: e.id === 1 ? "2025-01-05T12:00:00Z" : null,
      lastPublishedCount: e.id === 1 ? 12 : null,
      scheduledAt: null,
      results:
        e.id === 1 ? { sent: 12, delivered: 11, bounced: 1, complained: 0, unsubscribed: 2 } : null,
    })),
    suppressions: [
      {
        email: "gone@example.org",
        reason: "hard_bounce",
        since: "2025-06-29T12:00:00Z",
        detail: "550 5.1.1 no such user",
      },
      {
        email: "angry@example.org",
        reason: "complaint",
        since: "2025-06-28T12:00:00Z",
        detail: "",
      },
    ] as Suppression[],
    sections: makeSections(),
    replication: { mode: "replica", lagSeconds: 1, healthy: true } as AdminStats["replication"],
    /** Each section's promotes not rolled back yet, oldest first: what a rollback undoes. */
    promotes: {
      blog: [],
      newsletter: [{ version: "0.0.0-9e8d7c6b5a41", previous: "" }],
      admin: [],
    } as Record<string, { version: string; previous: string }[]>,
  };

  const countOf = (s: SubscriberState) => state.subscribers.filter((x) => x.state === s).length;
  const stats = (): AdminStats => ({
    subscribers: {
      unconfirmed: countOf("unconfirmed"),
      confirmed: countOf("confirmed"),
      unsubscribed: countOf("unsubscribed"),
    },
    editions: state.editions.length,
    published: state.editions.filter((e) => e.lastPublishedAt).length,
    schedule: "Monthly",
    replication: state.replication,
  });

  const routes: [method: string, path: RegExp, handler: Handler][] = [];
  const on = (method: string, path: string | RegExp, handler: Handler) => {
    // Newest first: a test's own route wins over the defaults.
    routes.unshift([
      method,
      typeof path === "string" ? new RegExp(`^${path.replace(/[.]/g, "\\.")}$`) : path,
      handler,
    ]);
  };
  const authed =
    (handler: Handler): Handler =>
    (call, match) =>
      state.signedIn ? handler(call, match) : apiError(401, "unauthorized", "Sign in to continue.");

  // The probe answers 200 in every state (docs/api.md).
  on("GET", "/api/admin/session", () =>
    state.signedIn
      ? answer("adminSession", 200, {
          authenticated: true,
          user: state.user,
          expiresAt: "2025-07-01T12:00:00Z",
        })
      : answer("adminSession", 200, { authenticated: false, configured: state.configured }),
  );
  on("POST", "/api/admin/setup", ({ body }) => {
    const { token, user, password } = body as RequestOf<"setUpAdmin">;
    if (state.configured)
      return apiError(409, "conflict", "The admin is already set up. Please sign in.");
    if (!setupToken || token !== setupToken) {
      return json(400, {
        error: {
          code: "invalid",
          field: "token",
          message:
            "This setup link is not valid: it has been used or has expired. Restart the gateway for a new one (it is printed in the log).",
        },
      });
    }
    state.configured = true;
    state.signedIn = true;
    state.user = user;
    void password;
    return noContent();
  });
  on("POST", "/api/admin/session", ({ body }) => {
    const { user, password } = body as RequestOf<"signIn">;
    if (user !== ADMIN_USER || password !== ADMIN_PASSWORD)
      return apiError(401, "unauthorized", "Wrong user name or password.");
    state.signedIn = true;
    return noContent();
  });
  on("DELETE", "/api/admin/session", () => {
    state.signedIn = false;
    return noContent();
  });
  on(
    "GET",
    "/api/admin/stats",
    authed(() => answer("adminStats", 200, stats())),
  );
  on(
    "GET",
    "/api/admin/editions",
    authed(() => answer("adminEditions", 200, state.editions)),
  );
  on(
    "PUT",
    /^\/api\/admin\/editions\/(\d+)\/schedule$/,
    authed(({ body }, match) => {
      const edition = state.editions.find((e) => e.id === Number(match[1]));
      if (!edition) return apiError(404, "not_found", "There is no such edition.");
      const { at } = body as RequestOf<"scheduleEdition">;
      if (new Date(at).getTime() <= Date.now())
        return json(400, {
          error: { code: "invalid", field: "at", message: "The time must be in the future." },
        });
      edition.scheduledAt = at;
      return answer("scheduleEdition", 200, { editionId: edition.id, at });
    }),
  );
  on(
    "DELETE",
    /^\/api\/admin\/editions\/(\d+)\/schedule$/,
    authed((_, match) => {
      const edition = state.editions.find((e) => e.id === Number(match[1]));
      if (!edition?.scheduledAt)
        return apiError(
          404,
          "not_found",
          "This edition is not scheduled; one that has started cannot be cancelled.",
        );
      edition.scheduledAt = null;
      return noContent();
    }),
  );
  on(
    "GET",
    "/api/admin/suppressions",
    authed(() => answer("suppressions", 200, { items: state.suppressions })),
  );
  on(
    "DELETE",
    "/api/admin/suppressions",
    authed(({ params }) => {
      const email = params.get("email");
      if (!state.suppressions.some((s) => s.email === email))
        return apiError(404, "not_found", "This address is not suppressed.");
      state.suppressions = state.suppressions.filter((s) => s.email !== email);
      return noContent();
    }),
  );
  on(
    "POST",
    /^\/api\/admin\/editions\/(\d+)\/publish$/,
    authed((_, match) => {
      const edition = state.editions.find((e) => e.id === Number(match[1]));
      if (!edition) return apiError(404, "not_found", "No such edition.");
      const sent = countOf("confirmed");
      edition.lastPublishedAt = "2025-06-30T12:00:00Z";
      edition.lastPublishedCount = sent;
      return answer("publishEdition", 200, { sent, title: edition.title });
    }),
  );
  on(
    "GET",
    /^\/api\/admin\/editions\/(\d+)\/preview$/,
    authed((_, match) => {
      const edition = state.editions.find((e) => e.id === Number(match[1]));
      if (!edition) return apiError(404, "not_found", "There is no such edition.");
      return answer("editionPreview", 200, {
        subject: `DevOps Digest - ${edition.date} - ${edition.title}`,
        from: '"DevOps Portfolio" <no-reply@example.com>',
        to: '"Owner" <owner@example.com>',
        text: `${edition.title}\n\n${edition.excerpt}\n`,
        html: `<!doctype html><html><body><h1>${edition.title}</h1><script>parent.pwned = true</script></body></html>`,
      });
    }),
  );
  on(
    "POST",
    /^\/api\/admin\/editions\/(\d+)\/test$/,
    authed((_, match) => {
      const edition = state.editions.find((e) => e.id === Number(match[1]));
      if (!edition) return apiError(404, "not_found", "There is no such edition.");
      return answer("sendTestEdition", 202, {
        to: "owner@example.com",
        subject: `[Test] DevOps Digest - ${edition.date} - ${edition.title}`,
      });
    }),
  );
  on(
    "GET",
    "/api/admin/subscribers",
    authed(({ params }) => {
      const page = Number(params.get("page") ?? 1);
      const perPage = Number(params.get("perPage") ?? 50);
      const only = params.get("state");
      const matching = only ? state.subscribers.filter((s) => s.state === only) : state.subscribers;
      return answer("subscribers", 200, {
        items: matching.slice((page - 1) * perPage, page * perPage),
        page,
        perPage,
        total: matching.length,
      });
    }),
  );
  on(
    "GET",
    "/api/admin/messages",
    authed(() => answer("messages", 200, { items: messages })),
  );
  on(
    "GET",
    "/api/admin/mail",
    authed(() => {
      const dead = state.mail.filter((m) => m.status === "dead").length;
      const pending = state.mail.length - dead;
      return answer("mail", 200, {
        counts: { pending, sending: 0, sent: state.mailSent, dead },
        items: state.mail,
      });
    }),
  );
  on(
    "POST",
    /^\/api\/admin\/mail\/(\d+)\/retry$/,
    authed((_, match) => {
      const mail = state.mail.find((m) => m.id === Number(match[1]));
      if (!mail) return apiError(404, "not_found", "There is no such email.");
      if (mail.status !== "dead") {
        return apiError(
          409,
          "conflict",
          "Only a dead email can be retried; this one is still queued or was sent.",
        );
      }
      // Queued again and, in this fake, delivered at once: it leaves the list.
      state.mail = state.mail.filter((m) => m !== mail);
      state.mailSent++;
      return answer("retryMail", 200, { id: mail.id, status: "pending" });
    }),
  );
  on(
    "GET",
    "/api/admin/traffic",
    authed(({ params }) => {
      const days = Number(params.get("days") ?? 30);
      if (!trafficSpans.some((span) => span === days))
        return fieldError("days", "Choose 7, 30 or 90 days.");
      return answer("traffic", 200, traffic(days as TrafficSpan));
    }),
  );
  on(
    "GET",
    "/api/admin/sections",
    authed(() => answer("sections", 200, { sections: state.sections })),
  );
  const sectionEvent = (
    section: SectionStatus,
    action: SectionEvent["action"],
    version: string,
    previous: string,
    key?: string,
  ) =>
    section.history.unshift({
      section: section.name,
      action,
      version,
      previous,
      actor: `admin:${state.user}`,
      at: "2025-06-30T12:00:00Z",
      ...(key ? { key } : {}),
    });
  on(
    "POST",
    /^\/api\/admin\/sections\/([^/]+)\/keys$/,
    authed(({ body }, match) => {
      const section = state.sections.find((s) => s.name === match[1]);
      if (!section) return apiError(404, "not_found", `no such section: ${match[1]}`);
      const line = String((body as RequestOf<"addSectionKey">).publicKey).trim();
      if (line.includes("PRIVATE KEY"))
        return fieldError(
          "publicKey",
          "This is a private key: paste the public one (the .pub file), and keep the private key secret.",
        );
      const [type = "", data = "", ...comment] = line.split(/\s+/);
      if (!type.startsWith("ssh-") || !data)
        return fieldError("publicKey", "This is not an SSH public key.");
      // A stand-in fingerprint: the key's data, as the server's would be unique to it.
      const fingerprint = `SHA256:${data.slice(-43)}`;
      if (section.keys.some((k) => k.fingerprint === fingerprint))
        return apiError(
          409,
          "conflict",
          `The key ${fingerprint} is already one of ${section.name}'s keys.`,
        );
      const key: SectionKey = {
        section: section.name,
        fingerprint,
        type,
        publicKey: `${type} ${data}`,
        comment: comment.join(" "),
        addedAt: "2025-06-30T12:00:00Z",
        addedBy: `admin:${state.user}`,
      };
      section.keys.push(key);
      sectionEvent(section, "key-add", "", "", fingerprint);
      return answer("addSectionKey", 201, key);
    }),
  );
  on(
    "DELETE",
    /^\/api\/admin\/sections\/([^/]+)\/keys$/,
    authed(({ params }, match) => {
      const section = state.sections.find((s) => s.name === match[1]);
      const fingerprint = params.get("fingerprint") ?? "";
      if (!section?.keys.some((k) => k.fingerprint === fingerprint))
        return apiError(404, "not_found", `${match[1]} has no key ${fingerprint}.`);
      section.keys = section.keys.filter((k) => k.fingerprint !== fingerprint);
      sectionEvent(section, "key-remove", "", "", fingerprint);
      return noContent();
    }),
  );
  on(
    "POST",
    /^\/api\/admin\/sections\/([^/]+)\/promote$/,
    authed(({ body }, match) => {
      const section = state.sections.find((s) => s.name === match[1]);
      const { version } = body as RequestOf<"promoteSection">;
      const release = section?.releases.find((r) => r.version === version);
      if (!section || !release)
        return apiError(404, "not_found", `no such release: ${match[1]} ${version}`);
      if (release.check) return apiError(409, "conflict", release.check);
      state.promotes[section.name]!.push({ version, previous: section.serving });
      sectionEvent(section, "promote", version, section.serving);
      section.serving = version;
      return answer("promoteSection", 200, { section: section.name, serving: version });
    }),
  );
  on(
    "POST",
    /^\/api\/admin\/sections\/([^/]+)\/rollback$/,
    authed((_, match) => {
      const section = state.sections.find((s) => s.name === match[1]);
      if (!section) return apiError(404, "not_found", `no such section: ${match[1]}`);
      const undone = state.promotes[section.name]!.pop();
      if (!undone) return apiError(409, "conflict", `nothing to roll back: ${section.name}`);
      sectionEvent(section, "rollback", undone.previous, undone.version);
      section.serving = undone.previous;
      return answer("rollbackSection", 200, { section: section.name, serving: section.serving });
    }),
  );
  if (!configured) {
    // Every call but the probe and the setup, until an admin is set up.
    const closed =
      (handler: Handler): Handler =>
      (call, match) =>
        state.configured
          ? handler(call, match)
          : apiError(503, "not_configured", "The admin is not set up yet.");
    for (const route of routes) {
      const [method, path] = route;
      const answersAlways =
        (method === "GET" && path.test("/api/admin/session")) || path.test("/api/admin/setup");
      if (!answersAlways) route[2] = closed(route[2]);
    }
  }

  const calls: Call[] = [];
  const fetch = vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://localhost");
    const method = init.method ?? "GET";
    const call: Call = {
      method,
      path: url.pathname,
      params: url.searchParams,
      body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
      credentials: init.credentials,
    };
    calls.push(call);
    for (const [m, pattern, handler] of routes) {
      const match = url.pathname.match(pattern);
      if (m === method && match) return handler(call, match);
    }
    return apiError(404, "not_found", "Not found.");
  });
  vi.stubGlobal("fetch", fetch);

  /** The calls so far to `method path` (path without the query string). */
  const callsTo = (method: string, path: string) =>
    calls.filter((c) => c.method === method && c.path === path);

  return { state, stats, on, calls, callsTo, fetch };
}

export type FakeAdminApi = ReturnType<typeof createFakeAdminApi>;

/** A promise a test settles when it wants: to look at a pending state. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
