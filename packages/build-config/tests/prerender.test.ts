import { describe, expect, it } from "vitest";
import { prerenderFileName } from "../src/prerender";

// Where each page's HTML is written, as the gateway's compose.FileName looks it up.
describe("prerenderFileName", () => {
  it.each([
    ["/", "index.html"],
    ["/blog/terraform-guide", "blog/terraform-guide.html"],
    ["/admin/newsletter@signed-out", "admin/newsletter@signed-out.html"],
    ["404", "404.html"],
    ["404:/blog", "404/blog.html"],
  ])("writes %s to %s", (key, file) => {
    expect(prerenderFileName(key)).toBe(file);
  });

  it.each(["/Blog", "/blog/../x", "/admin@", "@signed-out", "/a@b@c", "404:/a/b"])(
    "refuses the key %s",
    (key) => {
      expect(() => prerenderFileName(key)).toThrow(/bad page key/);
    },
  );
});
