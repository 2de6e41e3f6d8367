import { dismissToast } from "@portfolio/ui/use-toast";
import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiError, createFakeAdminApi, deferred, json } from "./fake-admin-api";
import { findToast, renderAt } from "./render";

afterEach(() => {
  act(() => dismissToast()); // the toast store outlives a test's <Toaster>
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const mailList = () => screen.findByRole("list", { name: "Mail delivery" });

describe("mail delivery", () => {
  it("lists the failing and the dead emails: recipient, subject, attempts, the relay's reply, what happens next", async () => {
    const api = createFakeAdminApi({ signedIn: true });
    renderAt();
    const list = await mailList();
    expect(api.callsTo("GET", "/api/admin/mail")[0]!.params.get("limit")).toBe("50");
    expect(
      screen.getByText("120 emails sent, 1 queued, 1 dead.", { exact: false }),
    ).toBeInTheDocument();

    const [dead, failing] = within(list).getAllByRole("listitem");
    expect(within(dead!).getByRole("heading", { level: 3 })).toHaveTextContent(
      "Confirm your subscription",
    );
    expect(dead).toHaveTextContent("Dead");
    expect(dead).toHaveTextContent("To: gone@example.org");
    expect(dead).toHaveTextContent("Attempts1");
    expect(dead).toHaveTextContent("Last errorsmtp: RCPT TO: 550 5.1.1 no such user");
    expect(
      within(dead!).getByText("Dead since").nextElementSibling!.querySelector("time"),
    ).toHaveAttribute("datetime", "2025-06-29T12:00:00Z");
    expect(within(dead!).getByRole("button", { name: "Retry" })).toHaveAccessibleDescription(
      "Confirm your subscription",
    );

    expect(failing).toHaveTextContent("Failing");
    expect(failing).toHaveTextContent("To: owner@example.org");
    expect(failing).toHaveTextContent("Attempts6");
    expect(failing).toHaveTextContent("Last errorsmtp: end of DATA: 451 4.3.0 try later");
    expect(
      within(failing!).getByText("Next attempt").nextElementSibling!.querySelector("time"),
    ).toHaveAttribute("datetime", "2025-06-30T12:00:00Z");
    // A failing email is retried on its own: no button.
    expect(within(failing!).queryByRole("button")).not.toBeInTheDocument();
  });

  it("retries a dead email: 'Retrying...' while pending, a toast, and the list asked again", async () => {
    const api = createFakeAdminApi({ signedIn: true });
    const gate = deferred<void>();
    api.on("POST", "/api/admin/mail/41/retry", async () => {
      await gate.promise;
      api.state.mail = api.state.mail.filter((m) => m.id !== 41);
      return json(200, { id: 41, status: "pending" });
    });
    const { user } = renderAt();
    const list = await mailList();
    await user.click(within(list).getByRole("button", { name: "Retry" }));
    expect(within(list).getByRole("button", { name: "Retrying..." })).toBeDisabled();
    expect(api.callsTo("POST", "/api/admin/mail/41/retry")).toHaveLength(1);
    expect(api.callsTo("POST", "/api/admin/mail/41/retry")[0]!.credentials).toBe("same-origin");

    gate.resolve();
    const toast = await findToast();
    await waitFor(() => expect(toast).toHaveTextContent("Email queued again"));
    expect(toast).toHaveTextContent(
      '"Confirm your subscription" to gone@example.org will be sent now.',
    );
    expect(toast).toHaveAttribute("data-variant", "default");
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(1));
    expect(within(list).queryByText("Confirm your subscription")).not.toBeInTheDocument();
    expect(api.callsTo("GET", "/api/admin/mail")).toHaveLength(2);
  });

  it("says why a retry failed, in a destructive toast, and keeps the button", async () => {
    const api = createFakeAdminApi({ signedIn: true });
    api.on("POST", "/api/admin/mail/41/retry", () =>
      apiError(
        409,
        "conflict",
        "Only a dead email can be retried; this one is still queued or was sent.",
      ),
    );
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { user } = renderAt();
    const list = await mailList();
    await user.click(within(list).getByRole("button", { name: "Retry" }));
    const toast = await findToast();
    await waitFor(() => expect(toast).toHaveTextContent("Retry failed"));
    expect(toast).toHaveTextContent(
      "Only a dead email can be retried; this one is still queued or was sent.",
    );
    expect(toast).toHaveAttribute("data-variant", "destructive");
    expect(await within(list).findByRole("button", { name: "Retry" })).toBeEnabled();
  });

  it("says so when every email was delivered", async () => {
    const api = createFakeAdminApi({ signedIn: true });
    api.state.mail = [];
    renderAt();
    expect(await screen.findByText("Every email was delivered.")).toBeInTheDocument();
  });

  it("offers to ask again when the list cannot be loaded", async () => {
    const api = createFakeAdminApi({ signedIn: true });
    let fail = true;
    api.on("GET", "/api/admin/mail", () =>
      fail
        ? apiError(500, "internal", "Something went wrong. Please try again later.")
        : json(200, { counts: { pending: 0, sending: 0, sent: 0, dead: 0 }, items: [] }),
    );
    const { user } = renderAt();
    const alert = await screen.findByText(/Could not load the mail delivery\./);
    expect(alert).toHaveTextContent(
      "Could not load the mail delivery. Something went wrong. Please try again later.",
    );
    fail = false;
    await user.click(
      within(alert.closest("[role=alert]") as HTMLElement).getByRole("button", {
        name: "Try again",
      }),
    );
    expect(await screen.findByText("Every email was delivered.")).toBeInTheDocument();
  });
});
