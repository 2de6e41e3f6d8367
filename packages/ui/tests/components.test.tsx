import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Badge } from "../src/badge";
import { Button } from "../src/button";
import { CardTitle } from "../src/card";
import { cn } from "../src/cn";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "../src/dialog";
import { ExternalLink } from "../src/external-link";
import { Honeypot } from "../src/form";
import { TagList } from "../src/tag-list";

describe("Button", () => {
  it("is a type=button by default and takes a variant", () => {
    render(<Button variant="destructive">Delete</Button>);
    const button = screen.getByRole("button", { name: "Delete" });
    expect(button).toHaveAttribute("type", "button");
    expect(button).toHaveClass("bg-destructive");
  });

  it("renders its child with button styles when asChild", () => {
    render(
      <Button asChild variant="outline">
        <a href="/contact">Get In Touch</a>
      </Button>,
    );
    const link = screen.getByRole("link", { name: "Get In Touch" });
    expect(link).toHaveAttribute("href", "/contact");
    expect(link).toHaveClass("border-input");
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });

  it("keeps the child's own class, props and handlers when asChild", async () => {
    const onClick = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    render(
      <Button asChild size="lg" aria-label="Contact me">
        <a href="/contact" className="w-full" onClick={onClick}>
          Get In Touch
        </a>
      </Button>,
    );
    const link = screen.getByRole("link", { name: "Contact me" });
    expect(link).toHaveClass("w-full", "h-11");
    link.click();
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});

describe("ExternalLink", () => {
  it("opens in a new tab with no opener", () => {
    render(<ExternalLink href="https://github.com/x">GitHub</ExternalLink>);
    const link = screen.getByRole("link", { name: "GitHub" });
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
  });
});

describe("Honeypot", () => {
  it("is a text field hidden from people, the tab order and assistive technology", () => {
    render(
      <form aria-label="Test">
        <input aria-label="Email" />
        <Honeypot id="t-website" name="website" label="Website" defaultValue="" />
      </form>,
    );
    const input = document.getElementById("t-website") as HTMLInputElement;
    expect(input).toHaveAttribute("name", "website");
    expect(input).toHaveAttribute("type", "text");
    expect(input).toHaveAttribute("tabindex", "-1");
    expect(input).toHaveAttribute("autocomplete", "off");
    expect(document.querySelector('label[for="t-website"]')).toHaveTextContent("Website");
    const wrapper = input.closest("[aria-hidden='true']");
    expect(wrapper).toHaveClass("sr-only");
    expect(screen.queryByRole("textbox", { name: "Website" })).toBeNull();
    expect(screen.getByRole("textbox", { name: "Email" })).toBeInTheDocument();
  });
});

describe("Badge", () => {
  it("shows its text and variant", () => {
    render(<Badge variant="secondary">Monthly</Badge>);
    expect(screen.getByText("Monthly")).toHaveAttribute("data-variant", "secondary");
  });
});

describe("Dialog", () => {
  it("opens, is named by its title, closes on Escape and returns focus", async () => {
    const user = userEvent.setup();
    render(
      <Dialog>
        <DialogTrigger>AWS</DialogTrigger>
        <DialogContent>
          <DialogTitle>AWS</DialogTitle>
          <DialogDescription>Cloud platform</DialogDescription>
        </DialogContent>
      </Dialog>,
    );
    const trigger = screen.getByRole("button", { name: "AWS" });
    await user.click(trigger);
    const dialog = screen.getByRole("dialog", { name: "AWS" });
    expect(dialog).toHaveAccessibleDescription("Cloud platform");
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });
});

describe("cn", () => {
  it("joins truthy class names", () => {
    expect(cn("a", false, null, undefined, 0, "b", "")).toBe("a b");
  });

  it("lists each class once, where it first came", () => {
    expect(cn("text-xl font-semibold", "text-xl")).toBe("text-xl font-semibold");
    expect(cn("px-3 py-2", "  block px-3\tpy-2.5 ", "block")).toBe("px-3 py-2 block py-2.5");
  });

  it("gives a component's class once when its caller gives it too", () => {
    render(<CardTitle className="text-xl">Title</CardTitle>);
    const classes = screen.getByText("Title").className.split(" ");
    expect(classes).toContain("text-xl");
    expect(classes.length).toBe(new Set(classes).size);
  });
});

describe("TagList", () => {
  it.each([
    [[], [], 0],
    [["a"], ["a"], 0],
    [["a", "b", "c"], ["a", "b", "c"], 0],
    [["a", "b", "c", "d"], ["a", "b", "c"], 1],
    [["a", "b", "c", "d", "e", "f"], ["a", "b", "c"], 3],
  ])("with max 3, %j shows %j and +%i", (tags, shown, more) => {
    render(<TagList tags={tags} max={3} />);
    const items = screen.getByRole("list", { name: "Tags" }).querySelectorAll("li");
    expect([...items].slice(0, shown.length).map((li) => li.textContent)).toEqual(shown);
    expect(items).toHaveLength(shown.length + (more > 0 ? 1 : 0));
    if (more > 0) expect(items[shown.length]?.textContent).toBe(`+${more} more tags`);
  });

  it("hands each shown tag's badge to renderTag, not the '+N' badge", () => {
    render(
      <TagList
        tags={["a", "b", "c", "d"]}
        max={2}
        renderTag={(tag, badge) => (tag === "b" ? badge : <a href={`/tags/${tag}`}>{badge}</a>)}
      />,
    );
    const list = screen.getByRole("list", { name: "Tags" });
    expect(screen.getByRole("link", { name: "a" })).toHaveAttribute("href", "/tags/a");
    expect(screen.getAllByRole("link")).toHaveLength(1);
    expect(list.querySelectorAll("li")[1]?.textContent).toBe("b");
    expect(list.querySelector("[data-more-tags]")?.closest("a")).toBeNull();
  });

  it("shows every tag without max", () => {
    render(<TagList tags={["a", "b", "c", "d"]} />);
    expect(screen.getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "a",
      "b",
      "c",
      "d",
    ]);
  });
});
