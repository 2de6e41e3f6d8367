package emailhtml_test

import (
	"net/url"
	"strings"
	"testing"

	"github.com/portfolio-site/portfolio/services/newsletter/emailhtml"
)

// edition is HTML as the content build renders an edition (scripts/markdown/render.mjs):
// a heading with its id, a paragraph with inline code and links, a list, an ordered
// list going on after a code block, and a code block highlighted by Shiki.
const edition = `<h2 id="deep-dive-state">Deep dive: state</h2>
<p>Run <code>terraform plan</code>, read <a href="/blog/terraform-guide">the guide</a> and <a href="https://developer.hashicorp.com/terraform" target="_blank" rel="noopener noreferrer">the docs</a>.</p>
<ul>
<li>A moved block.</li>
<li>An import block.</li>
</ul>
<pre class="shiki shiki-themes github-light-default github-dark-default" style="--shiki-light:#1f2328;--shiki-dark:#e6edf3" tabindex="0" data-language="hcl"><code><span class="line"><span style="--shiki-light:#CF222E">moved</span><span> {</span></span>
<span class="line"><span>  from = aws_security_group.app &amp;&amp; &lt;x&gt;</span></span>
<span class="line"><span>}</span></span></code></pre>
<ol start="4">
<li><p>Split the tests.</p>
</li>
<li><p>Cache.</p>
<ul>
<li>nested</li>
</ul>
</li>
</ol>
<blockquote>
<p>Quoted.</p>
</blockquote>
`

var base = &url.URL{Scheme: "https", Host: "portfolio.test", Path: "/newsletter/2"}

func TestClean(t *testing.T) {
	got, err := emailhtml.Clean(edition, base)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"<h2>Deep dive: state</h2>", // no id: nothing in an email links to it
		`<a href="https://portfolio.test/blog/terraform-guide">the guide</a>`,
		`<a href="https://developer.hashicorp.com/terraform">the docs</a>`,
		"<ul>\n<li>A moved block.</li>\n<li>An import block.</li>\n</ul>",
		"<pre><code>moved {\n  from = aws_security_group.app &amp;&amp; &lt;x&gt;\n}</code></pre>",
		`<ol start="4">`,
		"<blockquote>\n<p>Quoted.</p>\n</blockquote>",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("Clean lacks %q:\n%s", want, got)
		}
	}
	for _, unwanted := range []string{"shiki", "<span", "style=", "tabindex", "target=", "id="} {
		if strings.Contains(got, unwanted) {
			t.Errorf("Clean keeps %q:\n%s", unwanted, got)
		}
	}
}

// What no edition's HTML holds, but an email must never carry whatever it is given.
func TestCleanRefusesWhatAnEmailMustNotCarry(t *testing.T) {
	tests := []struct {
		name, in, want string
		base           *url.URL
	}{
		{"script", `<p>a<script>alert(1)</script>b</p>`, "<p>ab</p>", base},
		{"style and comment", `<style>p{}</style><!-- x --><p>a</p>`, "<p>a</p>", base},
		{"javascript link", `<p><a href="javascript:alert(1)">x</a></p>`, "<p>x</p>", base},
		{"data image", `<p><img src="data:image/png;base64,AA" alt="a">b</p>`, "<p>b</p>", base},
		{"event handler", `<p onclick="x()">a</p>`, "<p>a</p>", base},
		{"unknown wrapper", `<div class="x"><section><p>a</p></section></div>`, "<p>a</p>", base},
		{"relative link without a base", `<p><a href="/x">a</a></p>`, "<p>a</p>", nil},
		{"anchor", `<p><a href="#deep-dive">a</a></p>`, `<p><a href="https://portfolio.test/newsletter/2#deep-dive">a</a></p>`, base},
		{"mailto", `<p><a href="mailto:a@b.test">a</a></p>`, `<p><a href="mailto:a@b.test">a</a></p>`, nil},
		{"image", `<p><img src="/images/x.svg" alt="X" loading="lazy"></p>`, `<p><img src="https://portfolio.test/images/x.svg" alt="X"/></p>`, base},
		{"bad start", `<ol start="x"><li>a</li></ol>`, "<ol><li>a</li></ol>", base},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := emailhtml.Clean(tt.in, tt.base)
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("Clean(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestStyled(t *testing.T) {
	clean, err := emailhtml.Clean(edition, base)
	if err != nil {
		t.Fatal(err)
	}
	got, err := emailhtml.Styled(clean)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`<h2 style="margin:32px 0 12px;font-size:19px;`,
		"<ul style=\"margin:0 0 16px;padding:0 0 0 24px;\">\n<li style=\"margin:0 0 6px;\">A moved block.</li>",
		// The code wraps in its box: white-space:pre made the email wider than a phone.
		`<pre style="margin:0 0 16px;padding:12px 16px;border-radius:6px;background:#18181b;color:#fafafa;font-size:13px;line-height:1.5;white-space:pre-wrap;word-break:break-word;overflow-wrap:anywhere;max-width:100%;overflow-x:auto;"><code style="font-family:`,
		`<li style="margin:0 0 6px;"><p style="margin:0 0 8px;">Split the tests.</p>`,
		"<ul style=\"margin:6px 0 0;padding:0 0 0 20px;\">\n<li style=\"margin:0 0 6px;\">nested</li>",
		`<a href="https://portfolio.test/blog/terraform-guide" style="color:#2563eb;`,
		`<code style="font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,&#39;Liberation Mono&#39;,monospace;font-size:0.9em;background:#f4f4f5;`,
	} {
		if !strings.Contains(string(got), want) {
			t.Errorf("Styled lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(string(got), "white-space:pre;") {
		t.Errorf("Styled keeps code on lines that do not wrap:\n%s", got)
	}
	// Styled cleans what it is given: a stored field is not trusted to be Clean's.
	if got, _ := emailhtml.Styled(`<p>a<script>x</script><a href="javascript:x">b</a></p>`); got != `<p style="margin:0 0 16px;">ab</p>` {
		t.Errorf("Styled of a hostile fragment = %q", got)
	}
}

func TestText(t *testing.T) {
	clean, err := emailhtml.Clean(edition, base)
	if err != nil {
		t.Fatal(err)
	}
	got, err := emailhtml.Text(clean)
	if err != nil {
		t.Fatal(err)
	}
	want := `Deep dive: state

Run terraform plan, read the guide (https://portfolio.test/blog/terraform-guide) and the docs (https://developer.hashicorp.com/terraform).

- A moved block.
- An import block.

moved {
  from = aws_security_group.app && <x>
}

4. Split the tests.
5. Cache.
   - nested

> Quoted.`
	if got != want {
		t.Errorf("Text =\n%s\n\nwant\n%s", got, want)
	}
}

func TestTextOfLinksAndBreaks(t *testing.T) {
	tests := []struct{ in, want string }{
		{`<p><a href="https://k9scli.io">https://k9scli.io</a></p>`, "https://k9scli.io"},
		{`<p><a href="mailto:a@b.test">a@b.test</a></p>`, "a@b.test"},
		{"<p>one<br>two   three\n four</p>", "one\ntwo three four"},
		{"<h3>A <em>small</em> heading</h3><hr><p>after</p>", "A small heading\n\n---\n\nafter"},
		{"<table><tr><th>k</th><th>v</th></tr><tr><td>a</td><td>1</td></tr></table>", "k | v\na | 1"},
	}
	for _, tt := range tests {
		got, err := emailhtml.Text(tt.in)
		if err != nil {
			t.Fatal(err)
		}
		if got != tt.want {
			t.Errorf("Text(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
