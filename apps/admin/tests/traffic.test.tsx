import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createFakeAdminApi, json } from "./fake-admin-api";
import { renderAt } from "./render";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("traffic", () => {
  it("shows 30 days by default: the totals, a table of every day for screen readers, and the top lists", async () => {
    const api = createFakeAdminApi({ signedIn: true });
    renderAt();
    expect(
      await screen.findByText(/300 page views and 120 daily visitors over the last 30 days/),
    ).toBeInTheDocument();
    expect(api.callsTo("GET", "/api/admin/traffic")[0]!.params.get("days")).toBe("30");

    const days = screen.getByRole("table", { name: "Page views and visitors per day" });
    const rows = within(days).getAllByRole("row");
    expect(rows).toHaveLength(31); // the header and one row a day
    expect(rows.at(-1)).toHaveTextContent("30 Jun104");

    const pages = screen.getByRole("table", { name: "Top pages" });
    expect(within(pages).getByRole("link", { name: "Kubernetes Security" })).toHaveAttribute(
      "href",
      "/blog/kubernetes-security",
    );
    expect(screen.getByRole("table", { name: "Top articles" })).toHaveTextContent(
      "Kubernetes Security",
    );
    const referrers = screen.getByRole("table", { name: "Top referrers" });
    expect(referrers).toHaveTextContent("Direct or unknown");
    expect(referrers).toHaveTextContent("news.ycombinator.com2");
    expect(screen.getByRole("table", { name: "Devices" })).toHaveTextContent("Mobile1");
    expect(screen.getByRole("table", { name: "Sign-ups per page" })).toHaveTextContent(
      "Newsletter",
    );
  });

  it("switches to 7 or 90 days", async () => {
    const api = createFakeAdminApi({ signedIn: true });
    const { user } = renderAt();
    await screen.findByText(/over the last 30 days/);
    const seven = screen.getByRole("button", { name: "7 days" });
    expect(seven).toHaveAttribute("aria-pressed", "false");
    await user.click(seven);
    expect(
      await screen.findByText(/70 page views and 28 daily visitors over the last 7 days/),
    ).toBeInTheDocument();
    expect(seven).toHaveAttribute("aria-pressed", "true");
    expect(api.callsTo("GET", "/api/admin/traffic").at(-1)!.params.get("days")).toBe("7");
    const rows = within(
      screen.getByRole("table", { name: "Page views and visitors per day" }),
    ).getAllByRole("row");
    expect(rows).toHaveLength(8);
  });

  it("says when counting is off", async () => {
    const api = createFakeAdminApi({ signedIn: true });
    api.on("GET", "/api/admin/traffic", () =>
      json(200, {
        enabled: false,
        days: 30,
        series: [],
        pages: [],
        articles: [],
        referrers: [],
        devices: [],
        signups: [],
      }),
    );
    renderAt();
    expect(await screen.findByText(/Counting is off on this site/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("table", { name: "Top pages" })).toBeNull());
  });
});
