import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// The toast store is module state (one per page); load fresh modules for every test.
let store: typeof import("../src/use-toast");
let Toaster: typeof import("../src/toaster").Toaster;

beforeEach(async () => {
  vi.resetModules();
  store = await import("../src/use-toast");
  ({ Toaster } = await import("../src/toaster"));
});

afterEach(() => {
  vi.useRealTimers();
});

/**
 * Renders <Toaster> with its lazily loaded region already loaded (a warm-up toast, then
 * dismissed), so a test can then switch to fake timers and count milliseconds.
 */
async function mountToaster(extra?: ReactNode) {
  const result = render(
    <>
      <Toaster />
      {extra}
    </>,
  );
  act(() => {
    store.toast({ title: "warm-up" });
  });
  await screen.findByRole("region", { name: "Notifications (F8)" });
  act(() => store.dismissToast());
  await waitFor(() => expect(screen.queryByText("warm-up")).not.toBeInTheDocument());
  return result;
}

function toastElement(text: string): HTMLElement {
  const el = screen.getByText(text).closest("li");
  if (!el) throw new Error(`no toast holds ${text}`);
  return el;
}

describe("Toaster", () => {
  it("renders nothing until the first toast, then the region 'Notifications (F8)', which F8 focuses", async () => {
    const { container } = render(<Toaster />);
    expect(container).toBeEmptyDOMElement();
    act(() => {
      store.toast({ title: "Hello" });
    });
    const region = await screen.findByRole("region", { name: "Notifications (F8)" });
    const viewport = region.querySelector("ol");
    expect(viewport).not.toBeNull();
    fireEvent.keyDown(document, { key: "F8", code: "F8" });
    expect(viewport).toHaveFocus();
  });

  it("keeps the region mounted after the last toast is gone", async () => {
    render(<Toaster />);
    act(() => {
      store.toast({ title: "Bye" });
    });
    await screen.findByText("Bye");
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByText("Bye")).not.toBeInTheDocument());
    expect(screen.getByRole("region", { name: "Notifications (F8)" })).toBeInTheDocument();
  });

  it("shows one toast at a time: a second toast replaces the first", async () => {
    await mountToaster();
    act(() => {
      store.toast({ title: "First", description: "one" });
    });
    expect(screen.getByText("First")).toBeInTheDocument();
    act(() => {
      store.toast({ title: "Second", description: "two" });
    });
    expect(screen.getByText("Second")).toBeInTheDocument();
    expect(screen.queryByText("First")).not.toBeInTheDocument();
    expect(screen.getAllByRole("listitem")).toHaveLength(1);
    expect(store.TOAST_LIMIT).toBe(1);
  });

  it("renders the default and destructive variants", async () => {
    await mountToaster();
    act(() => {
      store.toast({ title: "Saved" });
    });
    const plain = toastElement("Saved");
    expect(plain).toHaveAttribute("data-variant", "default");
    expect(plain).not.toHaveClass("destructive");

    act(() => {
      store.toast({ title: "Failed to send message", variant: "destructive" });
    });
    const bad = toastElement("Failed to send message");
    expect(bad).toHaveAttribute("data-variant", "destructive");
    expect(bad).toHaveClass("destructive", "bg-destructive");
  });

  it("closes a toast after 5000 ms by default", async () => {
    await mountToaster();
    vi.useFakeTimers();
    act(() => {
      store.toast({ title: "Welcome aboard!" });
    });
    act(() => {
      vi.advanceTimersByTime(4999);
    });
    expect(screen.getByText("Welcome aboard!")).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText("Welcome aboard!")).not.toBeInTheDocument();
    expect(store.TOAST_DURATION).toBe(5000);
  });

  it("honours a per-toast duration", async () => {
    await mountToaster();
    vi.useFakeTimers();
    act(() => {
      store.toast({ title: "Quick", duration: 1000 });
    });
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByText("Quick")).not.toBeInTheDocument();
  });

  it("is dismissed by its close button", async () => {
    await mountToaster();
    act(() => {
      store.toast({ title: "Message sent successfully!" });
    });
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByText("Message sent successfully!")).not.toBeInTheDocument();
  });

  it("is dismissed through its handle, and dropped from the store after TOAST_REMOVE_DELAY", async () => {
    const seen: number[] = [];
    function Count() {
      const { toasts } = store.useToast();
      seen.push(toasts.filter((t) => t.open).length * 10 + toasts.length);
      return null;
    }
    await mountToaster(<Count />);
    vi.useFakeTimers();
    let handle!: ReturnType<typeof store.toast>;
    act(() => {
      handle = store.toast({ title: "Publishing Failed", variant: "destructive" });
    });
    act(() => handle.dismiss());
    expect(screen.queryByText("Publishing Failed")).not.toBeInTheDocument();
    expect(seen.at(-1)).toBe(1); // closed but still held
    act(() => {
      vi.advanceTimersByTime(store.TOAST_REMOVE_DELAY - 1);
    });
    expect(seen.at(-1)).toBe(1);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(seen.at(-1)).toBe(0);
    expect(store.TOAST_REMOVE_DELAY).toBe(1_000_000);
  });
});
