// The yardstick of `make bench`: a route's HTML as the gateway serves it, with every
// script taken out, served from 127.0.0.1 beside the gateway. Whatever else the copy
// asks for (CSS, images, fonts) is passed through to the gateway unchanged, so the copy
// differs from the page only in its JavaScript. Lighthouse measures both in the same
// run; LCP(page) / LCP(copy) is how much the page's JavaScript delays its content.
import { createServer, request as httpRequest } from "node:http";
import { gzipSync } from "node:zlib";

/**
 * The HTML without what would run or fetch code: <script> elements (external, module,
 * inline) and <link>s that preload scripts. Everything else stays byte for byte.
 */
export function stripScripts(html) {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, "")
    .replace(/<link\b[^>]*>/gi, (tag) => {
      const rel = /\brel\s*=\s*["']?([^"'>]*)/i.exec(tag)?.[1].toLowerCase().split(/\s+/) ?? [];
      const as = /\bas\s*=\s*["']?([^"'\s>]*)/i.exec(tag)?.[1].toLowerCase();
      return rel.includes("modulepreload") || (rel.includes("preload") && as === "script")
        ? ""
        : tag;
    });
}

/**
 * Serves the no-JavaScript copies on a free 127.0.0.1 port: GET of a route path added
 * with `add` answers its stripped HTML (gzip when accepted, as the gateway would); any
 * other request is proxied to gatewayURL.
 *
 * @returns {Promise<{ url: string, add: (path: string) => Promise<{ scripts: number, bytes: number }>, close: () => Promise<void> }>}
 */
export async function startNoJsCopies(gatewayURL) {
  const upstream = new URL(gatewayURL);
  const copies = new Map(); // path -> stripped HTML
  const server = createServer((req, res) => {
    const path = new URL(req.url, "http://x").pathname;
    const html = req.method === "GET" || req.method === "HEAD" ? copies.get(path) : undefined;
    if (html !== undefined) {
      const gzip = /\bgzip\b/.test(req.headers["accept-encoding"] ?? "");
      const body = gzip ? gzipSync(html) : Buffer.from(html);
      res.writeHead(200, {
        "Content-Type": "text/html; charset=utf-8",
        "Cache-Control": "no-cache",
        "Content-Length": body.length,
        ...(gzip ? { "Content-Encoding": "gzip", Vary: "Accept-Encoding" } : {}),
      });
      res.end(req.method === "HEAD" ? undefined : body);
      return;
    }
    const out = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host },
      },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    out.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(out);
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    async add(path) {
      const res = await fetch(new URL(path, gatewayURL));
      const html = await res.text();
      const stripped = stripScripts(html);
      copies.set(path, stripped);
      return {
        scripts: (html.match(/<script\b/gi) ?? []).length,
        bytes: Buffer.byteLength(stripped),
      };
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
