import { site } from "@portfolio/content";
import { newsletterPage as copy, loadEditions } from "@portfolio/content/newsletter";
import { Toaster } from "@portfolio/ui/toaster";
import { dismissToast } from "@portfolio/ui/use-toast";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import NewsletterRoutes from "../src/routes";
import { subscriptionProblems } from "../src/routes/subscription-rules";

// loadEditions is the real one, counted: /newsletter must not load the editions' texts.
const textLoads = vi.hoisted(() => ({ count: 0 }));
vi.mock("@portfolio/content/newsletter", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@portfolio/content/newsletter")>();
  return {
    ...actual,
    loadEditions: async () => {
      textLoads.count++;
      return actual.loadEditions();
    },
  };
});

// The network is the boundary: `fetch` is stubbed, everything above it (the api-client,
// the form, its rules, the host's toast store and <Toaster>) is the real thing.

const v = copy.validation;
const { success, failure } = copy.toasts;

type FetchMock = ReturnType<typeof vi.fn<(url: string, init?: RequestInit) => Promise<Response>>>;
let fetchMock: FetchMock;

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", ...headers },
  });
const accepted = () => json(202, { status: "accepted" });
const apiError = (
  status: number,
  code: string,
  message: string,
  field?: string,
  headers: Record<string, string> = {},
) => json(status, { error: { code, message, ...(field ? { field } : {}) } }, headers);

beforeEach(() => {
  fetchMock = vi.fn(async () => accepted());
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  act(() => dismissToast()); // the toast store outlives a test's <Toaster>
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderPage() {
  render(
    <MemoryRouter initialEntries={["/newsletter"]}>
      <Routes>
        <Route path="/newsletter/*" element={<NewsletterRoutes />} />
      </Routes>
      <Toaster />
    </MemoryRouter>,
  );
  return getForm();
}

function getForm() {
  const form = screen.getByRole("form", { name: copy.form.heading });
  return {
    form,
    name: within(form).getByRole("textbox", { name: /^Name\b/ }) as HTMLInputElement,
    email: within(form).getByRole("textbox", {
      name: copy.form.fields.email.label,
    }) as HTMLInputElement,
    submit: within(form).getByRole("button", {
      name: /^(Subscribe to DevOps Digest|Subscribing\.\.\.)$/,
    }) as HTMLButtonElement,
    honeypot: form.querySelector<HTMLInputElement>('input[name="website"]')!,
  };
}

type Form = ReturnType<typeof getForm>;

const type = (input: HTMLInputElement, value: string) =>
  fireEvent.change(input, { target: { value } });

async function fillAndSubmit(f: Form, values: { name?: string; email?: string }) {
  if (values.name !== undefined) type(f.name, values.name);
  if (values.email !== undefined) type(f.email, values.email);
  fireEvent.click(f.submit);
}

/** The open toast in the host's 'Notifications (F8)' region (at most one). */
async function expectToast(
  title: string,
  description: string,
  variant: "default" | "destructive" = "default",
) {
  const region = await screen.findByRole("region", { name: "Notifications (F8)" });
  const toasts = await within(region).findAllByRole("listitem");
  expect(toasts).toHaveLength(1);
  const toast = toasts[0]!;
  await waitFor(() => expect(toast).toHaveTextContent(title));
  expect(toast).toHaveTextContent(description);
  expect(toast).toHaveAttribute("data-variant", variant);
}

const noToast = () => {
  const region = screen.queryByRole("region", { name: "Notifications (F8)" });
  return region ? within(region).queryAllByRole("listitem").length === 0 : true;
};

/** The message under a field, through its aria-describedby. */
function messageOf(input: HTMLInputElement): string | null {
  const id = input.getAttribute("aria-describedby");
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

const sentBody = (call = 0) =>
  JSON.parse(String(fetchMock.mock.calls[call]![1]?.body)) as Record<string, string>;

describe("newsletter page: texts", () => {
  it("has one h1 'DevOps Digest' and the three badges, the count from site.json", () => {
    renderPage();
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(/^DevOps Digest$/);
    const badges = within(screen.getByRole("list", { name: copy.badgesLabel })).getAllByRole(
      "listitem",
    );
    expect(badges.map((li) => li.textContent)).toEqual([
      "Monthly",
      `${site.stats.newsletterSubscribers} Subscribers`,
      "Zero Spam",
    ]);
    expect(badges[1]).toHaveTextContent("35 Subscribers");
  });

  it("has Home and Back to Blog links", () => {
    renderPage();
    expect(screen.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    expect(screen.getByRole("link", { name: "Back to Blog" })).toHaveAttribute("href", "/blog");
  });

  it("'What to Expect' lists the four items, each with a line about it", () => {
    renderPage();
    const card = screen.getByRole("heading", { level: 2, name: "What to Expect" }).closest("div")!
      .parentElement!;
    const items = within(card).getAllByRole("heading", { level: 3 });
    expect(items.map((h) => h.textContent)).toEqual([
      "Real War Stories",
      "Tool Deep Dives",
      "Architecture Adventures",
      "3 AM Wisdom",
    ]);
    for (const item of copy.expect.items)
      expect(within(card).getByText(item.description)).toBeInTheDocument();
  });

  it("'Previous Editions' is the archive: six cards newest first, each the title (linking its page), month, read time, excerpt and tags", async () => {
    textLoads.count = 0;
    renderPage();
    const section = screen.getByRole("region", { name: "Previous Editions" });
    const cards = within(section).getAllByRole("article");
    expect(cards).toHaveLength(6);
    // The page does not load the editions' texts (about 10 kB gzip): its cards need none.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(textLoads.count, "the editions' texts were loaded").toBe(0);
    const newestFirst = [...(await loadEditions())].reverse();
    cards.forEach((card, i) => {
      const edition = newestFirst[i]!;
      expect(card).toHaveAccessibleName(edition.title);
      expect(within(card).getByRole("heading", { level: 3 })).toHaveTextContent(edition.title);
      // The title links the edition's own page.
      expect(
        within(within(card).getByRole("heading", { level: 3 })).getByRole("link", {
          name: edition.title,
        }),
      ).toHaveAttribute("href", `/newsletter/${edition.id}`);
      const time = card.querySelector("time")!;
      expect(time).toHaveTextContent(edition.month);
      expect(time).toHaveAttribute("datetime", edition.date);
      expect(card).toHaveTextContent(`${edition.readTime} min read`);
      expect(
        within(within(card).getByRole("list", { name: "Tags" }))
          .getAllByRole("listitem")
          .map((li) => li.textContent),
      ).toEqual(edition.tags);
      expect(within(card).getByText(edition.excerpt)).toBeInTheDocument();
      // The text is on the edition's page, not in its card.
      expect(card.textContent).not.toContain(edition.text.split("\n")[0]);
      expect(card.querySelector("pre")).toBeNull();
    });
    expect(newestFirst.map((e) => e.month)).toEqual([
      "June 2025",
      "May 2025",
      "March 2025",
      "February 2025",
      "January 2025",
      "December 2024",
    ]);
    // The cards' tags link the blog's tag pages where a published article has the tag.
    const kubernetes = within(cards[5]!).getByRole("link", { name: "Kubernetes" });
    expect(kubernetes).toHaveAttribute("href", "/blog/tags/kubernetes");
    expect(within(cards[5]!).queryByRole("link", { name: "DNS" })).toBeNull();
  });

  it("'Don't Miss Out' says 'Join 35+ engineers' and has 'Subscribe Now'", () => {
    renderPage();
    const block = screen.getByRole("region", { name: "Don't Miss Out" });
    expect(block).toHaveTextContent(/Join 35\+ engineers/);
    expect(within(block).getByRole("button", { name: "Subscribe Now" })).toBeInTheDocument();
  });

  it("has its headings in order: h1, then h2 sections with h3 inside", () => {
    renderPage();
    const levels = screen.getAllByRole("heading").map((h) => Number(h.tagName[1]));
    expect(levels[0]).toBe(1);
    for (let i = 1; i < levels.length; i++)
      expect(levels[i]! - levels[i - 1]!).toBeLessThanOrEqual(1);
    const section = screen.getByRole("region", { name: "Previous Editions" });
    for (const card of within(section).getAllByRole("article"))
      expect(
        within(card)
          .getAllByRole("heading")
          .map((h) => h.tagName),
      ).toEqual(["H3"]);
    const ids = [...document.querySelectorAll("[id]")].map((el) => el.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });
});

describe("newsletter form: initial state", () => {
  it("is a real form posting to / without JavaScript, with form-name=newsletter and the honeypot", () => {
    const f = renderPage();
    expect(f.form).toHaveAttribute("method", "post");
    expect(f.form).toHaveAttribute("action", "/");
    const formName = f.form.querySelector<HTMLInputElement>('input[name="form-name"]');
    expect(formName).toHaveAttribute("type", "hidden");
    expect(formName).toHaveValue("newsletter");
    expect(f.name).toHaveAttribute("name", "name");
    expect(f.email).toHaveAttribute("name", "email");
  });

  it("starts empty: optional Name, required Email Address of type email, the submit label", () => {
    const f = renderPage();
    expect(f.name).toHaveValue("");
    expect(f.name).not.toBeRequired();
    expect(f.name).toHaveAccessibleName(
      `${copy.form.fields.name.label} ${copy.form.optionalLabel}`,
    );
    expect(f.email).toHaveValue("");
    expect(f.email).toBeRequired();
    expect(f.email).toHaveAttribute("type", "email");
    expect(f.email).toHaveAttribute("autocomplete", "email");
    expect(f.submit).toHaveTextContent("Subscribe to DevOps Digest");
    expect(f.submit).toBeEnabled();
    expect(f.name).not.toHaveAttribute("aria-invalid");
    expect(f.email).not.toHaveAttribute("aria-describedby");
  });

  it("checks itself once the script runs (novalidate), leaving the browser's checks to a page without it", () => {
    const f = renderPage();
    expect(f.form).toHaveAttribute("novalidate");
  });

  it("has a honeypot named website, hidden and out of the tab order", () => {
    const f = renderPage();
    expect(f.honeypot).toHaveAttribute("type", "text");
    expect(f.honeypot).toHaveAttribute("tabindex", "-1");
    expect(f.honeypot).toHaveAttribute("autocomplete", "off");
    expect(f.honeypot.closest("[aria-hidden='true']")).toHaveClass("sr-only");
    expect(screen.queryByRole("textbox", { name: copy.form.honeypotLabel })).toBeNull();
  });

  it("keyboard order inside the form: name, email, submit", () => {
    const f = renderPage();
    const focusable = [...f.form.querySelectorAll<HTMLElement>("input, button")].filter(
      (el) => el.tabIndex >= 0 && (el as HTMLInputElement).type !== "hidden",
    );
    expect(focusable).toEqual([f.name, f.email, f.submit]);
  });
});

describe("newsletter form: validation", () => {
  it("says its fixed words", () => {
    expect([v.invalidEmail, v.nameTooShort]).toEqual([
      "Please enter a valid email address",
      "Name must be at least 2 characters",
    ]);
  });

  it.each([
    ["an empty email", { email: "" }, "email", v.invalidEmail],
    ["an email without a domain dot", { email: "jane@example" }, "email", v.invalidEmail],
    ["an email with two dots in a row", { email: "ja..ne@example.org" }, "email", v.invalidEmail],
    ["a one-letter name", { name: "J", email: "jane@example.org" }, "name", v.nameTooShort],
    ["a one-emoji name", { name: "😀", email: "jane@example.org" }, "name", v.nameTooShort],
  ] as const)(
    "%s: the message under the field, the field invalid and focused, nothing sent",
    async (_, values, field, message) => {
      const f = renderPage();
      await fillAndSubmit(f, values);
      const input = f[field];
      await waitFor(() => expect(messageOf(input)).toBe(message));
      expect(input).toHaveAttribute("aria-invalid", "true");
      expect(input).toHaveAccessibleDescription(message);
      expect(input).toHaveFocus();
      expect(fetchMock).not.toHaveBeenCalled();
      expect(noToast()).toBe(true);
    },
  );

  it("shows both messages and focuses the first invalid field (name before email)", async () => {
    const f = renderPage();
    await fillAndSubmit(f, { name: "J", email: "nope" });
    await waitFor(() => expect(messageOf(f.name)).toBe(v.nameTooShort));
    expect(messageOf(f.email)).toBe(v.invalidEmail);
    expect(f.name).toHaveFocus();
    // Fixing the name moves nothing: the next submit focuses the email.
    type(f.name, "Jo");
    fireEvent.click(f.submit);
    await waitFor(() => expect(f.email).toHaveFocus());
    expect(f.name).not.toHaveAttribute("aria-invalid");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("an empty name and a name of spaces are fine", async () => {
    const f = renderPage();
    await fillAndSubmit(f, { name: "   ", email: "jane@example.org" });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(sentBody()).toEqual({
      email: "jane@example.org",
      name: "",
      website: "",
      page: window.location.pathname,
    });
  });

  it("checks nothing while typing before the first submit, then re-checks on every change", async () => {
    const f = renderPage();
    type(f.email, "ja");
    expect(messageOf(f.email)).toBeNull();
    fireEvent.click(f.submit);
    await waitFor(() => expect(messageOf(f.email)).toBe(v.invalidEmail));
    type(f.email, "jane@example.org");
    await waitFor(() => expect(messageOf(f.email)).toBeNull());
    expect(f.email).not.toHaveAttribute("aria-invalid");
    type(f.email, "jane@");
    await waitFor(() => expect(messageOf(f.email)).toBe(v.invalidEmail));
    type(f.name, "J");
    await waitFor(() => expect(messageOf(f.name)).toBe(v.nameTooShort));
    type(f.name, "");
    await waitFor(() => expect(messageOf(f.name)).toBeNull());
  });

  it("shows a 400 from the server under its field and focuses it", async () => {
    fetchMock.mockImplementation(async () =>
      apiError(400, "invalid", "Name must be at least 2 characters", "name"),
    );
    const f = renderPage();
    await fillAndSubmit(f, { name: "Jo", email: "jane@example.org" });
    await waitFor(() => expect(messageOf(f.name)).toBe("Name must be at least 2 characters"));
    expect(f.name).toHaveAttribute("aria-invalid", "true");
    expect(f.name).toHaveFocus();
    expect(f.name).toHaveValue("Jo");
    expect(f.email).toHaveValue("jane@example.org");
    expect(noToast()).toBe(true);
  });
});

describe("newsletter form: subscribing", () => {
  it("POSTs JSON to the API, trimmed, shows 'Subscribing...' disabled meanwhile", async () => {
    let release!: (r: Response) => void;
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (release = resolve)));
    const f = renderPage();
    await fillAndSubmit(f, { name: "  Jane Doe ", email: " jane@example.org " });
    await waitFor(() => expect(f.submit).toHaveTextContent("Subscribing..."));
    expect(f.submit).toBeDisabled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/newsletter/subscriptions");
    expect(init?.method).toBe("POST");
    expect(new Headers(init?.headers).get("Content-Type")).toBe("application/json");
    expect(sentBody()).toEqual({
      email: "jane@example.org",
      name: "Jane Doe",
      website: "",
      page: window.location.pathname,
    });
    // A second press while pending sends nothing more.
    fireEvent.submit(f.form);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(async () => release(accepted()));
    await screen.findByRole("heading", { name: copy.welcome.heading });
  });

  it("success: the green welcome card replaces the form, focused; 'Welcome aboard!' toast", async () => {
    const f = renderPage();
    await fillAndSubmit(f, { name: "Jane", email: "jane@example.org" });
    const heading = await screen.findByRole("heading", {
      level: 2,
      name: "Welcome to DevOps Digest!",
    });
    expect(screen.queryByRole("form", { name: copy.form.heading })).toBeNull();
    expect(screen.queryByRole("textbox", { name: copy.form.fields.email.label })).toBeNull();
    const card = heading.closest("div.rounded-lg")!;
    expect(card).toHaveClass("bg-success/10");
    expect(card).toHaveTextContent(/subscribed/);
    expect(card).toHaveTextContent(/check your email for a confirmation link/i);
    await waitFor(() => expect(heading).toHaveFocus());
    await expectToast(success.title, success.description);
    expect(success).toEqual({
      title: "Welcome aboard!",
      description: "You're now subscribed to DevOps Digest. You'll receive monthly updates!",
    });
  });

  it("success clears the values: nothing of them is left on the page", async () => {
    const f = renderPage();
    await fillAndSubmit(f, { name: "Jane Unique", email: "jane.unique@example.org" });
    await screen.findByRole("heading", { name: copy.welcome.heading });
    expect(document.body.innerHTML).not.toContain("jane.unique@example.org");
    expect(document.querySelector("input[value='Jane Unique']")).toBeNull();
  });

  it("the subscribed state is not kept: a new visit shows the empty form", async () => {
    const f = renderPage();
    await fillAndSubmit(f, { email: "jane@example.org" });
    await screen.findByRole("heading", { name: copy.welcome.heading });
    act(() => dismissToast());
    document.body.innerHTML = "";
    const again = renderPage();
    expect(again.email).toHaveValue("");
    expect(screen.queryByRole("heading", { name: copy.welcome.heading })).toBeNull();
  });

  it.each([
    ["the network is down", () => Promise.reject(new TypeError("Failed to fetch"))],
    ["503", async () => apiError(503, "unavailable", "The database cannot take the write")],
    [
      "500 with an HTML page",
      async () =>
        new Response("<h1>oops</h1>", { status: 500, statusText: "Internal Server Error" }),
    ],
    [
      "429",
      async () =>
        apiError(429, "rate_limited", "Too many requests", undefined, { "Retry-After": "60" }),
    ],
    ["403", async () => apiError(403, "forbidden", "Cross-origin request refused")],
  ])(
    "failure (%s): destructive 'Subscription failed' toast, the form and its values stay",
    async (_, answer) => {
      const logged = vi.spyOn(console, "error").mockImplementation(() => {});
      fetchMock.mockImplementation(answer as () => Promise<Response>);
      const f = renderPage();
      await fillAndSubmit(f, { name: "Jane", email: "jane@example.org" });
      await expectToast(failure.title, failure.description, "destructive");
      expect(failure).toEqual({
        title: "Subscription failed",
        description: "Something went wrong. Please try again later.",
      });
      const again = getForm();
      expect(again.name).toHaveValue("Jane");
      expect(again.email).toHaveValue("jane@example.org");
      expect(again.submit).toHaveTextContent("Subscribe to DevOps Digest");
      expect(again.submit).toBeEnabled();
      expect(screen.queryByRole("heading", { name: copy.welcome.heading })).toBeNull();
      expect(logged).toHaveBeenCalledWith(
        "Newsletter: the subscription failed.",
        expect.anything(),
      );
    },
  );

  it("sends what a bot put in the honeypot as `website`", async () => {
    const f = renderPage();
    type(f.honeypot, "https://spam.example");
    await fillAndSubmit(f, { email: "bot@example.org" });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(sentBody().website).toBe("https://spam.example");
  });
});

describe("'Subscribe Now'", () => {
  beforeEach(() => {
    vi.stubGlobal("scrollTo", vi.fn());
    vi.stubGlobal("innerHeight", 800);
    vi.stubGlobal(
      "matchMedia",
      (query: string) => ({ matches: false, media: query }) as MediaQueryList,
    );
  });

  /** Presses the button with the email field `emailTop` px down the page; detail 0 is the keyboard. */
  function pressSubscribeNow(emailTop: number, detail: number) {
    renderPage();
    const email = screen.getByRole("textbox", { name: copy.form.fields.email.label });
    vi.spyOn(email, "getBoundingClientRect").mockReturnValue({
      top: emailTop,
      height: 40,
    } as DOMRect);
    fireEvent.click(screen.getByRole("button", { name: "Subscribe Now" }), { detail });
    return email;
  }

  it("scrolls the window to 400 px smoothly, where the form is on a wide screen", () => {
    const email = pressSubscribeNow(600, 1);
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 400, behavior: "smooth" });
    expect(email).toHaveFocus(); // the next Tab goes on from the form, not the footer
  });

  it("from the keyboard, also puts the focus in the email field", () => {
    const email = pressSubscribeNow(600, 0);
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 400, behavior: "smooth" });
    expect(email).toHaveFocus();
  });

  it("on a narrow screen where the form lies lower, scrolls to the form instead; no motion when reduced", () => {
    vi.stubGlobal(
      "matchMedia",
      (query: string) => ({ matches: query.includes("reduce"), media: query }) as MediaQueryList,
    );
    pressSubscribeNow(1500, 1);
    expect(window.scrollTo).toHaveBeenCalledWith({
      top: Math.round(1500 - 800 / 3),
      behavior: "auto",
    });
  });
});

describe("the subscription rules", () => {
  const values = (name: string, email: string) => ({ name, email, website: "" });

  it("return every field's problem at once", () => {
    expect(subscriptionProblems(values("J", "jane@example"), v)).toEqual({
      name: v.nameTooShort,
      email: v.invalidEmail,
    });
  });

  it("take an empty name, and check the values trimmed as they are sent", () => {
    expect(subscriptionProblems(values("", " jane@example.org "), v)).toEqual({});
    expect(subscriptionProblems(values("  J  ", "jane@example.org"), v)).toEqual({
      name: v.nameTooShort,
    });
    expect(subscriptionProblems(values("😀😀", "jane@example.org"), v)).toEqual({});
  });
});
