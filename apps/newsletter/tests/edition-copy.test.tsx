// An edition's page puts a 'Copy' button on each code block once the script runs, as an
// article does.
import { loadEditions } from "@portfolio/content/newsletter";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import NewsletterRoutes from "../src/routes";
import { EditionBody } from "../src/routes/edition-body";

afterEach(() => vi.unstubAllGlobals());

describe("an edition's code blocks", () => {
  it("have no button in the server's HTML, and one per block on the page", async () => {
    const edition = (await loadEditions()).find((e) => e.html.includes("<pre"))!;
    const html = renderToString(<EditionBody html={edition.html} />);
    expect(html).toContain('class="code-block"');
    expect(html).not.toContain("<button");

    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    render(
      <MemoryRouter initialEntries={[`/newsletter/${edition.id}`]}>
        <Routes>
          <Route path="/newsletter/*" element={<NewsletterRoutes />} />
        </Routes>
      </MemoryRouter>,
    );
    const article = screen.getByRole("article", { name: edition.title });
    await waitFor(() => expect(article.querySelector("pre")).not.toBeNull());
    const pres = article.querySelectorAll("pre");
    const buttons = await within(article).findAllByRole("button", { name: "Copy" });
    expect(buttons).toHaveLength(pres.length);
    // Beside the <pre> (which scrolls), in the wrapper the styles keep a strip free in.
    expect(buttons[0]!.previousElementSibling).toBe(pres[0]);
    expect(article.querySelector(".with-copy-buttons")).toContainElement(buttons[0]!);

    await act(async () => fireEvent.click(buttons[0]!));
    expect(writeText).toHaveBeenCalledWith(pres[0]!.textContent);
    expect(buttons[0]).toHaveTextContent("Copied");
    expect(within(article).getByRole("status")).toHaveTextContent("Copied");
  });
});
