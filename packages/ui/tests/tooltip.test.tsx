import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from "../src/tooltip";

afterEach(() => {
  vi.useRealTimers();
});

function Tip({ label, tip }: { label: string; tip: string }) {
  return (
    <Tooltip>
      <TooltipTrigger>{label}</TooltipTrigger>
      <TooltipContent>{tip}</TooltipContent>
    </Tooltip>
  );
}

const hover = (el: HTMLElement) => fireEvent.pointerMove(el, { pointerType: "mouse" });
const leave = (el: HTMLElement) => fireEvent.pointerLeave(el, { pointerType: "mouse" });
const tick = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe("Tooltip", () => {
  it("opens 700 ms after the pointer rests on its trigger, without a provider around it", () => {
    vi.useFakeTimers();
    render(<Tip label="AWS" tip="Amazon Web Services" />);
    hover(screen.getByText("AWS"));
    tick(699);
    expect(screen.queryByRole("tooltip")).not.toBeInTheDocument();
    tick(1);
    expect(screen.getByRole("tooltip")).toHaveTextContent("Amazon Web Services");
  });

  it("inside a provider, the next tooltip within 300 ms opens at once; after that, it waits again", () => {
    vi.useFakeTimers();
    // Hoverable content keeps a tooltip open while the pointer travels towards it; jsdom
    // has no geometry for that, so this test turns it off.
    render(
      <TooltipProvider disableHoverableContent>
        <Tip label="AWS" tip="Amazon Web Services" />
        <Tip label="GCP" tip="Google Cloud" />
      </TooltipProvider>,
    );
    const aws = screen.getByText("AWS");
    const gcp = screen.getByText("GCP");
    hover(aws);
    tick(700);
    expect(screen.getByRole("tooltip")).toHaveTextContent("Amazon Web Services");

    leave(aws);
    tick(100);
    hover(gcp);
    expect(screen.getByRole("tooltip")).toHaveTextContent("Google Cloud"); // skipped the delay

    leave(gcp);
    tick(301);
    hover(aws);
    tick(1);
    expect(screen.queryByRole("tooltip")).not.toBeInTheDocument();
    tick(699);
    expect(screen.getByRole("tooltip")).toHaveTextContent("Amazon Web Services");
  });
});
