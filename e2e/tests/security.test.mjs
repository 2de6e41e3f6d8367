// The security headers the browser receives with the document. (No CSP violation on any
// route: checked per route in routes.test.mjs, on the 404 page in not-found.test.mjs, and
// every test fails on a CSP console error.)
import assert from "node:assert/strict";
import { goto } from "../lib/page.mjs";
import { e2eTest } from "../lib/suite.mjs";

/** Parses a CSP header into { directive: [sources] } (first policy wins per directive). */
function parseCsp(header) {
  const out = {};
  for (const part of header.split(/[;,]/)) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name && !(name.toLowerCase() in out)) out[name.toLowerCase()] = values;
  }
  return out;
}

for (const [path, status] of [
  ["/", 200],
  ["/blog", 200],
  ["/no-such-page", 404],
]) {
  e2eTest(
    `the document ${path} (HTTP ${status}) carries the security headers, CSP without unsafe-inline/unsafe-eval`,
    async ({ page }) => {
      const res = await goto(page, path, { status });
      const h = await res.allHeaders();
      const problems = [];
      const csp = h["content-security-policy"];
      if (!csp) problems.push("no Content-Security-Policy header");
      else {
        const d = parseCsp(csp);
        const scriptSrc = d["script-src"] ?? d["default-src"];
        if (!scriptSrc) problems.push(`CSP has neither script-src nor default-src: ${csp}`);
        else {
          for (const bad of ["'unsafe-inline'", "'unsafe-eval'", "*", "http:", "https:", "data:"]) {
            if (scriptSrc.includes(bad))
              problems.push(`CSP script-src allows ${bad}: ${scriptSrc.join(" ")}`);
          }
          if (!scriptSrc.includes("'self'"))
            problems.push(`CSP script-src lacks 'self': ${scriptSrc.join(" ")}`);
        }
        if (!(d["frame-ancestors"] ?? []).includes("'none'"))
          problems.push(`CSP lacks frame-ancestors 'none': ${csp}`);
        if (!d["object-src"] && !(d["default-src"] ?? []).includes("'none'"))
          problems.push(`CSP lacks object-src (or default-src 'none'): ${csp}`);
      }
      if (h["x-content-type-options"] !== "nosniff")
        problems.push(`X-Content-Type-Options: ${h["x-content-type-options"]}`);
      if (!h["referrer-policy"]) problems.push("no Referrer-Policy");
      if (!h["permissions-policy"]) problems.push("no Permissions-Policy");
      if (!h["cross-origin-opener-policy"]) problems.push("no Cross-Origin-Opener-Policy");
      if (h["strict-transport-security"]) problems.push("HSTS sent over plain http://");
      if (h.server && /\d/.test(h.server))
        problems.push(`Server header leaks a version: ${h.server}`);
      if (h["x-powered-by"]) problems.push(`X-Powered-By: ${h["x-powered-by"]}`);
      assert.ok(problems.length === 0, `${path}:\n${problems.join("\n")}`);
    },
  );
}
