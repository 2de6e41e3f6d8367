import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Field } from "../src/form";
import { type Problems, useForm } from "../src/use-form";

describe("Field", () => {
  it("labels its control and ties the description and the error to it", () => {
    const { rerender } = render(
      <Field id="f-password" label="Password" hint="(optional)" description="At least 12.">
        {(props) => <input {...props} name="password" />}
      </Field>,
    );
    const input = screen.getByLabelText("Password (optional)");
    expect(input).toHaveAttribute("id", "f-password");
    expect(input).toHaveAccessibleDescription("At least 12.");
    expect(input).toHaveAttribute("aria-describedby", "f-password-description");
    expect(input).not.toHaveAttribute("aria-invalid");

    rerender(
      <Field id="f-password" label="Password" description="At least 12." error="Too short.">
        {(props) => <input {...props} name="password" />}
      </Field>,
    );
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAccessibleDescription("At least 12. Too short.");
    expect(document.getElementById("f-password-error")).toHaveTextContent("Too short.");

    rerender(
      <Field id="f-password" label="Password">
        {(props) => <input {...props} name="password" />}
      </Field>,
    );
    expect(input).not.toHaveAttribute("aria-describedby");
    expect(input).not.toHaveAttribute("aria-invalid");
    expect(document.getElementById("f-password-error")).toBeNull();
  });
});

type Values = Record<"name" | "email", string>;

/** Both fields' problems at once: the rules the tests below run. */
function rules({ name, email }: Values): Problems<keyof Values> {
  const problems: Problems<keyof Values> = {};
  if (name.trim().length < 2) problems.name = "Name must be at least 2 characters";
  if (!email.includes("@")) problems.email = "Please enter a valid email address";
  return problems;
}

function TestForm({
  onValid,
  onInvalid,
}: {
  onValid: (values: Values) => Promise<void> | void;
  onInvalid?: (problems: Problems<keyof Values>, first: keyof Values) => void;
}) {
  const form = useForm<Values>({ validate: rules, onValid, onInvalid, noValidate: true });
  return (
    <form aria-label="Test" {...form.formProps}>
      <input type="hidden" name="form-name" value="test" />
      <Field id="t-name" label="Name" error={form.problems.name}>
        {(props) => <input {...props} name="name" required />}
      </Field>
      <Field id="t-email" label="Email" error={form.problems.email}>
        {(props) => <input {...props} name="email" type="email" required />}
      </Field>
      <button type="submit" disabled={form.pending}>
        {form.pending ? "Sending..." : "Send"}
      </button>
      <button type="button" onClick={form.reset}>
        Reset
      </button>
      <button type="button" onClick={() => form.showProblems({ email: "Taken" })}>
        Server says
      </button>
    </form>
  );
}

describe("useForm", () => {
  it("on submit shows every field's problem at once, focuses the first and sends nothing", async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    const onInvalid = vi.fn();
    render(<TestForm onValid={onValid} onInvalid={onInvalid} />);
    expect(screen.getByRole("form", { name: "Test" })).toHaveAttribute("novalidate");
    await user.click(screen.getByRole("button", { name: "Send" }));
    const name = screen.getByLabelText("Name");
    const email = screen.getByLabelText("Email");
    expect(name).toHaveAccessibleDescription("Name must be at least 2 characters");
    expect(email).toHaveAccessibleDescription("Please enter a valid email address");
    expect(name).toHaveFocus();
    expect(onInvalid).toHaveBeenCalledWith(
      {
        name: "Name must be at least 2 characters",
        email: "Please enter a valid email address",
      },
      "name",
    );
    expect(onValid).not.toHaveBeenCalled();
  });

  it("checks again on every change after a submit, not before", async () => {
    const user = userEvent.setup();
    render(<TestForm onValid={vi.fn()} />);
    const name = screen.getByLabelText("Name");
    await user.type(name, "J");
    expect(name).not.toHaveAttribute("aria-invalid");
    await user.type(screen.getByLabelText("Email"), "jane@example.org");
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(name).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Email")).not.toHaveAttribute("aria-invalid");
    await user.type(name, "ane");
    expect(name).not.toHaveAttribute("aria-invalid");
    expect(name).not.toHaveAccessibleDescription();
  });

  it("passes the named values, is pending until onValid settles and ignores a second submit", async () => {
    const user = userEvent.setup();
    let settle!: () => void;
    const onValid = vi.fn(() => new Promise<void>((resolve) => (settle = resolve)));
    render(<TestForm onValid={onValid} />);
    await user.type(screen.getByLabelText("Name"), "Jane");
    await user.type(screen.getByLabelText("Email"), "jane@example.org");
    await user.click(screen.getByRole("button", { name: "Send" }));
    const pending = screen.getByRole("button", { name: "Sending..." });
    expect(pending).toBeDisabled();
    screen.getByRole<HTMLFormElement>("form", { name: "Test" }).requestSubmit();
    expect(onValid).toHaveBeenCalledTimes(1);
    expect(onValid).toHaveBeenCalledWith({
      "form-name": "test",
      name: "Jane",
      email: "jane@example.org",
    });
    await act(async () => settle());
    await waitFor(() => expect(screen.getByRole("button", { name: "Send" })).toBeEnabled());
  });

  it("shows a server's problem under its field, focused; reset brings back the defaults", async () => {
    const user = userEvent.setup();
    render(<TestForm onValid={vi.fn()} />);
    const email = screen.getByLabelText("Email");
    await user.type(email, "jane@example.org");
    await user.click(screen.getByRole("button", { name: "Server says" }));
    expect(email).toHaveAccessibleDescription("Taken");
    expect(email).toHaveFocus();
    await user.click(screen.getByRole("button", { name: "Reset" }));
    expect(email).toHaveValue("");
    expect(email).not.toHaveAttribute("aria-invalid");
  });
});
