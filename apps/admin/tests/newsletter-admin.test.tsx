import { dismissToast } from "@portfolio/ui/use-toast";
import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  ADMIN_PASSWORD,
  ADMIN_USER,
  apiError,
  createFakeAdminApi,
  deferred,
  type FakeAdminApi,
  json,
  messages,
} from "./fake-admin-api";
import { findToast, renderAt } from "./render";

afterEach(() => {
  act(() => dismissToast()); // the toast store outlives a test's <Toaster>
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const loginForm = () => screen.findByRole("form", { name: "Admin sign in" });

async function signIn(
  user: ReturnType<typeof renderAt>["user"],
  name = ADMIN_USER,
  password = ADMIN_PASSWORD,
) {
  const form = await loginForm();
  await user.type(within(form).getByLabelText("User name"), name);
  await user.type(within(form).getByLabelText("Password"), password);
  await user.click(within(form).getByRole("button", { name: "Sign in" }));
  return form;
}

/** Signed in already: the dashboard with its editions loaded. */
async function renderDashboard(api: FakeAdminApi) {
  const view = renderAt();
  await screen.findByText(/Signed in as/);
  await screen.findAllByRole("button", { name: /^(Publish|Republish)$/ });
  return { ...view, api };
}

const card = (title: string) =>
  screen.getByRole("heading", { level: 2, name: title }).closest("div.rounded-lg") as HTMLElement;

describe("signing in", () => {
  it("asks who is signed in (with credentials) and shows the sign-in form to nobody", async () => {
    const api = createFakeAdminApi();
    renderAt();
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(/^Newsletter Admin$/);
    const form = await loginForm();
    expect(within(form).getByLabelText("User name")).toHaveAttribute("autocomplete", "username");
    expect(within(form).getByLabelText("Password")).toHaveAttribute("type", "password");
    expect(api.calls[0]).toMatchObject({
      method: "GET",
      path: "/api/admin/session",
      credentials: "same-origin",
    });
    // Nothing else is asked for before signing in.
    expect(api.calls.map((c) => c.path)).toEqual(["/api/admin/session"]);
    expect(screen.queryByRole("heading", { name: "Total Subscribers" })).not.toBeInTheDocument();
  });

  it("signs in: 'Signing in...' while pending, then the dashboard, focused and announced", async () => {
    const api = createFakeAdminApi();
    const gate = deferred<void>();
    api.on("POST", "/api/admin/session", async () => {
      await gate.promise;
      api.state.signedIn = true;
      return new Response(null, { status: 204 });
    });
    const { user } = renderAt();
    const form = await signIn(user);

    const pending = within(form).getByRole("button", { name: "Signing in..." });
    expect(pending).toBeDisabled();
    expect(api.callsTo("POST", "/api/admin/session")[0]?.body).toEqual({
      user: ADMIN_USER,
      password: ADMIN_PASSWORD,
    });

    gate.resolve();
    const greeting = await screen.findByText(/Signed in as/);
    expect(greeting).toHaveTextContent(`Signed in as ${ADMIN_USER}`);
    await waitFor(() => expect(greeting).toHaveFocus());
    expect(screen.getByText("Signed in.")).toHaveAttribute("role", "status");
    expect(screen.queryByRole("form", { name: "Admin sign in" })).not.toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Sign out" })).toBeEnabled();
  });

  it("shows the server's message for a wrong password, empties and focuses the password", async () => {
    createFakeAdminApi();
    const { user } = renderAt();
    const form = await signIn(user, ADMIN_USER, "wrong password");

    const alert = await within(form).findByText("Wrong user name or password.");
    expect(alert).toHaveAttribute("role", "alert");
    const password = within(form).getByLabelText("Password");
    await waitFor(() => expect(password).toHaveFocus());
    expect(password).toHaveValue("");
    expect(password).toHaveAttribute("aria-invalid", "true");
    expect(password).toHaveAccessibleDescription("Wrong user name or password.");
    expect(within(form).getByRole("button", { name: "Sign in" })).toBeEnabled();
  });

  it("says how long to wait after too many attempts (429 Retry-After)", async () => {
    const api = createFakeAdminApi();
    api.on("POST", "/api/admin/session", () =>
      apiError(429, "rate_limited", "Too many attempts. Try again later.", { "Retry-After": "30" }),
    );
    const { user } = renderAt();
    const form = await signIn(user);
    expect(await within(form).findByRole("alert")).toHaveTextContent(
      "Too many sign-in attempts. Wait 30 seconds and try again.",
    );
  });

  it("without an admin, says to look for the setup link in the gateway's log", async () => {
    const api = createFakeAdminApi({ configured: false });
    renderAt();
    const notice = await screen.findByRole("region", { name: "The admin is not set up yet" });
    expect(notice).toHaveTextContent("prints a one-time setup link in its log");
    expect(notice).toHaveTextContent("/admin/newsletter#setup=");
    expect(notice).toHaveTextContent("PORTFOLIO_ADMIN_USER");
    expect(notice).toHaveTextContent("PORTFOLIO_ADMIN_PASSWORD_HASH");
    expect(notice).toHaveTextContent("bin/gateway hash-password");
    expect(screen.queryByRole("form", { name: "Admin sign in" })).not.toBeInTheDocument();
    // Only the probe was asked, and it answered 200: nothing for the browser to log as failed.
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(["GET /api/admin/session"]);
    expect(await api.fetch.mock.results[0]!.value).toHaveProperty("status", 200);
  });

  it("offers to try again when the session cannot be checked", async () => {
    const api = createFakeAdminApi();
    api.on("GET", "/api/admin/session", () => {
      throw new TypeError("Failed to fetch");
    });
    const { user } = renderAt();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(
      "Could not load the admin session. The server could not be reached.",
    );
    api.on("GET", "/api/admin/session", () =>
      json(200, { authenticated: false, configured: true }),
    );
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await loginForm()).toBeInTheDocument();
  });
});

describe("signed in", () => {
  it("shows the API's numbers in the stat cards", async () => {
    const api = createFakeAdminApi({ signedIn: true });
    await renderDashboard(api);
    const { subscribers, editions, published } = api.stats();
    expect([
      subscribers.confirmed,
      subscribers.unconfirmed,
      subscribers.unsubscribed,
      editions,
    ]).toEqual([30, 10, 5, 6]);

    await waitFor(() => expect(card("Total Subscribers")).toHaveTextContent("30"));
    // The list below says "45 in all": so does the card, after the confirmed count.
    expect(card("Total Subscribers")).toHaveTextContent(
      "confirmed · 10 unconfirmed · 5 unsubscribed · 45 in all",
    );
    // The editions the list says were sent ('Last published'), of all of them.
    expect(published).toBe(1);
    expect(card("Published Editions")).toHaveTextContent(
      /^Published Editions1of 6 editions · 5 not published yet$/,
    );
    expect(card("Schedule")).toHaveTextContent(/^ScheduleMonthly$/);
    expect(screen.getByText("Database replicated 1 s ago.")).toHaveAttribute("role", "status");
  });

  it.each([
    [
      { mode: "replica", lagSeconds: 240, healthy: false },
      "Not replicated for 240 s: the replica's store does not answer.",
    ],
    [
      { mode: "none", healthy: false },
      "Not replicated: the database is on this disk only. Set PORTFOLIO_REPLICA_URL",
    ],
  ] as const)("warns when the database is not replicated (%o)", async (replication, warning) => {
    const api = createFakeAdminApi({ signedIn: true });
    api.state.replication = replication;
    await renderDashboard(api);
    await waitFor(() => expect(card("Total Subscribers")).toHaveTextContent("30"));
    expect(screen.getAllByRole("alert").some((a) => a.textContent?.includes(warning))).toBe(true);
    expect(screen.queryByText(/Database replicated/)).not.toBeInTheDocument();
  });

  it("says nothing of replication on PostgreSQL", async () => {
    const api = createFakeAdminApi({ signedIn: true });
    api.state.replication = { mode: "postgres", healthy: true };
    await renderDashboard(api);
    await waitFor(() => expect(card("Total Subscribers")).toHaveTextContent("30"));
    expect(screen.queryByText(/replicated/i)).not.toBeInTheDocument();
  });

  it("lists the editions with excerpt, date, read time and when each was last published", async () => {
    const api = createFakeAdminApi({ signedIn: true });
    await renderDashboard(api);
    const list = screen.getByRole("list", { name: "Editions" });
    const items = within(list).getAllByRole("listitem");
    expect(items).toHaveLength(6);
    const [first, second] = api.state.editions;
    expect(within(items[0]!).getByRole("heading", { level: 3 })).toHaveTextContent(first!.title);
    expect(items[0]).toHaveTextContent(first!.excerpt);
    expect(items[0]).toHaveTextContent(first!.date);
    expect(items[0]).toHaveTextContent(first!.readTime);
    expect(items[0]).toHaveTextContent("Last published 5 Jan 2025");
    expect(items[0]).toHaveTextContent("to 12 subscribers");
    expect(within(items[0]!).getByRole("time")).toHaveAttribute("datetime", "2025-01-05T12:00:00Z");
    expect(items[1]).toHaveTextContent(second!.title);
    expect(items[1]).toHaveTextContent("Not published yet");
    // A sent edition offers 'Republish', one never sent 'Publish', each described by its title.
    expect(
      within(items[0]!).getByRole("button", { name: "Republish" }),
    ).toHaveAccessibleDescription(first!.title);
    expect(within(items[0]!).queryByRole("button", { name: "Publish" })).toBeNull();
    expect(within(items[1]!).getByRole("button", { name: "Publish" })).toHaveAccessibleDescription(
      second!.title,
    );
    expect(within(items[1]!).queryByRole("button", { name: "Republish" })).toBeNull();
    const published = items.filter((i) => /Last published/.test(i.textContent ?? "")).length;
    expect(card("Published Editions")).toHaveTextContent(
      new RegExp(`^Published Editions${published}of`),
    );
  });

  it("previews an edition's email (HTML sandboxed, and plain text) and sends a test to the owner alone", async () => {
    const api = createFakeAdminApi({ signedIn: true });
    const { user } = await renderDashboard(api);
    const edition = api.state.editions[1]!;
    const items = within(screen.getByRole("list", { name: "Editions" })).getAllByRole("listitem");
    const previewButton = within(items[1]!).getByRole("button", { name: "Preview" });
    expect(previewButton).toHaveAccessibleDescription(edition.title);
    await user.click(previewButton);

    const dialog = await screen.findByRole("dialog", { name: `Preview of “${edition.title}”` });
    await within(dialog).findByText(`DevOps Digest - ${edition.date} - ${edition.title}`);
    expect(dialog).toHaveTextContent('To"Owner" <owner@example.com>');
    const frame = within(dialog).getByTitle(`HTML part of “${edition.title}”`);
    // Sandboxed of everything: the email's markup can run nothing, reach nothing.
    expect(frame).toHaveAttribute("sandbox", "");
    expect(frame.getAttribute("srcdoc")).toContain(`<h1>${edition.title}</h1>`);
    const text = within(within(dialog).getByRole("region", { name: "Plain-text part" })).getByText(
      (_, el) => el?.tagName === "PRE",
    );
    expect(text.textContent).toBe(`${edition.title}\n\n${edition.excerpt}\n`);

    // 'Send a test' from the dialog closes it (focus back on Preview): the owner's
    // address in the toast, and no publication.
    const statsBefore = api.callsTo("GET", "/api/admin/stats").length;
    await user.click(within(dialog).getByRole("button", { name: "Send a test" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(previewButton).toHaveFocus();
    const toast = await findToast();
    await waitFor(() => expect(toast).toHaveTextContent("Test Sent"));
    expect(toast).toHaveTextContent(`Sent a test of "${edition.title}" to owner@example.com`);
    expect(api.callsTo("POST", `/api/admin/editions/${edition.id}/test`)).toHaveLength(1);
    expect(api.calls.filter((c) => c.path.endsWith("/publish"))).toHaveLength(0);
    expect(api.callsTo("GET", "/api/admin/stats")).toHaveLength(statsBefore);
    // And from the row, without opening the preview.
    act(() => dismissToast());
    await user.click(within(items[1]!).getByRole("button", { name: "Send a test" }));
    await waitFor(async () => expect(await findToast()).toHaveTextContent("Test Sent"));
    expect(api.callsTo("POST", `/api/admin/editions/${edition.id}/test`)).toHaveLength(2);
  });

  it("publishes an edition never sent: only it reads 'Publishing...', then the toast with the real count, fresh numbers and 'Republish'", async () => {
    const api = createFakeAdminApi({ signedIn: true });
    const gate = deferred<void>();
    const publish = vi.fn();
    api.on("POST", /^\/api\/admin\/editions\/(\d+)\/publish$/, async (_, match) => {
      publish(match[1]);
      await gate.promise;
      const edition = api.state.editions.find((e) => e.id === Number(match[1]))!;
      edition.lastPublishedAt = "2025-06-30T12:00:00Z";
      edition.lastPublishedCount = 30;
      return json(200, { sent: 30, title: edition.title });
    });
    const { user } = await renderDashboard(api);
    const statsBefore = api.callsTo("GET", "/api/admin/stats").length;
    const editionsBefore = api.callsTo("GET", "/api/admin/editions").length;

    const items = within(screen.getByRole("list", { name: "Editions" })).getAllByRole("listitem");
    await user.click(within(items[1]!).getByRole("button", { name: "Publish" }));
    // It asks first, naming the edition and the confirmed subscribers it goes to.
    const dialog = await screen.findByRole("dialog", {
      name: `Publish “${api.state.editions[1]!.title}”?`,
    });
    expect(dialog).toHaveTextContent(
      "It is emailed now to 30 confirmed subscribers, one email each.",
    );
    expect(publish).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole("button", { name: "Send to 30 subscribers" }));

    const publishing = within(items[1]!).getByRole("button", { name: "Publishing..." });
    expect(publishing).toBeDisabled();
    expect(within(items[0]!).getByRole("button", { name: "Republish" })).toBeEnabled();
    for (const other of items.slice(2)) {
      expect(within(other).getByRole("button", { name: "Publish" })).toBeEnabled();
    }
    expect(publish).toHaveBeenCalledWith("2");

    gate.resolve();
    const toast = await findToast();
    await waitFor(() => expect(toast).toHaveTextContent("Newsletter Published!"));
    expect(toast).toHaveTextContent(`Sent "${api.state.editions[1]!.title}" to 30 subscribers`);
    expect(toast).toHaveAttribute("data-variant", "default");
    expect(await within(items[1]!).findByRole("button", { name: "Republish" })).toBeEnabled();

    await waitFor(() =>
      expect(api.callsTo("GET", "/api/admin/stats").length).toBe(statsBefore + 1),
    );
    expect(api.callsTo("GET", "/api/admin/editions").length).toBe(editionsBefore + 1);
    await waitFor(() => expect(items[1]).toHaveTextContent("Last published 30 Jun 2025"));
    expect(items[1]).toHaveTextContent("to 30 subscribers");
  });

  it.each([
    ["404 not_found", () => apiError(404, "not_found", "No such edition.")],
    ["409 conflict", () => apiError(409, "conflict", "This edition is being published.")],
    ["500 with a text body", () => new Response("boom", { status: 500 })],
    ["a network failure", () => Promise.reject(new TypeError("Failed to fetch"))],
  ])("shows 'Publishing Failed' and logs the details on %s", async (_, answer) => {
    const api = createFakeAdminApi({ signedIn: true });
    api.on("POST", /^\/api\/admin\/editions\/\d+\/publish$/, answer);
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    const { user } = await renderDashboard(api);

    const item = within(screen.getByRole("list", { name: "Editions" })).getAllByRole(
      "listitem",
    )[2]!;
    await user.click(within(item).getByRole("button", { name: "Publish" }));
    await user.click(await screen.findByRole("button", { name: /^Send to/ }));

    const toast = await findToast();
    await waitFor(() => expect(toast).toHaveTextContent("Publishing Failed"));
    expect(toast).toHaveTextContent("Could not send newsletter. Check console for details.");
    expect(toast).toHaveAttribute("data-variant", "destructive");
    expect(consoleError).toHaveBeenCalledWith(
      expect.stringContaining("publishing edition 3"),
      expect.any(Error),
    );
    expect(within(item).getByRole("button", { name: "Publish" })).toBeEnabled();
  });

  it("Cancel in the republish dialog sends nothing and gives focus back to Republish", async () => {
    const api = createFakeAdminApi({ signedIn: true });
    const publish = vi.fn(() => json(200, { sent: 0, title: "" }));
    api.on("POST", /^\/api\/admin\/editions\/\d+\/publish$/, publish);
    const { user } = await renderDashboard(api);
    const item = within(screen.getByRole("list", { name: "Editions" })).getAllByRole(
      "listitem",
    )[0]!;
    const republish = within(item).getByRole("button", { name: "Republish" });
    await user.click(republish);
    await user.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: "Cancel" }),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(republish).toHaveFocus();
    expect(publish).not.toHaveBeenCalled();
  });

  it("pages through the subscribers and filters them by state", async () => {
    const api = createFakeAdminApi({ signedIn: true });
    const { user } = await renderDashboard(api);
    const table = await screen.findByRole("table", { name: /Subscribers/ });
    await waitFor(() => expect(within(table).getAllByRole("row")).toHaveLength(21)); // header + 20
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual(["Email", "Name", "State", "Subscribed", "Confirmed"]);
    const firstRow = within(table).getAllByRole("row")[1]!;
    expect(firstRow).toHaveTextContent("reader01@example.org");
    expect(firstRow).toHaveTextContent("Confirmed");
    expect(firstRow).toHaveTextContent("30 Jun 2025");
    expect(api.callsTo("GET", "/api/admin/subscribers").map((c) => c.params.toString())).toEqual([
      "page=1&perPage=20",
    ]);

    const pages = screen.getByRole("navigation", { name: "Subscriber pages" });
    expect(within(pages).getByRole("status")).toHaveTextContent("Page 1 of 3");
    expect(within(pages).getByRole("button", { name: "Previous" })).toBeDisabled();

    await user.click(within(pages).getByRole("button", { name: "Next" }));
    await waitFor(() => expect(within(pages).getByRole("status")).toHaveTextContent("Page 2 of 3"));
    await waitFor(() =>
      expect(within(table).getAllByRole("row")[1]).toHaveTextContent("reader21@example.org"),
    );
    expect(within(pages).getByRole("button", { name: "Previous" })).toBeEnabled();
    await user.click(within(pages).getByRole("button", { name: "Next" }));
    await waitFor(() => expect(within(table).getAllByRole("row")).toHaveLength(6)); // header + 5
    expect(within(pages).getByRole("button", { name: "Next" })).toBeDisabled();

    await user.selectOptions(screen.getByLabelText("State"), "Unsubscribed");
    await waitFor(() => expect(within(pages).getByRole("status")).toHaveTextContent("Page 1 of 1"));
    await waitFor(() => expect(within(table).getAllByRole("row")).toHaveLength(6));
    for (const row of within(table).getAllByRole("row").slice(1))
      expect(row).toHaveTextContent("Unsubscribed");
    expect(api.callsTo("GET", "/api/admin/subscribers").map((c) => c.params.toString())).toEqual([
      "page=1&perPage=20",
      "page=2&perPage=20",
      "page=3&perPage=20",
      "page=1&perPage=20&state=unsubscribed",
    ]);
    expect(
      within(screen.getByLabelText("State"))
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["All", "Confirmed", "Unconfirmed", "Unsubscribed"]);
  });

  it("links 'Export CSV' to every subscriber as CSV", async () => {
    await renderDashboard(createFakeAdminApi({ signedIn: true }));
    expect(screen.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
      "href",
      "/api/admin/subscribers.csv",
    );
  });

  it("lists the contact messages newest first, their text as text", async () => {
    const api = createFakeAdminApi({ signedIn: true });
    await renderDashboard(api);
    const list = await screen.findByRole("list", { name: "Contact messages" });
    const items = within(list).getAllByRole("listitem");
    expect(items.map((li) => within(li).getByRole("heading", { level: 3 }).textContent)).toEqual([
      "Priya Sharma priya@example.org",
      "Sam Lee sam@example.org",
    ]);
    expect(items[0]).toHaveTextContent("Subject: Job Opportunity");
    expect(items[1]).toHaveTextContent("Subject: Speaking Engagement");
    expect(within(items[0]!).getByRole("link", { name: "priya@example.org" })).toHaveAttribute(
      "href",
      "mailto:priya@example.org",
    );
    expect(within(items[0]!).getByRole("time")).toHaveTextContent("2 Jun 2025");
    expect(items[0]).toHaveTextContent("<b>Not bold</b>");
    expect(items[0]!.querySelector("b")).toBeNull();
    expect(within(items[0]!).getByText(/We are hiring/).textContent).toBe(messages[0]!.message);
    expect(api.callsTo("GET", "/api/admin/messages")[0]?.params.toString()).toBe("limit=50");
  });

  it("signs out: DELETE the session, back to the sign-in form, focused and announced", async () => {
    const api = createFakeAdminApi({ signedIn: true });
    const { user } = await renderDashboard(api);
    await user.click(screen.getByRole("button", { name: "Sign out" }));
    const form = await loginForm();
    expect(api.callsTo("DELETE", "/api/admin/session")).toHaveLength(1);
    await waitFor(() => expect(within(form).getByLabelText("User name")).toHaveFocus());
    expect(screen.getByText("Signed out.")).toHaveAttribute("role", "status");
    expect(screen.queryByRole("heading", { name: "Total Subscribers" })).not.toBeInTheDocument();
  });

  it("goes back to the sign-in form when the session has ended on the server", async () => {
    const api = createFakeAdminApi({ signedIn: true });
    const { user } = await renderDashboard(api);
    api.state.signedIn = false;
    const pages = screen.getByRole("navigation", { name: "Subscriber pages" });
    await user.click(within(pages).getByRole("button", { name: "Next" }));
    expect(await loginForm()).toBeInTheDocument();
  });
});

describe("setup notes", () => {
  it("tell how mail, templates, providers and PostgreSQL are set up", async () => {
    await renderDashboard(createFakeAdminApi({ signedIn: true }));
    const notes = screen
      .getByRole("heading", { level: 2, name: "Setup notes" })
      .closest("div.rounded-lg") as HTMLElement;
    for (const text of [
      "PORTFOLIO_SMTP_HOST",
      "PORTFOLIO_SMTP_PORT",
      "PORTFOLIO_SMTP_USERNAME",
      "PORTFOLIO_SMTP_PASSWORD",
      "PORTFOLIO_SMTP_TLS",
      "PORTFOLIO_MAIL_FROM",
      "PORTFOLIO_OWNER_EMAIL",
      "data/maildir",
      "Contact notification",
      "Contact auto-reply",
      "Newsletter confirmation",
      "Newsletter welcome",
      "Newsletter edition",
      "Amazon SES",
      "Postmark",
      "Mailgun",
      "SendGrid",
      "PORTFOLIO_DATABASE_URL",
    ]) {
      expect(notes).toHaveTextContent(text);
    }
  });
});

describe("first-run setup", () => {
  const TOKEN = "dGhpcyBpcyBhIHNldHVwIHRva2VuIGZvciB0ZXN0cyE";
  const setupForm = () => screen.findByRole("form", { name: "Set up the admin" });

  afterEach(() => window.history.replaceState(null, "", "/"));

  async function fill(
    user: ReturnType<typeof renderAt>["user"],
    values: { user?: string; password?: string; confirm?: string },
  ) {
    const form = await setupForm();
    for (const [label, value] of [
      ["User name", values.user],
      ["Password", values.password],
      ["Confirm password", values.confirm],
    ] as const) {
      const input = within(form).getByLabelText(label);
      await user.clear(input);
      if (value) await user.type(input, value);
    }
    await user.click(within(form).getByRole("button", { name: "Set up and sign in" }));
    return form;
  }

  it("with the setup link, sets the admin up and signs them in; the token leaves the URL", async () => {
    window.history.replaceState(null, "", `/admin/newsletter#setup=${TOKEN}`);
    const api = createFakeAdminApi({ configured: false, setupToken: TOKEN });
    const { user } = renderAt();
    const form = await setupForm();
    expect(within(form).getByLabelText("User name")).toHaveAttribute("autocomplete", "username");
    expect(within(form).getByLabelText("Password")).toHaveAttribute("autocomplete", "new-password");
    expect(within(form).getByLabelText("Password")).toHaveAccessibleDescription(
      "At least 12 characters.",
    );

    await fill(user, {
      user: "  jane  ",
      password: "a long enough password",
      confirm: "a long enough password",
    });
    expect(await screen.findByText(/Signed in as/)).toHaveTextContent("Signed in as jane");
    expect(api.callsTo("POST", "/api/admin/setup")[0]?.body).toEqual({
      token: TOKEN,
      user: "jane",
      password: "a long enough password",
    });
    expect(window.location.hash).toBe("");
    expect(window.location.pathname).toBe("/admin/newsletter");
  });

  it("checks the fields in the browser first: messages under them, the first one focused", async () => {
    window.history.replaceState(null, "", `/admin/newsletter#setup=${TOKEN}`);
    const api = createFakeAdminApi({ configured: false, setupToken: TOKEN });
    const { user } = renderAt();
    const form = await fill(user, { user: "", password: "short", confirm: "" });
    const name = within(form).getByLabelText("User name");
    expect(name).toHaveAccessibleDescription("Enter a user name.");
    expect(name).toHaveAttribute("aria-invalid", "true");
    await waitFor(() => expect(name).toHaveFocus());
    expect(within(form).getByLabelText("Password")).toHaveAccessibleDescription(
      "At least 12 characters. The password must be at least 12 characters.",
    );

    // Re-checked on every change once submitted.
    await user.type(name, "jane");
    expect(name).not.toHaveAttribute("aria-invalid");
    const password = within(form).getByLabelText("Password");
    await user.type(password, " but longer now");
    expect(within(form).getByLabelText("Confirm password")).toHaveAccessibleDescription(
      "The passwords do not match.",
    );
    expect(api.callsTo("POST", "/api/admin/setup")).toHaveLength(0);
  });

  it("refuses a user name with an invisible character, as the server does", async () => {
    window.history.replaceState(null, "", `/admin/newsletter#setup=${TOKEN}`);
    const api = createFakeAdminApi({ configured: false, setupToken: TOKEN });
    const { user } = renderAt();
    const form = await fill(user, {
      user: "own\ufeffer",
      password: "a long enough password",
      confirm: "a long enough password",
    });
    const name = within(form).getByLabelText("User name");
    expect(name).toHaveAccessibleDescription(
      "The user name must not contain invisible characters.",
    );
    await waitFor(() => expect(name).toHaveFocus());
    expect(api.callsTo("POST", "/api/admin/setup")).toHaveLength(0);
  });

  it("shows the server's refusal: a spent link under the form", async () => {
    window.history.replaceState(null, "", `/admin/newsletter#setup=${TOKEN}`);
    createFakeAdminApi({ configured: false, setupToken: "another token" });
    const { user } = renderAt();
    const form = await fill(user, {
      user: "jane",
      password: "a long enough password",
      confirm: "a long enough password",
    });
    expect(await within(form).findByRole("alert")).toHaveTextContent(
      "This setup link is not valid: it has been used or has expired. Restart the gateway for a new one (it is printed in the log).",
    );
    expect(within(form).getByRole("button", { name: "Set up and sign in" })).toBeEnabled();
  });

  it("shows a field the server refuses under that field", async () => {
    window.history.replaceState(null, "", `/admin/newsletter#setup=${TOKEN}`);
    const api = createFakeAdminApi({ configured: false, setupToken: TOKEN });
    api.on("POST", "/api/admin/setup", () =>
      json(400, {
        error: {
          code: "invalid",
          field: "user",
          message: "The user name must be one line of printable characters.",
        },
      }),
    );
    const { user } = renderAt();
    const form = await fill(user, {
      user: "jane",
      password: "a long enough password",
      confirm: "a long enough password",
    });
    const name = within(form).getByLabelText("User name");
    await waitFor(() =>
      expect(name).toHaveAccessibleDescription(
        "The user name must be one line of printable characters.",
      ),
    );
    await waitFor(() => expect(name).toHaveFocus());
  });

  it("a setup link opened once an admin exists shows the sign-in form and leaves the URL", async () => {
    window.history.replaceState(null, "", `/admin/newsletter#setup=${TOKEN}`);
    createFakeAdminApi();
    renderAt();
    expect(await loginForm()).toBeInTheDocument();
    expect(screen.queryByRole("form", { name: "Set up the admin" })).not.toBeInTheDocument();
    await waitFor(() => expect(window.location.hash).toBe(""));
  });
});
