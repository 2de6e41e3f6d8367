// Where a toast shows: at 375 px below the sticky header, so it never hides the logo,
// the theme control or the menu for its 5 s; from 640 px at the bottom right. And a
// problem's toast goes as soon as its field is edited: with the browser's own check
// blocking the next submit, it would otherwise contradict the form.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { formFields } from "../lib/content.mjs";
import { eventually, goto, waitForPage } from "../lib/page.mjs";
import { REPO_ROOT } from "../lib/paths.mjs";
import { e2eTest } from "../lib/suite.mjs";

const contact = JSON.parse(readFileSync(join(REPO_ROOT, "content", "contact.json"), "utf8"));
const { fields } = contact.form;

async function problemToast(page) {
  await goto(page, "/contact");
  await waitForPage(page);
  const form = page.getByRole("form", { name: contact.form.heading });
  const field = (name) => form.getByLabel(fields[name].label, { exact: true });
  await field("name").fill("A");
  await field("email").fill("jane@example.org");
  await field("message").fill("Hello there, a message long enough.");
  await field("subject").selectOption("job");
  await form.getByRole("button", { name: contact.form.submitLabel }).click();
  const toast = page.getByRole("region", { name: "Notifications (F8)" }).getByRole("listitem");
  await toast.waitFor();
  assert.match(await toast.innerText(), new RegExp(formFields.nameTooShort));
  return { toast, field };
}

e2eTest(
  "at 375 px a toast sits below the header, hiding none of its controls",
  { context: { viewport: { width: 375, height: 800 } } },
  async ({ page }) => {
    const { toast } = await problemToast(page);
    const header = await page.locator("header").first().boundingBox();
    assert.ok(header, "the header is on screen");
    // Once it has slid in (it enters with an animation from above).
    await eventually(async () => {
      const box = await toast.boundingBox();
      assert.ok(
        box && box.y >= header.y + header.height,
        `toast at y ${box?.y}, header ends at ${header.y + header.height}`,
      );
    });
    // The menu button stays clickable while the toast shows.
    await page.getByRole("button", { name: /menu/i }).first().click({ trial: true });
  },
);

e2eTest("at 1280 px a toast sits at the bottom right", async ({ page }) => {
  const { toast } = await problemToast(page);
  const box = await toast.boundingBox();
  assert.ok(
    box && box.y + box.height > 800 - 120 && box.x > 1280 / 2,
    `toast at ${JSON.stringify(box)}`,
  );
});

e2eTest(
  "a problem's toast goes once its field is edited, even when the browser blocks the next submit",
  async ({ page }) => {
    const { toast, field } = await problemToast(page);
    await field("name").fill("Ada");
    await field("email").fill("not-an-email");
    await page.getByRole("button", { name: contact.form.submitLabel }).click(); // the browser's bubble blocks it
    await eventually(async () =>
      assert.equal(await toast.count(), 0, "the stale name toast is gone"),
    );
  },
);
