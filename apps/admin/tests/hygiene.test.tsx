import { dismissToast } from "@portfolio/ui/use-toast";
import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createFakeAdminApi } from "./fake-admin-api";
import { findToast, renderAt } from "./render";

afterEach(() => {
  act(() => dismissToast()); // the toast store outlives a test's <Toaster>
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const editionItem = async (title: RegExp) => {
  const list = await screen.findByRole("list", { name: "Editions" });
  const heading = within(list).getByRole("heading", { level: 3, name: title });
  return heading.closest("li")!;
};

describe("suppressed addresses", () => {
  it("lists each suppressed address with its reason and date, and lets one back in", async () => {
    const api = createFakeAdminApi({ signedIn: true });
    const { user } = renderAt();
    const list = await screen.findByRole("list", { name: "Suppressed addresses" });
    expect(screen.getByText("2 addresses get no email.", { exact: false })).toBeInTheDocument();
    const [gone, angry] = within(list).getAllByRole("listitem");
    expect(gone).toHaveTextContent("gone@example.org");
    expect(gone).toHaveTextContent("Hard bounce");
    expect(gone).toHaveTextContent("550 5.1.1 no such user");
    expect(gone!.querySelector("time")).toHaveAttribute("datetime", "2025-06-29T12:00:00Z");
    expect(angry).toHaveTextContent("angry@example.org");
    expect(angry).toHaveTextContent("Spam complaint");

    await user.click(within(gone!).getByRole("button", { name: "Let back in" }));
    const toast = await findToast();
    await waitFor(() => expect(toast).toHaveTextContent("Suppression lifted"));
    expect(toast).toHaveTextContent("gone@example.org gets email again.");
    expect(api.callsTo("DELETE", "/api/admin/suppressions")[0]!.params.get("email")).toBe(
      "gone@example.org",
    );
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(1));
  });
});

describe("edition results and schedule", () => {
  it("shows the last send's results, and no opens or clicks", async () => {
    createFakeAdminApi({ signedIn: true });
    renderAt();
    const first = await editionItem(/^#1 /);
    const dl = within(first).getByLabelText("Results of the last send");
    expect(dl).toHaveTextContent("Sent12");
    expect(dl).toHaveTextContent("Delivered11");
    expect(dl).toHaveTextContent("Bounced1");
    expect(dl).toHaveTextContent("Complained0");
    expect(dl).toHaveTextContent("Unsubscribed within 7 days2");
    expect(first).not.toHaveTextContent(/open|click/i);
    const second = await editionItem(/^#2 /);
    expect(within(second).queryByLabelText("Results of the last send")).not.toBeInTheDocument();
  });

  it("schedules an edition at a time in the owner's zone, sent as UTC, and cancels it", async () => {
    const api = createFakeAdminApi({ signedIn: true });
    const { user } = renderAt();
    const second = await editionItem(/^#2 /);
    const input = within(second).getByLabelText("Send on its own at");
    await user.type(input, "2099-12-01T09:30");
    await user.click(within(second).getByRole("button", { name: "Schedule" }));
    await waitFor(() =>
      expect(api.callsTo("PUT", "/api/admin/editions/2/schedule")).toHaveLength(1),
    );
    expect(api.callsTo("PUT", "/api/admin/editions/2/schedule")[0]!.body).toEqual({
      at: new Date("2099-12-01T09:30").toISOString(),
    });
    const cancel = await within(second).findByRole("button", { name: "Cancel schedule" });
    expect(second).toHaveTextContent("Scheduled for");
    await user.click(cancel);
    await within(second).findByRole("button", { name: "Schedule" });
    expect(api.callsTo("DELETE", "/api/admin/editions/2/schedule")).toHaveLength(1);
  });

  it("says why a schedule is refused", async () => {
    createFakeAdminApi({ signedIn: true });
    const { user } = renderAt();
    const second = await editionItem(/^#2 /);
    await user.type(within(second).getByLabelText("Send on its own at"), "2001-01-01T09:30");
    await user.click(within(second).getByRole("button", { name: "Schedule" }));
    const toast = await findToast();
    await waitFor(() => expect(toast).toHaveTextContent("Scheduling failed"));
    expect(toast).toHaveTextContent("The time must be in the future.");
  });
});
