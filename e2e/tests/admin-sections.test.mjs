// The admin's Sections panel end to end, against the built bin/gateway: the blog's
// build packed into a release artifact (`bin/gateway sections pack`, as `make release`
// does) and published to this file's gateway by the CLI (`sections publish`, with the
// gateway's PORTFOLIO_DATA_DIR); then, in the browser, the panel lists blog, newsletter
// and admin on their shipped builds, 'Promote' (after its confirmation dialog) makes
// the blog serve the release (the panel, /mf/remotes.json and the release's manifest
// agree), and 'Roll back' returns it to the shipped build. A signing key (made by
// ssh-keygen) added in the panel makes the unsigned release unpromotable until the
// release, signed by it (ssh-keygen -Y sign) and published again, is; removed, the key no
// longer verifies it. axe finds nothing on the panel, with and without its dialogs. The
// gateway is killed by PID when the file is done.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe } from "node:test";
import { signInAdmin } from "../lib/admin.mjs";
import { axeViolations } from "../lib/axe.mjs";
import { passwordHash, startGateway } from "../lib/gateway.mjs";
import { eventually, expectToast, holdRequests, waitForPage } from "../lib/page.mjs";
import { GATEWAY_BIN, REPO_ROOT } from "../lib/paths.mjs";
import { e2eTest } from "../lib/suite.mjs";

const USER = "owner";
const PASSWORD = "e2e sections password, long enough";
const SHIPPED_ENTRY = "/mf/blog/mf-manifest.json";

let gateway;
let work;
/** The version of the blog release published in before(), and its artifact. */
let version;
let artifact;
const at = (path) => `${gateway.url}${path}`;

/** bin/gateway with the given PORTFOLIO_* settings only (a developer's own never leak in). */
function gatewayCli(args, env = {}) {
  return execFileSync(GATEWAY_BIN, args, {
    cwd: REPO_ROOT,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...Object.fromEntries(
        Object.entries(process.env).filter(([k]) => !k.startsWith("PORTFOLIO_")),
      ),
      ...env,
    },
  });
}
const lastLine = (out) => out.trim().split("\n").at(-1);
/** A regular expression matching `text` literally (versions have dots). */
const literally = (text) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));

const sectionsHeading = (page) => page.getByRole("heading", { level: 2, name: "Sections" });
const section = (page, name) => page.getByRole("region", { name, exact: true });
const serving = (page, name) => section(page, name).getByText(/^Serving:/);
const releaseRow = (page, name, v) =>
  section(page, name)
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: v, exact: true }) });

async function signIn(page) {
  await signInAdmin(page, gateway.adminUrl, USER, PASSWORD);
  await section(page, "Blog").waitFor();
}

async function servingText(page, name) {
  return (await serving(page, name).innerText()).replace(/\s+/g, " ").trim();
}

/** Where /mf/remotes.json says the blog's manifest is. */
async function blogEntry(page) {
  const res = await page.request.get(at("/mf/remotes.json"));
  assert.equal(res.status(), 200);
  const { remotes } = await res.json();
  return remotes.find((r) => r.name === "blog")?.entry;
}

describe("admin sections", () => {
  before(async () => {
    const hash = passwordHash(PASSWORD);
    gateway = await startGateway({
      env: { PORTFOLIO_ADMIN_USER: USER, PORTFOLIO_ADMIN_PASSWORD_HASH: hash },
    });
    // The blog as `make build` left it, packed and published as a release would be.
    work = mkdtempSync(join(tmpdir(), "portfolio-e2e-sections-"));
    artifact = lastLine(
      gatewayCli([
        "sections",
        "pack",
        "blog",
        "--content",
        join(REPO_ROOT, "content"),
        "--commit",
        "e2etest",
        "--out",
        work,
      ]),
    );
    version = lastLine(
      gatewayCli(["sections", "publish", artifact], { PORTFOLIO_DATA_DIR: gateway.dataDir }),
    );
    assert.match(version, /^\d.*-e2etest$/, `the published version: ${version}`);
  });

  after(async () => {
    await gateway?.stop();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  e2eTest(
    "the panel lists the shell, blog, newsletter and admin on their shipped builds, the published release ready; axe finds nothing",
    async ({ page }) => {
      await signIn(page);
      await sectionsHeading(page).waitFor();
      for (const name of ["Shell", "Blog", "Newsletter", "Admin"])
        assert.equal(await servingText(page, name), "Serving: Shipped build", name);

      const row = releaseRow(page, "Blog", version);
      const text = (await row.innerText()).replace(/\s+/g, " ");
      assert.match(text, /Ready/, `the release passes the site's checks: ${text}`);
      assert.match(text, /cli:/, `published by the CLI: ${text}`);
      const promote = row.getByRole("button", { name: "Promote" });
      assert.equal(await promote.getAttribute("aria-disabled"), null);
      assert.equal(await blogEntry(page), SHIPPED_ENTRY);
      const history = section(page, "Blog").getByRole("list", { name: "Blog history" });
      assert.match(await history.innerText(), literally(`published ${version}`));
      const rollBack = section(page, "Blog").getByRole("button", { name: "Roll back" });
      assert.equal(await rollBack.getAttribute("aria-disabled"), "true");

      const found = await axeViolations(page, "sections panel");
      await promote.click();
      const dialog = page.getByRole("dialog", { name: `Promote Blog ${version}?` });
      await dialog.waitFor();
      found.push(...(await axeViolations(page, "promote dialog")));
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "detached" });
      assert.equal(await promote.evaluate((el) => el === document.activeElement), true);
      assert.equal(await servingText(page, "Blog"), "Serving: Shipped build");
      assert.deepEqual(found, []);
    },
  );

  e2eTest(
    "Promote makes the blog serve the release everywhere; Roll back returns it to the shipped build",
    async ({ page }) => {
      await signIn(page);
      const row = releaseRow(page, "Blog", version);
      const promote = row.getByRole("button", { name: /^(Promote|Promoting\.\.\.)$/ });

      // Progress on that row while the server works.
      const release = await holdRequests(page, "**/api/admin/sections/blog/promote");
      await promote.click();
      const dialog = page.getByRole("dialog", { name: `Promote Blog ${version}?` });
      await dialog.getByRole("button", { name: "Promote" }).click();
      await eventually(async () =>
        assert.equal((await promote.innerText()).trim(), "Promoting..."),
      );
      assert.equal(await promote.getAttribute("aria-disabled"), "true");
      release();
      await expectToast(page, "Release promoted", `Blog now serves ${version}.`);
      await eventually(async () =>
        assert.equal(await servingText(page, "Blog"), `Serving: ${version}`),
      );
      assert.equal(await servingText(page, "Newsletter"), "Serving: Shipped build");
      // Every gateway follows within about a second: this one's remotes.json too.
      const entry = `/mf/blog/${version}/mf-manifest.json`;
      await eventually(async () => assert.equal(await blogEntry(page), entry), {
        timeout: 5000,
      });
      assert.equal((await page.request.get(at(entry))).status(), 200);

      const rollBack = section(page, "Blog").getByRole("button", { name: "Roll back" });
      assert.equal(await rollBack.getAttribute("aria-disabled"), null);
      await rollBack.click();
      const back = page.getByRole("dialog", { name: `Roll back Blog ${version}?` });
      assert.match(await back.innerText(), /the shipped build again/);
      await back.getByRole("button", { name: "Roll back" }).click();
      await expectToast(page, "Rolled back", "Blog now serves the shipped build.");
      await eventually(async () =>
        assert.equal(await servingText(page, "Blog"), "Serving: Shipped build"),
      );
      await eventually(async () => assert.equal(await blogEntry(page), SHIPPED_ENTRY), {
        timeout: 5000,
      });
      assert.equal(await rollBack.getAttribute("aria-disabled"), "true");

      const history = (
        await section(page, "Blog").getByRole("list", { name: "Blog history" }).innerText()
      ).replace(/\s+/g, " ");
      assert.match(
        history,
        literally(`admin:${USER} rolled back from ${version} to the shipped build`),
      );
      assert.match(
        history,
        literally(`admin:${USER} promoted ${version}, replacing the shipped build`),
      );
    },
  );

  // Last: it leaves the release signed by a key the blog no longer has.
  e2eTest(
    "a signing key added in the panel refuses the unsigned release until it is signed; removed, it no longer verifies it",
    async ({ page }) => {
      const key = join(work, "blog-release");
      execFileSync("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", "blog-ci", "-f", key]);
      const pub = execFileSync("ssh-keygen", ["-l", "-f", `${key}.pub`], { encoding: "utf8" });
      const fingerprint = pub.split(" ")[1];
      const requires = "release: blog requires a signature by one of its keys; ";
      await signIn(page);
      const blog = section(page, "Blog");
      const keys = blog.getByRole("heading", { name: "Signing keys" }).locator("..");
      assert.match(await keys.innerText(), /None: Blog takes unsigned releases/);

      const form = blog.getByRole("form", { name: "Add a signing key to Blog" });
      await form.getByLabel("Public key").fill(readFileSync(`${key}.pub`, "utf8"));
      await form.getByRole("button", { name: "Add key" }).click();
      await expectToast(
        page,
        "Key added",
        `Blog now takes only releases signed by ${fingerprint} or another of its keys.`,
      );
      const list = blog.getByRole("list", { name: "Blog signing keys" });
      await eventually(async () => assert.match(await list.innerText(), literally(fingerprint)));
      assert.match(
        gatewayCli(["sections", "key", "list", "blog"], { PORTFOLIO_DATA_DIR: gateway.dataDir }),
        literally(fingerprint),
      );
      // The unsigned release can no longer be promoted, and says why.
      const row = releaseRow(page, "Blog", version);
      const promote = row.getByRole("button", { name: "Promote" });
      await eventually(async () =>
        assert.match(await row.innerText(), literally(`${requires}this release is unsigned`)),
      );
      assert.equal(await promote.getAttribute("aria-disabled"), "true");
      const found = await axeViolations(page, "sections panel with a key");

      // Signed as make release SIGNING_KEY=… signs it, published again by the CLI.
      execFileSync("sh", [
        "-c",
        'tar -xzOf "$1" release.json | ssh-keygen -q -Y sign -f "$2" -n portfolio-release > "$1.sig"',
        "sh",
        artifact,
        key,
      ]);
      gatewayCli(["sections", "publish", artifact], { PORTFOLIO_DATA_DIR: gateway.dataDir });
      await page.reload();
      await waitForPage(page);
      await eventually(async () => {
        const text = (await row.innerText()).replace(/\s+/g, " ");
        assert.match(text, literally(`signed ${fingerprint}`));
        assert.match(text, /Ready/);
      });
      assert.equal(await promote.getAttribute("aria-disabled"), null);

      // Removed: the key no longer verifies the release it signed.
      await list.getByRole("button", { name: "Remove" }).click();
      const dialog = page.getByRole("dialog", {
        name: `Remove the key ${fingerprint} from Blog?`,
      });
      await dialog.waitFor();
      found.push(...(await axeViolations(page, "remove key dialog")));
      assert.match(await dialog.innerText(), /Blog will take unsigned releases again/);
      await dialog.getByRole("button", { name: "Remove" }).click();
      await expectToast(page, "Key removed", `${fingerprint} no longer signs Blog's releases.`);
      await list.waitFor({ state: "detached" });
      await eventually(async () =>
        assert.match(
          await row.innerText(),
          literally(
            `this release is signed by key ${fingerprint}, which is not one of blog's keys`,
          ),
        ),
      );
      assert.equal(await promote.getAttribute("aria-disabled"), "true");
      const history = (await blog.getByRole("list", { name: "Blog history" }).innerText()).replace(
        /\s+/g,
        " ",
      );
      assert.match(history, literally(`admin:${USER} removed the signing key ${fingerprint}`));
      assert.match(history, literally(`admin:${USER} added the signing key ${fingerprint}`));
      assert.deepEqual(found, []);
    },
  );
});
