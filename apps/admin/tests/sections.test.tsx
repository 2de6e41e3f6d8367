import { dismissToast } from "@portfolio/ui/use-toast";
import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  apiError,
  createFakeAdminApi,
  deferred,
  json,
  NEWSLETTER_KEY,
  REACT_REFUSAL,
} from "./fake-admin-api";
import { findToast, renderAt } from "./render";

afterEach(() => {
  act(() => dismissToast()); // the toast store outlives a test's <Toaster>
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const READY = "0.0.0-3f2a9c1b7d0e";
const REFUSED = "0.0.0-1a2b3c4d5e6f";
const NEWSLETTER = "0.0.0-9e8d7c6b5a41";

/** A section of the panel: a region named by its heading. */
const sectionNamed = (name: string) => screen.findByRole("region", { name });
const status = (section: HTMLElement) => within(section).getByText(/^Serving:/);
const row = (section: HTMLElement, version: string) =>
  within(section).getByRole("rowheader", { name: version }).closest("tr") as HTMLElement;
const postsTo = (api: ReturnType<typeof createFakeAdminApi>, section: string, what: string) =>
  api.callsTo("POST", `/api/admin/sections/${section}/${what}`);

describe("sections", () => {
  it("shows what each section serves, its releases with the site's verdict, and its history", async () => {
    createFakeAdminApi({ signedIn: true });
    renderAt();
    expect(await screen.findByRole("heading", { level: 2, name: "Sections" })).toBeInTheDocument();

    const blog = await sectionNamed("Blog");
    expect(within(blog).getByRole("heading", { level: 3 })).toHaveTextContent("Blog");
    expect(status(blog)).toHaveTextContent("Serving: Shipped build");
    const table = within(blog).getByRole("table", { name: "Blog releases, newest first." });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Version", "Published", "By", "Check", "Action"]);
    const [first, second] = within(table).getAllByRole("rowheader");
    expect([first!.textContent, second!.textContent]).toEqual([READY, REFUSED]);

    const ready = row(blog, READY);
    expect(ready.querySelector("time")).toHaveAttribute("datetime", "2025-06-29T12:00:00Z");
    expect(ready).toHaveTextContent("cli:ci");
    expect(within(ready).getByText("Ready")).toBeInTheDocument();
    const promote = within(ready).getByRole("button", { name: "Promote" });
    expect(promote).not.toHaveAttribute("aria-disabled");
    expect(promote).toHaveAccessibleDescription(READY);

    // The checks refuse this one: 'Promote' is unavailable, and says why.
    const refused = row(blog, REFUSED);
    expect(refused).toHaveTextContent(REACT_REFUSAL);
    const blocked = within(refused).getByRole("button", { name: "Promote" });
    expect(blocked).toHaveAttribute("aria-disabled", "true");
    expect(blocked).toHaveAccessibleDescription(`${REFUSED} ${REACT_REFUSAL}`);

    const blogHistory = within(blog).getByRole("list", { name: "Blog history" });
    expect(within(blogHistory).getAllByRole("listitem")[0]).toHaveTextContent(
      `cli:ci published ${READY}`,
    );

    const newsletter = await sectionNamed("Newsletter");
    expect(status(newsletter)).toHaveTextContent(`Serving: ${NEWSLETTER}`);
    const serving = row(newsletter, NEWSLETTER);
    expect(within(serving).getByText("Serving")).toBeInTheDocument();
    expect(within(serving).queryByRole("button", { name: "Promote" })).not.toBeInTheDocument();
    const history = within(newsletter).getByRole("list", { name: "Newsletter history" });
    const [promoted] = within(history).getAllByRole("listitem");
    expect(promoted).toHaveTextContent(
      `admin:owner promoted ${NEWSLETTER}, replacing the shipped build`,
    );
    expect(promoted!.querySelector("time")).toHaveAttribute("datetime", "2025-06-27T12:01:00Z");

    const admin = await sectionNamed("Admin");
    expect(status(admin)).toHaveTextContent("Serving: Shipped build");
    expect(within(admin).getByText("No releases published yet.")).toBeInTheDocument();
    expect(within(admin).getByText("Nothing has happened yet.")).toBeInTheDocument();
  });

  it("asks before promoting; Cancel (or Escape) changes nothing and gives focus back", async () => {
    const api = createFakeAdminApi({ signedIn: true });
    const { user } = renderAt();
    const blog = await sectionNamed("Blog");
    const promote = within(row(blog, READY)).getByRole("button", { name: "Promote" });

    await user.click(promote);
    const dialog = await screen.findByRole("dialog", { name: `Promote Blog ${READY}?` });
    expect(dialog).toHaveAccessibleDescription(
      `Blog will serve ${READY} instead of the shipped build, on every gateway within about a second. Pages already open keep what they loaded until they are reloaded.`,
    );
    // The safe choice is the first one focused.
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(promote).toHaveFocus();

    // From the keyboard: Enter opens, Escape closes.
    await user.keyboard("{Enter}");
    await screen.findByRole("dialog");
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(promote).toHaveFocus();

    // A release the checks refuse opens no dialog at all.
    await user.click(within(row(blog, REFUSED)).getByRole("button", { name: "Promote" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(postsTo(api, "blog", "promote")).toHaveLength(0);
  });

  it("promotes: progress on that row only, a toast, the list read again, focus on what is served", async () => {
    const api = createFakeAdminApi({ signedIn: true });
    const gate = deferred<void>();
    api.on("POST", "/api/admin/sections/blog/promote", async () => {
      await gate.promise;
      const blog = api.state.sections[0]!;
      blog.serving = READY;
      blog.history.unshift({
        section: "blog",
        action: "promote",
        version: READY,
        previous: "",
        actor: "admin:admin",
        at: "2025-06-30T12:00:00Z",
      });
      return json(200, { section: "blog", serving: READY });
    });
    const { user } = renderAt();
    const blog = await sectionNamed("Blog");
    await user.click(within(row(blog, READY)).getByRole("button", { name: "Promote" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Promote" }));

    const pending = within(row(blog, READY)).getByRole("button", { name: "Promoting..." });
    expect(pending).toHaveAttribute("aria-disabled", "true");
    expect(pending).toHaveFocus();
    expect(within(row(blog, REFUSED)).getByRole("button", { name: "Promote" })).toBeInTheDocument();
    expect(within(blog).getByRole("button", { name: "Roll back" })).toBeInTheDocument();
    const [post] = postsTo(api, "blog", "promote");
    expect(post).toMatchObject({ body: { version: READY }, credentials: "same-origin" });

    gate.resolve();
    const toast = await findToast();
    await waitFor(() => expect(toast).toHaveTextContent("Release promoted"));
    expect(toast).toHaveTextContent(`Blog now serves ${READY}.`);
    expect(toast).toHaveAttribute("data-variant", "default");
    await waitFor(() => expect(status(blog)).toHaveTextContent(`Serving: ${READY}`));
    expect(within(row(blog, READY)).getByText("Serving")).toBeInTheDocument();
    await waitFor(() => expect(status(blog)).toHaveFocus());
    expect(within(blog).getByRole("list", { name: "Blog history" })).toHaveTextContent(
      `admin:admin promoted ${READY}, replacing the shipped build`,
    );
    expect(api.callsTo("GET", "/api/admin/sections")).toHaveLength(2);
  });

  it("shows the server's refusal of a promote in a destructive toast, and reads the list again", async () => {
    const api = createFakeAdminApi({ signedIn: true });
    const refusal = "release: route /blog/feed collides with section newsletter's";
    api.on("POST", "/api/admin/sections/blog/promote", () => apiError(409, "conflict", refusal));
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { user } = renderAt();
    const blog = await sectionNamed("Blog");
    await user.click(within(row(blog, READY)).getByRole("button", { name: "Promote" }));
    await user.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: "Promote" }),
    );
    const toast = await findToast();
    await waitFor(() => expect(toast).toHaveTextContent("Promote failed"));
    expect(toast).toHaveTextContent(refusal);
    expect(toast).toHaveAttribute("data-variant", "destructive");
    expect(
      await within(row(blog, READY)).findByRole("button", { name: "Promote" }),
    ).not.toHaveAttribute("aria-disabled");
    await waitFor(() => expect(api.callsTo("GET", "/api/admin/sections")).toHaveLength(2));
    expect(status(blog)).toHaveTextContent("Serving: Shipped build");
  });

  it("rolls back after asking, naming what it goes back to; then there is nothing to roll back", async () => {
    const api = createFakeAdminApi({ signedIn: true });
    const { user } = renderAt();
    const newsletter = await sectionNamed("Newsletter");
    const rollBack = within(newsletter).getByRole("button", { name: "Roll back" });
    expect(rollBack).toHaveAccessibleDescription("Newsletter");

    await user.click(rollBack);
    const dialog = await screen.findByRole("dialog", {
      name: `Roll back Newsletter ${NEWSLETTER}?`,
    });
    expect(dialog).toHaveAccessibleDescription(
      `Newsletter will serve the shipped build again instead of ${NEWSLETTER}, on every gateway within about a second.`,
    );
    await user.click(within(dialog).getByRole("button", { name: "Roll back" }));
    expect(postsTo(api, "newsletter", "rollback")).toHaveLength(1);
    expect(postsTo(api, "newsletter", "rollback")[0]!.body).toBeUndefined();

    const toast = await findToast();
    await waitFor(() => expect(toast).toHaveTextContent("Rolled back"));
    expect(toast).toHaveTextContent("Newsletter now serves the shipped build.");
    await waitFor(() => expect(status(newsletter)).toHaveTextContent("Serving: Shipped build"));
    expect(
      within(newsletter).getByRole("list", { name: "Newsletter history" }).firstElementChild,
    ).toHaveTextContent(`admin:admin rolled back from ${NEWSLETTER} to the shipped build`);
    expect(within(row(newsletter, NEWSLETTER)).getByRole("button", { name: "Promote" })).toBe(
      within(row(newsletter, NEWSLETTER)).getAllByRole("button")[0],
    );

    // On the shipped build: unavailable, with the reason, and still reachable by keyboard.
    const again = within(newsletter).getByRole("button", { name: "Roll back" });
    expect(again).toHaveFocus();
    expect(again).toHaveAttribute("aria-disabled", "true");
    expect(again).toHaveAccessibleDescription(
      "Newsletter Nothing to roll back: the shipped build is served.",
    );
    await user.click(again);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(postsTo(api, "newsletter", "rollback")).toHaveLength(1);
  });

  it("shows the server's 409 when it has nothing to roll back", async () => {
    const api = createFakeAdminApi({ signedIn: true });
    api.on("POST", "/api/admin/sections/newsletter/rollback", () =>
      apiError(409, "conflict", "nothing to roll back: newsletter"),
    );
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { user } = renderAt();
    const newsletter = await sectionNamed("Newsletter");
    await user.click(within(newsletter).getByRole("button", { name: "Roll back" }));
    await user.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: "Roll back" }),
    );
    const toast = await findToast();
    await waitFor(() => expect(toast).toHaveTextContent("Roll back failed"));
    expect(toast).toHaveTextContent("nothing to roll back: newsletter");
    expect(toast).toHaveAttribute("data-variant", "destructive");
  });

  it("goes back to the sign-in form when the session ended before a promote", async () => {
    const api = createFakeAdminApi({ signedIn: true });
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { user } = renderAt();
    const blog = await sectionNamed("Blog");
    await user.click(within(row(blog, READY)).getByRole("button", { name: "Promote" }));
    api.state.signedIn = false;
    await user.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: "Promote" }),
    );
    expect(await screen.findByRole("form", { name: "Admin sign in" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Sections" })).not.toBeInTheDocument();
  });

  it("offers to ask again when the sections cannot be loaded", async () => {
    const api = createFakeAdminApi({ signedIn: true });
    let fail = true;
    const sections = api.state.sections;
    api.on("GET", "/api/admin/sections", () =>
      fail
        ? apiError(500, "internal", "Something went wrong. Please try again later.")
        : json(200, { sections }),
    );
    const { user } = renderAt();
    const alert = await screen.findByText(/Could not load the sections\./);
    expect(alert).toHaveTextContent(
      "Could not load the sections. Something went wrong. Please try again later.",
    );
    fail = false;
    await user.click(
      within(alert.closest("[role=alert]") as HTMLElement).getByRole("button", {
        name: "Try again",
      }),
    );
    expect(await sectionNamed("Blog")).toBeInTheDocument();
  });
});

describe("signing keys", () => {
  const BLOG_KEY =
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJ4sVtXWZ2k7Yf1mQ8pR3nL0aB6cD9eF2gH5iK7jL8mN blog-ci";
  const BLOG_FINGERPRINT = "SHA256:J4sVtXWZ2k7Yf1mQ8pR3nL0aB6cD9eF2gH5iK7jL8mN"; // the fake's stand-in
  const keyList = (section: HTMLElement, label: string) =>
    within(section).queryByRole("list", { name: `${label} signing keys` });
  /** The 'Signing keys' block: its heading's parent. */
  const keysBlock = (section: HTMLElement) =>
    within(section).getByRole("heading", { name: "Signing keys" }).parentElement as HTMLElement;
  const addForm = (section: HTMLElement, label: string) =>
    within(section).getByRole("form", { name: `Add a signing key to ${label}` });

  it("shows each section's keys, who signed a release, and the keys' history", async () => {
    createFakeAdminApi({ signedIn: true });
    renderAt();
    const newsletter = await sectionNamed("Newsletter");
    const keys = keysBlock(newsletter);
    expect(keys).toHaveTextContent(
      "Newsletter takes only releases signed by one of these keys (ssh-keygen -Y sign -n portfolio-release).",
    );
    const [key] = within(keyList(newsletter, "Newsletter")!).getAllByRole("listitem");
    expect(key).toHaveTextContent(NEWSLETTER_KEY);
    expect(key).toHaveTextContent("ssh-ed25519 newsletter-ci · added");
    expect(key).toHaveTextContent("by cli:ci");
    expect(key!.querySelector("time")).toHaveAttribute("datetime", "2025-06-26T12:00:00Z");
    expect(within(key!).getByRole("button", { name: "Remove" })).toHaveAccessibleDescription(
      NEWSLETTER_KEY,
    );
    expect(row(newsletter, NEWSLETTER)).toHaveTextContent(`cli:cisigned ${NEWSLETTER_KEY}`);
    const history = within(newsletter).getByRole("list", { name: "Newsletter history" });
    expect(within(history).getAllByRole("listitem").at(-1)).toHaveTextContent(
      `cli:ci added the signing key ${NEWSLETTER_KEY}`,
    );

    const blog = await sectionNamed("Blog");
    expect(keysBlock(blog)).toHaveTextContent(
      "None: Blog takes unsigned releases. Add a key to take only releases it signed.",
    );
    expect(keyList(blog, "Blog")).not.toBeInTheDocument();
    expect(row(blog, READY)).not.toHaveTextContent("signed");
  });

  it("adds a key: the .pub line posted, a toast, the list and the history read again", async () => {
    const api = createFakeAdminApi({ signedIn: true });
    const { user } = renderAt();
    const blog = await sectionNamed("Blog");
    const form = addForm(blog, "Blog");
    const field = within(form).getByRole("textbox", { name: "Public key" });
    expect(field).toHaveAccessibleDescription(
      "The line of its .pub file, e.g. ssh-ed25519 AAAA… ci@blog",
    );
    await user.type(field, BLOG_KEY);
    await user.click(within(form).getByRole("button", { name: "Add key" }));

    const toast = await findToast();
    await waitFor(() => expect(toast).toHaveTextContent("Key added"));
    expect(toast).toHaveTextContent(
      `Blog now takes only releases signed by ${BLOG_FINGERPRINT} or another of its keys.`,
    );
    expect(postsTo(api, "blog", "keys")[0]!.body).toEqual({ publicKey: BLOG_KEY });
    const list = await waitFor(() => keyList(blog, "Blog")!);
    expect(list).toHaveTextContent(`${BLOG_FINGERPRINT}ssh-ed25519 blog-ci · added`);
    expect(field).toHaveValue("");
    expect(
      within(blog).getByRole("list", { name: "Blog history" }).firstElementChild,
    ).toHaveTextContent(`admin:admin added the signing key ${BLOG_FINGERPRINT}`);
  });

  it("shows the server's refusal of a key under the field, which gets the focus", async () => {
    const api = createFakeAdminApi({ signedIn: true });
    const { user } = renderAt();
    const blog = await sectionNamed("Blog");
    const form = addForm(blog, "Blog");
    const field = within(form).getByRole("textbox", { name: "Public key" });
    await user.type(field, "-----BEGIN OPENSSH PRIVATE KEY-----");
    await user.click(within(form).getByRole("button", { name: "Add key" }));
    const refusal =
      "This is a private key: paste the public one (the .pub file), and keep the private key secret.";
    await waitFor(() => expect(field).toHaveAttribute("aria-invalid", "true"));
    expect(field).toHaveAccessibleDescription(
      `The line of its .pub file, e.g. ssh-ed25519 AAAA… ci@blog ${refusal}`,
    );
    expect(field).toHaveFocus();
    expect(postsTo(api, "blog", "keys")).toHaveLength(1);
    expect(keyList(blog, "Blog")).not.toBeInTheDocument();

    // Another refusal (a key it has) shows under the form.
    api.on("POST", "/api/admin/sections/blog/keys", () =>
      apiError(409, "conflict", `The key ${BLOG_FINGERPRINT} is already one of blog's keys.`),
    );
    await user.clear(field);
    await user.type(field, BLOG_KEY);
    await user.click(within(form).getByRole("button", { name: "Add key" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent(
      `Could not add the key. The key ${BLOG_FINGERPRINT} is already one of blog's keys.`,
    );
  });

  it("removes a key after asking; the last one gone, the section takes unsigned releases", async () => {
    const api = createFakeAdminApi({ signedIn: true });
    const { user } = renderAt();
    const newsletter = await sectionNamed("Newsletter");
    const remove = within(keyList(newsletter, "Newsletter")!).getByRole("button", {
      name: "Remove",
    });
    await user.click(remove);
    const dialog = await screen.findByRole("dialog", {
      name: `Remove the key ${NEWSLETTER_KEY} from Newsletter?`,
    });
    expect(dialog).toHaveAccessibleDescription(
      "Newsletter will take unsigned releases again, and refuse the releases this key signed.",
    );
    await user.click(within(dialog).getByRole("button", { name: "Remove" }));

    const toast = await findToast();
    await waitFor(() => expect(toast).toHaveTextContent("Key removed"));
    expect(toast).toHaveTextContent(`${NEWSLETTER_KEY} no longer signs Newsletter's releases.`);
    const [call] = api.callsTo("DELETE", "/api/admin/sections/newsletter/keys");
    expect(call!.params.get("fingerprint")).toBe(NEWSLETTER_KEY);
    await waitFor(() => expect(keyList(newsletter, "Newsletter")).not.toBeInTheDocument());
    expect(keysBlock(newsletter)).toHaveTextContent("None: Newsletter takes unsigned releases.");
    expect(
      within(newsletter).getByRole("list", { name: "Newsletter history" }).firstElementChild,
    ).toHaveTextContent(`admin:admin removed the signing key ${NEWSLETTER_KEY}`);
  });
});
