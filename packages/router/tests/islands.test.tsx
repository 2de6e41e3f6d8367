// @vitest-environment jsdom
// An island is prerendered apart and hydrated apart (docs/decisions/0040-islands.md):
// the HTML the build writes is what the browser's island root hydrates, useId included.
import { act, useId, useState } from "react";
import { Link } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { Island } from "../src";
import { hydrateIslandRoot } from "../src/island-root";
import { inDocumentRouter } from "../src/islands";
import { renderStatic } from "../src/server";

function Counter({ label }: { label: string }) {
  const id = useId();
  const [count, setCount] = useState(0);
  return (
    <div>
      <label htmlFor={id}>{label}</label>
      <output id={id}>{count}</output>
      <button type="button" onClick={() => setCount((n) => n + 1)}>
        More
      </button>
      <Link to="/projects">Projects</Link>
    </div>
  );
}

function Plain({ label }: { label: string }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id}>{label}</label>
      <input id={id} />
    </div>
  );
}

function Page() {
  const pageId = useId();
  return (
    <main>
      <h1 id={pageId}>Static</h1>
      <p>Never hydrated.</p>
      <Island
        name="test:counter"
        hydrate="interaction"
        component={Counter}
        props={{ label: "Count" }}
      />
    </main>
  );
}

/** Hydrates `element` in the island's container; fails on any hydration mismatch. */
async function hydrate(container: HTMLElement, name: string, element: React.ReactElement) {
  const errors = vi.spyOn(console, "error");
  let hydrated = false;
  await act(async () => {
    hydrateIslandRoot(container, name, element, () => {
      hydrated = true;
    });
  });
  expect(hydrated).toBe(true);
  // (Not every console.error: rendering with the server's renderer in this same process
  // leaves a development-only note about two renderers that a browser never sees.)
  const mismatches = errors.mock.calls.filter((call) =>
    /hydrat|did not match|recoverable/i.test(call.map(String).join(" ")),
  );
  expect(mismatches).toEqual([]);
  errors.mockRestore();
}

describe("islands", () => {
  it("prerenders an island apart, with its name, moment, props and its own ids", async () => {
    const html = await renderStatic(<Page />, "/here");
    expect(html).toContain('data-island="test:counter" data-hydrate="interaction"');
    expect(html).toContain('data-props="{&quot;label&quot;:&quot;Count&quot;}"');
    expect(html).not.toContain("data-island-slot");
    const island = html.slice(html.indexOf("data-island"));
    expect(island).toMatch(/<label for="[^"]*test-counter-[^"]*">Count<\/label>/);
    expect(island).toContain('<a href="/projects" data-discover="true">Projects</a>');
  });

  it("hydrates the prerendered island without a mismatch; its links navigate through the page", async () => {
    document.body.innerHTML = await renderStatic(<Page />, "/here");
    const container = document.querySelector<HTMLElement>("[data-island]")!;
    const props = JSON.parse(container.dataset.props!) as { label: string };
    const navigations: string[] = [];
    await hydrate(
      container,
      "test:counter",
      inDocumentRouter(<Counter {...props} />, (url) => navigations.push(url)),
    );
    await act(async () => container.querySelector("button")!.click());
    expect(container.querySelector("output")!.textContent).toBe("1");
    await act(async () => container.querySelector("a")!.click());
    expect(navigations).toEqual(["/projects"]);
  });

  it("prerenders and hydrates an island that takes no router without one", async () => {
    const page = (
      <main>
        <Island
          name="test:plain"
          hydrate="load"
          router={false}
          component={Plain}
          props={{ label: "Name" }}
        />
      </main>
    );
    const html = await renderStatic(page, "/here");
    expect(html).toContain('data-island="test:plain" data-hydrate="load" data-router="none"');
    document.body.innerHTML = html;
    const container = document.querySelector<HTMLElement>("[data-island]")!;
    await hydrate(container, "test:plain", <Plain label="Name" />);
    expect(container.querySelector("label")!.htmlFor).toBe(container.querySelector("input")!.id);
  });

  it("fails the prerender of a router-less island that uses the router", async () => {
    const page = (
      <Island
        name="test:counter"
        hydrate="load"
        router={false}
        component={Counter}
        props={{ label: "Count" }}
      />
    );
    await expect(renderStatic(page, "/here")).rejects.toThrow(/<Router>|basename/);
  });
});
