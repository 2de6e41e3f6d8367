// The allow-list sanitizer of the project pages' rich text, against hostile input.
import { projectDetails } from "@portfolio/content/projects";
import { describe, expect, it } from "vitest";
import { ALLOWED_TAGS, sanitizeHtml } from "../src/lib/sanitize-html";

/** Every tag of the output is a bare allowed tag. */
function expectOnlyAllowedTags(html: string) {
  for (const tag of html.match(/<[^>]*>?/g) ?? []) {
    expect(tag).toMatch(/^<\/?(p|ul|ol|li|strong|em|code|h3)>$/);
  }
}

/** What a browser builds from the output: only allowed elements, no attributes. */
function expectSafeDom(html: string) {
  const root = document.createElement("div");
  root.innerHTML = html;
  for (const el of root.querySelectorAll("*")) {
    expect(ALLOWED_TAGS.has(el.tagName.toLowerCase()), el.outerHTML).toBe(true);
    expect(el.attributes, el.outerHTML).toHaveLength(0);
  }
}

describe("sanitizeHtml", () => {
  it("keeps the allowed tags and text as they are", () => {
    const html =
      "<h3>Title</h3><p>Some <strong>bold</strong>, <em>emphasis</em> and <code>kubectl get pods</code>.</p><ul><li>a</li></ul><ol><li>b</li></ol>";
    expect(sanitizeHtml(html)).toBe(html);
  });

  it("keeps the content's own HTML intact", () => {
    for (const d of Object.values(projectDetails)) {
      for (const html of [d!.architecture, d!.challenges]) expect(sanitizeHtml(html)).toBe(html);
    }
  });

  it.each([
    ["<p>ok</p><script>alert(1)</script>", "<p>ok</p>"],
    ["<SCRIPT SRC=//evil.example/x.js></SCRIPT><p>ok</p>", "<p>ok</p>"],
    ['<img src=x onerror="alert(1)">', ""],
    ["<img src=x onerror=alert(1)//", ""],
    ['<p onclick="alert(1)" class="x" style="color:red">hi</p>', "<p>hi</p>"],
    ['<a href="javascript:alert(1)">click</a>', "click"],
    ['<a href="jav&#x09;ascript:alert(1)">x</a>', "x"],
    ["<svg><script>alert(1)</script><circle/></svg><p>after</p>", "<p>after</p>"],
    ["<svg onload=alert(1)>", ""],
    ['<iframe src="javascript:alert(1)"></iframe>', ""],
    ["<style>body{display:none}</style><p>x</p>", "<p>x</p>"],
    ["<!--<script>alert(1)</script>--><p>x</p>", "<p>x</p>"],
    ["<!doctype html><p>x</p>", "<p>x</p>"],
    ["<![CDATA[<script>alert(1)</script>]]>", "alert(1)]]&gt;"],
    ["<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>", ""],
    ["<form action=/x><input name=a><button formaction=javascript:alert(1)>b</button></form>", "b"],
    ['<p title="a>b" onmouseover=alert(1)>t</p>', "<p>t</p>"],
    ["<scr<script>ipt>alert(1)</script>", "ipt&gt;alert(1)"],
    ["<object data=x></object><embed src=x><p>x</p>", "<p>x</p>"],
    ["<base href=//evil.example/><meta http-equiv=refresh content=0;url=x><p>x</p>", "<p>x</p>"],
    ["<template><img src=x onerror=alert(1)></template><p>x</p>", "<p>x</p>"],
    ["<h3/onclick=alert(1)>t</h3>", "<h3>t</h3>"],
    ["<p>1 < 2 && 3 > 2</p>", "<p>1 &lt; 2 &amp;&amp; 3 &gt; 2</p>"],
    [
      "<p>&lt;script&gt; &amp; &quot;q&quot; &#39;s&#39; &#x3c;b&#x3e; &nbsp;&unknown;</p>",
      "<p>&lt;script&gt; &amp; &quot;q&quot; &#39;s&#39; &lt;b&gt; \u00a0&amp;unknown;</p>",
    ],
    ["<p>&#0; &#xD800; &#1114112;</p>", "<p>\ufffd \ufffd \ufffd</p>"],
  ])("%s → %s", (input, output) => {
    const out = sanitizeHtml(input);
    expect(out).toBe(output);
    expectSafeDom(out);
  });

  it("balances what it keeps", () => {
    expect(sanitizeHtml("<p><strong>open")).toBe("<p><strong>open</strong></p>");
    expect(sanitizeHtml("</p></li>text")).toBe("text");
    expect(sanitizeHtml("<ul><li>a<li>b</ul>")).toBe("<ul><li>a</li><li>b</li></ul>");
    expect(sanitizeHtml("<p>a<p>b")).toBe("<p>a</p><p>b</p>");
    expect(sanitizeHtml("<em><strong>x</em>y</strong>")).toBe("<em><strong>x</strong></em>y");
  });

  it("never lets markup through, whatever the input (random hostile strings)", () => {
    const pieces = [
      "<",
      ">",
      "/",
      '"',
      "'",
      "=",
      " ",
      "script",
      "img",
      "p",
      "li",
      "svg",
      "style",
      "on",
      "error",
      "alert(1)",
      "javascript:",
      "&",
      "#",
      ";",
      "<!--",
      "-->",
      "!",
      "?",
      "a",
      "h3",
      "code",
      "\n",
    ];
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    for (let n = 0; n < 2000; n++) {
      let input = "";
      const length = 1 + Math.floor(random() * 40);
      for (let i = 0; i < length; i++) input += pieces[Math.floor(random() * pieces.length)];
      const out = sanitizeHtml(input);
      expectOnlyAllowedTags(out);
      expectSafeDom(out);
      expect(sanitizeHtml(out)).toBe(out); // stable: sanitizing again changes nothing
    }
  });
});
