import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  nextTheme,
  type ResolvedTheme,
  type Theme,
  ThemeProvider,
  themeLabel,
  useTheme,
} from "../src/theme-provider";
import { THEME_STORAGE_KEY, themeScript } from "../src/theme-script";
import { mockColorScheme } from "./match-media";

function ThemeButton() {
  const { theme, resolvedTheme, cycleTheme } = useTheme();
  return (
    <button type="button" onClick={cycleTheme}>
      {`Theme: ${theme} (${resolvedTheme})`}
    </button>
  );
}

function renderWithProvider() {
  return render(
    <ThemeProvider>
      <ThemeButton />
    </ThemeProvider>,
  );
}

const html = document.documentElement;

beforeEach(() => {
  localStorage.clear();
  html.className = "";
  html.removeAttribute("data-theme-choice");
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("ThemeProvider", () => {
  it("uses the key 'vite-ui-theme' and defaults to system", () => {
    expect(THEME_STORAGE_KEY).toBe("vite-ui-theme");
    mockColorScheme(false);
    renderWithProvider();
    expect(screen.getByRole("button")).toHaveTextContent("Theme: system (light)");
    expect(html).toHaveAttribute("data-theme-choice", "system");
    expect(html).toHaveClass("light");
    expect(html).not.toHaveClass("dark");
  });

  it("cycles light → dark → system → light and stores each choice", async () => {
    mockColorScheme(true);
    const user = userEvent.setup();
    renderWithProvider();
    const button = screen.getByRole("button");

    const seen: Array<[string | null, string, string | null]> = [];
    for (let i = 0; i < 4; i++) {
      await user.click(button);
      seen.push([
        localStorage.getItem("vite-ui-theme"),
        html.className,
        html.getAttribute("data-theme-choice"),
      ]);
    }
    expect(seen).toEqual([
      ["light", "light", "light"],
      ["dark", "dark", "dark"],
      ["system", "dark", "system"], // the mocked OS prefers dark
      ["light", "light", "light"],
    ]);
  });

  it("on a light OS cycles system → dark → light → system: the first tap changes the page", async () => {
    mockColorScheme(false);
    const user = userEvent.setup();
    renderWithProvider();
    const button = screen.getByRole("button");
    const seen: Array<[string | null, string]> = [];
    for (let i = 0; i < 4; i++) {
      await user.click(button);
      seen.push([localStorage.getItem("vite-ui-theme"), html.className]);
    }
    expect(seen).toEqual([
      ["dark", "dark"],
      ["light", "light"],
      ["system", "light"],
      ["dark", "dark"],
    ]);
  });

  it("names the next choice from what is shown (docs/decisions/0055)", () => {
    const cases: Array<[Theme, ResolvedTheme, Theme]> = [
      ["system", "light", "dark"],
      ["dark", "light", "light"],
      ["light", "light", "system"],
      ["system", "dark", "light"], // the site's cycle on a dark OS
      ["light", "dark", "dark"],
      ["dark", "dark", "system"],
    ];
    for (const [theme, systemTheme, next] of cases) {
      expect(nextTheme({ theme, systemTheme }), `${theme} on a ${systemTheme} OS`).toBe(next);
      expect(themeLabel({ theme, systemTheme })).toBe(`Theme: ${theme}. Switch to ${next}`);
    }
  });

  it("starts from the stored choice", () => {
    mockColorScheme(false);
    localStorage.setItem("vite-ui-theme", "dark");
    renderWithProvider();
    expect(screen.getByRole("button")).toHaveTextContent("Theme: dark (dark)");
    expect(html).toHaveClass("dark");
  });

  it("ignores a stored value that is not a theme", () => {
    mockColorScheme(true);
    localStorage.setItem("vite-ui-theme", "purple");
    renderWithProvider();
    expect(screen.getByRole("button")).toHaveTextContent("Theme: system (dark)");
  });

  it("follows the OS preference live in system mode, and only then", async () => {
    const os = mockColorScheme(false);
    renderWithProvider();
    expect(html).toHaveClass("light");

    act(() => os.setDark(true));
    expect(html).toHaveClass("dark");
    expect(screen.getByRole("button")).toHaveTextContent("Theme: system (dark)");

    act(() => os.setDark(false));
    expect(html).toHaveClass("light");

    // An explicit choice is not overridden by the OS.
    await userEvent.setup().click(screen.getByRole("button")); // light OS: → dark
    expect(html).toHaveClass("dark");
    act(() => os.setDark(false));
    act(() => os.setDark(true));
    act(() => os.setDark(false));
    expect(html).toHaveClass("dark");
    expect(html).not.toHaveClass("light");
  });

  it("stops listening to the OS when unmounted", () => {
    const os = mockColorScheme(false);
    const { unmount } = renderWithProvider();
    expect(os.listenerCount()).toBe(1);
    unmount();
    expect(os.listenerCount()).toBe(0);
  });

  it("useTheme outside the provider fails loudly", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => render(<ThemeButton />)).toThrow(/ThemeProvider/);
  });
});

describe("themeScript (inline, before first paint)", () => {
  const run = () => new Function(themeScript)();

  it.each([
    [null, false, "light", "system"],
    [null, true, "dark", "system"],
    ["light", true, "light", "light"],
    ["dark", false, "dark", "dark"],
    ["system", true, "dark", "system"],
    ["bogus", false, "light", "system"],
  ])(
    "stored %s, OS dark %s → class %s, choice %s",
    (stored, osDark, expectedClass, expectedChoice) => {
      mockColorScheme(osDark);
      if (stored) localStorage.setItem("vite-ui-theme", stored);
      run();
      expect(html.className).toBe(expectedClass);
      expect(html).toHaveAttribute("data-theme-choice", expectedChoice);
    },
  );

  it("still paints the default when storage throws", () => {
    mockColorScheme(true);
    vi.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new Error("denied");
    });
    run();
    expect(html.className).toBe("dark");
    vi.restoreAllMocks();
  });

  it("agrees with ThemeProvider, so hydration changes nothing", () => {
    mockColorScheme(true);
    localStorage.setItem("vite-ui-theme", "system");
    run();
    const painted = [html.className, html.getAttribute("data-theme-choice")];
    renderWithProvider();
    expect([html.className, html.getAttribute("data-theme-choice")]).toEqual(painted);
  });
});
