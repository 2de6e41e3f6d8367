import { site } from "@portfolio/content";
import { contact } from "@portfolio/content/contact";
import { Toaster } from "@portfolio/ui/toaster";
import { dismissToast } from "@portfolio/ui/use-toast";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Contact } from "../src/routes/contact/contact";
import { contactMessage, contactProblems } from "../src/routes/contact/contact-rules";

// The network is the boundary: `fetch` is stubbed, everything above it (the api-client,
// the form, the schema, the host's toast store and <Toaster>) is the real thing.

const v = contact.validation;
const { success, failure } = contact.toasts;

type FetchMock = ReturnType<typeof vi.fn<(url: string, init?: RequestInit) => Promise<Response>>>;
let fetchMock: FetchMock;

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", ...headers },
  });
const accepted = () => json(202, { status: "accepted" });
const apiError = (status: number, code: string, message: string, field?: string) =>
  json(status, { error: { code, message, ...(field ? { field } : {}) } });

beforeEach(() => {
  fetchMock = vi.fn(async () => accepted());
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  act(() => dismissToast()); // the toast store outlives a test's <Toaster>
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderContact() {
  const user = userEvent.setup();
  render(
    <>
      <Contact />
      <Toaster />
    </>,
  );
  const form = screen.getByRole("form", { name: contact.form.heading });
  const f = contact.form.fields;
  return {
    user,
    form,
    name: within(form).getByLabelText(f.name.label) as HTMLInputElement,
    email: within(form).getByLabelText(f.email.label) as HTMLInputElement,
    subject: within(form).getByLabelText(f.subject.label) as HTMLSelectElement,
    message: within(form).getByLabelText(f.message.label) as HTMLTextAreaElement,
    submit: within(form).getByRole("button", { name: contact.form.submitLabel }),
  };
}

type Form = ReturnType<typeof renderContact>;

const valid = {
  name: "Jane Doe",
  email: "jane@example.org",
  subject: "job",
  message: "I have a role you might like.",
};

/** Fills the form (paste: fast, and it keeps tabs and long texts as they are). */
async function fill(form: Form, values: Partial<typeof valid> = {}) {
  const { user } = form;
  const all = { ...valid, ...values };
  for (const field of ["name", "email", "message"] as const) {
    await user.clear(form[field]);
    if (all[field]) {
      await user.click(form[field]);
      await user.paste(all[field]);
    }
  }
  await user.selectOptions(form.subject, all.subject);
}

/** The open toast in the host's 'Notifications (F8)' region (at most one). */
async function findToast() {
  const region = await screen.findByRole("region", { name: "Notifications (F8)" });
  const toasts = await within(region).findAllByRole("listitem"); // Radix renders each toast as an <li>
  expect(toasts).toHaveLength(1);
  return toasts[0]!;
}

async function expectToast(
  title: string,
  description: string,
  variant: "default" | "destructive" = "default",
) {
  const toast = await findToast();
  await waitFor(() => expect(toast).toHaveTextContent(title));
  expect(toast).toHaveTextContent(description);
  expect(toast).toHaveAttribute("data-variant", variant);
  return toast;
}

const sentBody = (call = 0) =>
  JSON.parse(String(fetchMock.mock.calls[call]![1]?.body)) as Record<string, string>;

describe("contact page", () => {
  it("shows the heading, the form's heading and the 'Let's Connect' panel from content", () => {
    renderContact();
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(contact.heading);
    expect(
      screen.getByRole("heading", { level: 2, name: contact.form.heading }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole("heading", { level: 2, name: contact.connect.heading }),
    ).toBeInTheDocument();
    expect(screen.getByText(contact.intro)).toBeInTheDocument();
  });

  it("'Let's Connect' has the email and phone links, the location and the response time", () => {
    renderContact();
    const email = screen.getByRole("link", { name: site.owner.email });
    expect(email).toHaveAttribute("href", `mailto:${site.owner.email}`);
    const phone = screen.getByRole("link", { name: site.owner.phone });
    expect(phone).toHaveAttribute("href", `tel:${site.owner.phone.replace(/[^\d+]/g, "")}`);
    expect(phone.getAttribute("href")).toMatch(/^tel:\+?\d+$/);
    expect(screen.getByText(site.owner.location)).toBeInTheDocument();
    expect(screen.getByText(site.owner.responseTime)).toBeInTheDocument();
    expect(site.owner.responseTime).toBe("Usually within 24 hours");
  });

  it("links every social network in a new tab, without an opener, by name", () => {
    renderContact();
    const list = screen.getByRole("list", { name: contact.connect.socialHeading });
    const links = within(list).getAllByRole("link");
    expect(links.map((a) => [a.textContent, a.getAttribute("href")])).toEqual(
      site.social.map((s) => [s.label, s.url]),
    );
    for (const a of links) {
      expect(a).toHaveAttribute("target", "_blank");
      expect(a.getAttribute("rel")?.split(" ")).toEqual(
        expect.arrayContaining(["noopener", "noreferrer"]),
      );
    }
  });
});

describe("contact form: initial state", () => {
  it("starts empty with the subject 'other', every field required and labelled", () => {
    const form = renderContact();
    expect(form.name).toHaveValue("");
    expect(form.email).toHaveValue("");
    expect(form.subject).toHaveValue("other");
    expect(contact.form.defaultSubject).toBe("other");
    expect(within(form.subject).getByRole("option", { selected: true })).toHaveTextContent("Other");
    expect(form.message).toHaveValue("");
    for (const field of [form.name, form.email, form.subject, form.message])
      expect(field).toBeRequired();
    expect(form.email).toHaveAttribute("type", "email");
    expect(form.message.tagName).toBe("TEXTAREA");
    expect(form.message).toHaveAttribute("rows", "5");
    expect(form.submit).toBeEnabled();
    expect(form.form).not.toHaveAttribute("novalidate");
  });

  it("offers the five subjects with content's labels", () => {
    const { subject } = renderContact();
    expect(
      within(subject)
        .getAllByRole("option")
        .map((o) => [(o as HTMLOptionElement).value, o.textContent]),
    ).toEqual(contact.form.subjects.map((s) => [s.value, s.label]));
  });

  it("tabs name → email → subject → message → send, never into the honeypot", async () => {
    const form = renderContact();
    form.name.focus();
    const order = [document.activeElement];
    for (let i = 0; i < 4; i++) {
      await form.user.tab();
      order.push(document.activeElement);
    }
    expect(order).toEqual([form.name, form.email, form.subject, form.message, form.submit]);
  });

  it("has a honeypot that is present but hidden, unlabelled for assistive technology and out of the tab order", () => {
    const { form } = renderContact();
    const honeypot = form.querySelector<HTMLInputElement>("input#contact-website");
    expect(honeypot).not.toBeNull();
    expect(honeypot).toHaveAttribute("name", "website");
    expect(honeypot).toHaveAttribute("tabindex", "-1");
    expect(honeypot).toHaveAttribute("autocomplete", "off");
    expect(honeypot).not.toBeRequired();
    expect(honeypot).toHaveValue("");
    expect(form.querySelector(`label[for="contact-website"]`)).toHaveTextContent(
      contact.form.honeypotLabel,
    );
    const wrapper = honeypot!.closest("[aria-hidden='true']");
    expect(wrapper).not.toBeNull();
    expect(wrapper).toHaveClass("sr-only");
    expect(screen.queryByRole("textbox", { name: contact.form.honeypotLabel })).toBeNull();
  });
});

describe("contact form: validation on submit", () => {
  const long = (n: number, c = "a") => c.repeat(n);

  it.each([
    ["a name under 2 characters", { name: "J" }, v.nameTooShort],
    ["a name of spaces", { name: "   " }, v.nameTooShort],
    ["a name over 100 characters", { name: long(101) }, v.nameTooLong],
    ["a name with a tab in it", { name: "Jane\tDoe" }, v.nameNotOneLine],
    ["a name of zero-width spaces", { name: "\u200b\u200b\u200b" }, v.nameTooShort],
    ["a name with a right-to-left override", { name: "Jane \u202emoc.live" }, v.nameDirection],
    ["a name with a byte order mark in it", { name: "Ja\ufeffne" }, v.nameInvisible],
    ["a name with a soft hyphen in it", { name: "Jane\u00ad Doe" }, v.nameInvisible],
    ["an IP address for a domain", { email: "jane@127.0.0.1" }, v.invalidEmail],
    ["an email without a dot in the domain", { email: "jane@example" }, v.invalidEmail],
    [
      "an email with two dots in a row (the browser lets it through)",
      { email: "ja..ne@example.org" },
      v.invalidEmail,
    ],
    [
      "an email over 254 characters",
      { email: `${long(64)}@${[long(60), long(60), long(60)].join(".")}.example.org` },
      v.emailTooLong,
    ],
    ["a message under 10 characters", { message: "Too short" }, v.messageTooShort],
    [
      "a message of 10 characters only after trimming",
      { message: "   123456789   " },
      v.messageTooShort,
    ],
    ["a message over 5000 characters", { message: long(5001) }, v.messageTooLong],
  ])(
    "%s: toast 'Please check your form' with the rule's message, nothing sent",
    async (_, values, expected) => {
      const form = renderContact();
      await fill(form, values);
      await form.user.click(form.submit);
      await expectToast(v.title, expected);
      expect(v.title).toBe("Please check your form");
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );

  it("says its fixed words", () => {
    expect([v.nameTooShort, v.invalidEmail, v.messageTooShort]).toEqual([
      "Name must be at least 2 characters",
      "Please enter a valid email address",
      "Message must be at least 10 characters",
    ]);
  });

  it.each([
    ["name", { name: "J", email: "jane@example", message: "short" }, v.nameTooShort],
    ["email", { email: "jane@example", message: "short" }, v.invalidEmail],
    ["message", { message: "short" }, v.messageTooShort],
  ] as const)(
    "reports the first failing field (%s) and focuses it",
    async (field, values, expected) => {
      const form = renderContact();
      await fill(form, values);
      await form.user.click(form.submit);
      await expectToast(v.title, expected);
      await waitFor(() => expect(form[field]).toHaveFocus());
      expect(form[field]).toHaveAttribute("aria-invalid", "true");
    },
  );

  it("takes the problem's toast away as soon as its field is edited, so it never contradicts the form", async () => {
    const form = renderContact();
    await fill(form, { name: "A" });
    await form.user.click(form.submit);
    const toast = await expectToast(v.title, v.nameTooShort);
    await form.user.type(form.name, "da");
    await waitFor(() => expect(toast).not.toBeInTheDocument());
    // Editing another field leaves a toast about a problem it does not fix.
    await fill(form, { message: "short" });
    await form.user.click(form.submit);
    await expectToast(v.title, v.messageTooShort);
    await form.user.type(form.name, "x");
    expect(await findToast()).toHaveTextContent(v.messageTooShort);
  });

  it("rejects a subject that is not one of the five (a tampered page)", async () => {
    const form = renderContact();
    await fill(form);
    form.subject.append(new Option("Sales", "sales"));
    await form.user.selectOptions(form.subject, "sales");
    await form.user.click(form.submit);
    await expectToast(v.title, v.invalidSubject);
    expect(v.invalidSubject).toBe("Please choose a subject");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("leaves empty required fields to the browser's own check: no toast, nothing sent", async () => {
    const form = renderContact();
    await form.user.click(form.submit);
    expect(form.name.validity.valueMissing).toBe(true);
    expect(form.message.validity.valueMissing).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const region = screen.queryByRole("region", { name: "Notifications (F8)" });
    expect(region ? within(region).queryAllByRole("listitem") : []).toHaveLength(0);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("counts characters as the gateway does (code points, after trimming)", () => {
    const ok = { ...valid, website: "" };
    const problems = (values: Partial<typeof ok>) => contactProblems({ ...ok, ...values }, contact);
    const problemOf = (values: Partial<typeof ok>) => Object.values(problems(values))[0];
    expect(problems({ name: "😀😀" })).toEqual({});
    expect(problems({ message: "😀".repeat(10) })).toEqual({});
    expect(problems({ message: "😀".repeat(5000) })).toEqual({});
    expect(problems({ message: "😀".repeat(5001) })).toEqual({ message: v.messageTooLong });
    expect(problems({ name: "x".repeat(100) })).toEqual({});
    expect(problems({ name: "Jane\nDoe" })).toEqual({ name: v.nameNotOneLine });
    expect(problems({ name: "Jane\u2028Doe" })).toEqual({ name: v.nameNotOneLine });
    // Only what shows counts towards the least length (the gateway's mail.VisibleLength).
    for (const name of [
      "\u200b\u200b",
      "\u3164\u3164\u3164",
      "J\u200d\u2060\ufeff",
      "\u2800\u2800",
      "a\ufe0f\u034f",
    ]) {
      expect(problemOf({ name }), JSON.stringify(name)).toBe(v.nameTooShort);
    }
    expect(problems({ name: "مریم\u200cزاده" })).toEqual({});
    expect(problemOf({ email: "jane@[127.0.0.1]" })).toBe(v.invalidEmail);
    for (const name of ["Jane \u202emoc.live", "\u2067Jane\u2069", "Jane\u200f", "Jane\u061c"]) {
      expect(problemOf({ name }), JSON.stringify(name)).toBe(v.nameDirection);
    }
    expect(
      contactMessage({
        ...ok,
        name: "  Jane  ",
        email: " jane@example.org ",
        message: "  line one\r\nline two  ",
      }),
    ).toMatchObject({
      name: "Jane",
      email: "jane@example.org",
      message: "line one\nline two",
    });
    for (const email of [
      "jane@example.org",
      "jane.doe+tag@mail.example.co.uk",
      "x@a-b.io",
      "o'brien@example.ie",
    ]) {
      expect(problems({ email }), email).toEqual({});
    }
    for (const email of [
      "jane",
      "jane@",
      "@example.org",
      "jane@example",
      "jane@-example.org",
      "jane@example..org",
      ".jane@example.org",
      "ja..ne@example.org",
      `${"x".repeat(65)}@example.org`,
      "jane doe@example.org",
    ]) {
      expect(problems({ email }), email).toEqual({ email: v.invalidEmail });
    }
  });

  it("returns every field's problem at once, each field's first failing rule", () => {
    expect(
      contactProblems(
        { name: "J", email: "jane@example", subject: "sales", message: "short", website: "" },
        contact,
      ),
    ).toEqual({
      name: v.nameTooShort,
      email: v.invalidEmail,
      subject: v.invalidSubject,
      message: v.messageTooShort,
    });
    expect(
      contactProblems(
        {
          name: "x".repeat(101),
          email: `${"x".repeat(250)}@a.io`,
          subject: "job",
          message: "x".repeat(5001),
          website: "",
        },
        contact,
      ),
    ).toEqual({ name: v.nameTooLong, email: v.emailTooLong, message: v.messageTooLong });
  });

  it("shows each problem under its field, tied to it by aria-describedby", async () => {
    const form = renderContact();
    await fill(form, { name: "J", message: "short" });
    await form.user.click(form.submit);
    await expectToast(v.title, v.nameTooShort);
    for (const [field, message] of [
      [form.name, v.nameTooShort],
      [form.message, v.messageTooShort],
    ] as const) {
      expect(field).toHaveAttribute("aria-invalid", "true");
      expect(field).toHaveAccessibleDescription(message);
    }
    expect(form.email).not.toHaveAttribute("aria-invalid");
    expect(form.email).not.toHaveAttribute("aria-describedby");
    // Fixed: checked again on change, the problem goes away.
    await form.user.type(form.name, "ane");
    await waitFor(() => expect(form.name).not.toHaveAttribute("aria-invalid"));
    expect(form.name).not.toHaveAttribute("aria-describedby");
    expect(form.message).toHaveAccessibleDescription(v.messageTooShort);
  });
});

describe("contact form: sending", () => {
  it("posts natively to / as form-name=contact only without JavaScript: with it, the browser's own post is prevented", async () => {
    const form = renderContact();
    expect(form.form).toHaveAttribute("method", "post");
    expect(form.form).toHaveAttribute("action", "/");
    expect(form.form.querySelector('input[type="hidden"][name="form-name"]')).toHaveValue(
      "contact",
    );
    await fill(form);
    // fireEvent returns false when a handler called preventDefault().
    expect(fireEvent.submit(form.form)).toBe(false);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0]![0]).toBe("/api/contact");
    expect(sentBody()).not.toHaveProperty("form-name");
  });

  it("POSTs the trimmed values and an empty honeypot to /api/contact", async () => {
    const form = renderContact();
    await fill(form, { name: "  Jane Doe ", email: " jane@example.org " });
    await form.user.click(form.submit);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/contact");
    expect(init?.method).toBe("POST");
    expect(new Headers(init?.headers).get("Content-Type")).toBe("application/json");
    expect(sentBody()).toEqual({ ...valid, website: "" });
  });

  it("reads 'Sending...' and is disabled while the request is pending", async () => {
    let answer!: (response: Response) => void;
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    const form = renderContact();
    await fill(form);
    await form.user.click(form.submit);
    await waitFor(() => expect(form.submit).toHaveTextContent(contact.form.pendingLabel));
    expect(contact.form.pendingLabel).toBe("Sending...");
    expect(form.submit).toBeDisabled();
    await form.user.click(form.submit); // a second click does nothing
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(async () => answer(accepted()));
    await waitFor(() => expect(form.submit).toHaveTextContent(contact.form.submitLabel));
    expect(form.submit).toBeEnabled();
  });

  it("on 202: the success toast, and the form back to its initial values", async () => {
    const form = renderContact();
    await fill(form);
    expect(form.subject).toHaveValue("job");
    await form.user.click(form.submit);
    await expectToast(success.title, success.description);
    expect([success.title, success.description]).toEqual([
      "Message sent successfully!",
      "Thank you for reaching out. I'll get back to you soon.",
    ]);
    await waitFor(() => expect(form.name).toHaveValue(""));
    expect(form.email).toHaveValue("");
    expect(form.subject).toHaveValue("other");
    expect(form.message).toHaveValue("");
    expect(form.submit).toHaveTextContent(contact.form.submitLabel);
    expect(form.submit).toBeEnabled();
  });

  it.each([
    ["the network fails", () => Promise.reject(new TypeError("Failed to fetch"))],
    ["500", async () => new Response("oops", { status: 500 })],
    ["503 unavailable", async () => apiError(503, "unavailable", "The service is unavailable")],
    ["403 forbidden", async () => apiError(403, "forbidden", "Cross-site request")],
    ["413 too large", async () => apiError(413, "too_large", "Request body too large")],
    ["415 unsupported media type", async () => apiError(415, "unsupported_media_type", "Use JSON")],
    [
      "429 rate limited",
      async () =>
        json(
          429,
          { error: { code: "rate_limited", message: "Too many requests" } },
          { "Retry-After": "30" },
        ),
    ],
    [
      "400 without a field",
      async () => apiError(400, "invalid", "Request body must be one JSON object"),
    ],
  ])(
    "when %s: the destructive failure toast, the values kept, the error logged",
    async (_, respond) => {
      fetchMock.mockImplementation(respond);
      const errors = vi.spyOn(console, "error").mockImplementation(() => {});
      const form = renderContact();
      await fill(form);
      await form.user.click(form.submit);
      await expectToast(failure.title, failure.description, "destructive");
      expect([failure.title, failure.description]).toEqual([
        "Failed to send message",
        "Please try again later or contact me directly via email.",
      ]);
      expect(form.name).toHaveValue(valid.name);
      expect(form.email).toHaveValue(valid.email);
      expect(form.subject).toHaveValue(valid.subject);
      expect(form.message).toHaveValue(valid.message);
      expect(errors).toHaveBeenCalled();
      expect(form.submit).toBeEnabled();
      expect(form.submit).toHaveTextContent(contact.form.submitLabel);
    },
  );

  it.each([
    ["name", "Name must be a single line of text"],
    ["email", "Please enter a valid email address"],
    ["subject", "Please choose a subject"],
    ["message", "Message must be at most 5000 characters"],
  ] as const)(
    "maps a server 400 on %s to 'Please check your form' with the server's message and focuses it",
    async (field, message) => {
      fetchMock.mockImplementation(async () => apiError(400, "invalid", message, field));
      const errors = vi.spyOn(console, "error").mockImplementation(() => {});
      const form = renderContact();
      await fill(form);
      await form.user.click(form.submit);
      await expectToast(v.title, message);
      await waitFor(() => expect(form[field]).toHaveFocus());
      expect(form[field]).toHaveAttribute("aria-invalid", "true");
      expect(form.name).toHaveValue(valid.name);
      expect(form.message).toHaveValue(valid.message);
      expect(errors).not.toHaveBeenCalled();
    },
  );

  it("can send again after a failure", async () => {
    fetchMock.mockImplementationOnce(async () =>
      apiError(503, "unavailable", "The service is unavailable"),
    );
    vi.spyOn(console, "error").mockImplementation(() => {});
    const form = renderContact();
    await fill(form);
    await form.user.click(form.submit);
    await expectToast(failure.title, failure.description, "destructive");
    await form.user.click(form.submit);
    await expectToast(success.title, success.description);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(sentBody(1)).toEqual(sentBody(0));
  });
});
