import {
  loadSearch,
  SECTION_LABELS,
  type SearchResult,
  type SiteSearch,
} from "../search/search-index";

// The search palette (docs/decisions/0042-search.md): a modal <dialog> with a combobox
// and its listbox of results, plain DOM, loaded with the site's documents on first use.
// The arrow keys move through the results, Enter opens one (or, with none chosen,
// submits to the results page), Escape closes; a live region says how many were found,
// and shows what the list cannot: that nothing matched, or that search is loading or
// unavailable.

const ID = "site-search";
const LIMIT = 8;
/** What the field is for, its label and placeholder (e2e: the combobox's name). */
const LABEL = "Search the site";
/** The status as a sighted reader sees it when it stands instead of results. */
const SHOWN = "px-4 py-6 text-center text-sm text-muted-foreground";

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string>,
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  el.append(...children);
  return el;
}

interface Palette {
  dialog: HTMLDialogElement;
  input: HTMLInputElement;
  list: HTMLUListElement;
  status: HTMLElement;
}

function build(go: (url: string) => void): Palette {
  const input = element("input", {
    id: `${ID}-input`,
    name: "q",
    type: "search",
    role: "combobox",
    "aria-expanded": "false",
    "aria-controls": `${ID}-results`,
    "aria-autocomplete": "list",
    autocomplete: "off",
    spellcheck: "false",
    placeholder: LABEL,
    class:
      "h-10 min-w-0 flex-1 rounded-md border border-input bg-background px-3 text-base outline-none focus-visible:ring-2 focus-visible:ring-ring",
  });
  const close = element(
    "button",
    {
      type: "button",
      "data-search-close": "",
      class:
        "rounded-md border border-border px-2 py-1 text-xs text-muted-foreground hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring",
    },
    "Esc",
  );
  close.setAttribute("aria-label", "Close search");
  const form = element(
    "form",
    {
      role: "search",
      action: "/search",
      method: "get",
      class: "flex items-center gap-2 border-b border-border p-3",
    },
    element("label", { for: input.id, class: "sr-only" }, LABEL),
    input,
    close,
  );
  const status = element("p", { role: "status", class: "sr-only", id: `${ID}-status` });
  const list = element("ul", {
    id: `${ID}-results`,
    role: "listbox",
    "aria-label": "Results",
    class: "flex flex-col gap-1 overflow-y-auto p-2",
  });
  const dialog = element(
    "dialog",
    {
      id: ID,
      "aria-label": "Search",
      class:
        "mx-auto mt-[10vh] max-h-[80vh] w-[min(40rem,calc(100%-2rem))] flex-col rounded-lg border border-border bg-background p-0 text-foreground shadow-lg open:flex backdrop:bg-black/60",
    },
    form,
    status,
    list,
  );
  document.body.append(dialog);

  let search: SiteSearch | undefined;
  let results: SearchResult[] = [];
  let active = -1;

  const choose = (i: number) => {
    active = i;
    [...list.children].forEach((option, j) => {
      option.setAttribute("aria-selected", String(j === i));
    });
    const option = list.children[i];
    if (option) {
      input.setAttribute("aria-activedescendant", option.id);
      option.scrollIntoView?.({ block: "nearest" });
    } else input.removeAttribute("aria-activedescendant");
  };

  const open = (i: number) => {
    const result = results[i];
    if (!result) return;
    dialog.close();
    go(result.document.url);
  };

  /** Puts `text` in the live region, shown where the results would be when `shown`. */
  const say = (text: string, shown: boolean) => {
    status.textContent = text;
    status.className = shown && text ? SHOWN : "sr-only";
  };

  const render = () => {
    const query = input.value.trim();
    results = search && query ? search.search(query).slice(0, LIMIT) : [];
    list.replaceChildren(
      ...results.map((result, i) => {
        const excerpt = element("p", { class: "mt-1 text-sm text-muted-foreground" });
        for (const run of result.excerpt)
          excerpt.append(run.match ? element("mark", {}, run.text) : run.text);
        const option = element(
          "li",
          {
            id: `${ID}-option-${i}`,
            role: "option",
            "aria-selected": "false",
            class:
              "cursor-pointer rounded-md px-3 py-2 hover:bg-accent aria-selected:bg-accent aria-selected:text-accent-foreground",
          },
          element(
            "span",
            { class: "text-xs font-medium uppercase tracking-wide text-muted-foreground" },
            SECTION_LABELS[result.document.section],
          ),
          element("span", { class: "block font-semibold" }, result.document.title),
          excerpt,
        );
        option.addEventListener("click", () => open(i));
        return option;
      }),
    );
    input.setAttribute("aria-expanded", String(results.length > 0));
    choose(-1);
    if (!search) say(query ? "Loading the search…" : "", true);
    else if (!query) say("", false);
    else if (results.length === 0) say(`No results for “${query}”`, true);
    // The count is for screen readers: the list shows the results themselves.
    else say(`${results.length} result${results.length === 1 ? "" : "s"}`, false);
  };

  input.addEventListener("input", render);
  input.addEventListener("keydown", (event) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (results.length === 0) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      choose((active + step + results.length) % results.length);
    } else if (event.key === "Enter" && active >= 0) {
      event.preventDefault();
      open(active);
    } else if (event.key === "Escape") {
      // A search field would take the first Escape to clear itself: it closes the palette.
      event.preventDefault();
      dialog.close();
    }
  });
  close.addEventListener("click", () => dialog.close());
  dialog.addEventListener("click", (event) => {
    if (event.target !== dialog) return;
    const box = dialog.getBoundingClientRect();
    const { clientX: x, clientY: y } = event;
    if (x < box.left || x > box.right || y < box.top || y > box.bottom) dialog.close();
  });

  loadSearch().then(
    (loaded) => {
      search = loaded;
      render();
    },
    () => say("Search is unavailable right now. Press Enter for the results page.", true),
  );
  return { dialog, input, list, status };
}

let palette: Palette | undefined;

/**
 * Opens the palette, building it (and fetching the documents) the first time, with
 * `typed` (what was typed while it loaded) in its field.
 */
export function openSearchPalette(go: (url: string) => void, typed = ""): void {
  palette ??= build(go);
  if (!palette.dialog.open) palette.dialog.showModal();
  palette.input.focus();
  if (typed) {
    palette.input.value = typed;
    palette.input.dispatchEvent(new Event("input"));
  } else palette.input.select();
}
