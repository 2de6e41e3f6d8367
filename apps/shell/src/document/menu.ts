/**
 * The small screens' menu (chrome/mobile-nav.tsx): a modal <dialog> opened by the
 * button `data-menu-open`, closed by its 'Close menu' button, Escape, a click outside it
 * or a chosen link. The browser makes the rest of the page inert; this keeps Tab inside
 * it (it would otherwise leave for the browser's own controls) and gives the focus back
 * to the button. Listeners on the document: they hold after the app renders anew.
 */
export function attachMenu(): void {
  const dialog = () => document.querySelector<HTMLDialogElement>("dialog[data-menu]");
  const button = () => document.querySelector<HTMLButtonElement>("[data-menu-open]");

  document.addEventListener("click", (event) => {
    const target = event.target as Element;
    const menu = dialog();
    if (!menu) return;
    if (target.closest?.("[data-menu-open]")) {
      if (!menu.open) menu.showModal();
      button()?.setAttribute("aria-expanded", "true");
      return;
    }
    if (!menu.open) return;
    if (target === menu) {
      // The backdrop is part of the dialog element: a click outside its box closes it.
      const box = menu.getBoundingClientRect();
      const { clientX: x, clientY: y } = event;
      if (x < box.left || x > box.right || y < box.top || y > box.bottom) menu.close();
      return;
    }
    if (target.closest?.("[data-menu-close]") || target.closest?.("a[href]")) menu.close();
  });

  document.addEventListener("keydown", (event) => {
    const menu = dialog();
    if (event.key !== "Tab" || !menu?.open) return;
    const focusable = [...menu.querySelectorAll<HTMLElement>("a[href], button")];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  });

  // `close` comes however it closed (Escape included).
  document.addEventListener(
    "close",
    (event) => {
      if (!(event.target instanceof HTMLDialogElement) || !event.target.hasAttribute("data-menu"))
        return;
      const opener = button();
      opener?.setAttribute("aria-expanded", "false");
      opener?.focus();
    },
    true, // `close` does not bubble
  );
}
