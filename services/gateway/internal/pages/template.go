package pages

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"iter"
	"slices"
	"strings"

	"golang.org/x/net/html"
)

// template is index.html cut where the per-page head tags go, with the tags New
// manages (title, description, canonical, robots, the RSS link, Open Graph, article:*,
// Twitter) taken out.
type template struct {
	before, after string
	scriptHashes  []string
	warnings      []string
}

func (t template) with(headTags string) string { return t.before + headTags + t.after }

// parse walks index.html token by token, copying the raw bytes so the rest of the
// document stays exactly as the build wrote it.
func parse(src []byte) (template, error) {
	var (
		t          template
		out        strings.Builder
		inserted   bool // the cut is made at </head>, or at <body> if </head> is omitted
		skipTitle  bool
		inlineJS   *bytes.Buffer // text of the inline script being read, if any
		seenHashes = make(map[string]bool)
	)
	cut := func() {
		t.before = out.String()
		out.Reset()
		inserted = true
	}
	z := html.NewTokenizer(bytes.NewReader(src))
	var err error
	for tt, raw := range tokens(z, &err) {
		switch tt {
		case html.StartTagToken, html.SelfClosingTagToken:
			name, attrs := tagOf(z)
			for _, a := range attrs {
				if strings.HasPrefix(a.Key, "on") {
					t.warnings = append(t.warnings, fmt.Sprintf("<%s %s=…> is an inline event handler; the CSP blocks it", name, a.Key))
				}
			}
			switch {
			case inserted:
			case name == "title" && tt == html.StartTagToken:
				skipTitle = true
				continue
			case managed(name, attrs):
				continue
			case name == "body":
				cut()
			}
			if name == "script" && tt == html.StartTagToken && attr(attrs, "src") == "" && executable(attr(attrs, "type")) {
				inlineJS = new(bytes.Buffer)
			}
		case html.TextToken:
			if skipTitle {
				continue
			}
			if inlineJS != nil {
				inlineJS.WriteString(raw)
			}
		case html.EndTagToken:
			name, _ := z.TagName()
			switch string(name) {
			case "title":
				if skipTitle {
					skipTitle = false
					continue
				}
			case "script":
				if inlineJS != nil {
					if h := scriptHash(inlineJS.Bytes()); h != "" && !seenHashes[h] {
						seenHashes[h] = true
						t.scriptHashes = append(t.scriptHashes, h)
					}
					inlineJS = nil
				}
			case "head":
				if !inserted {
					cut()
				}
			}
		}
		out.WriteString(raw)
	}
	if err != nil {
		return template{}, err
	}
	if !inserted {
		return template{}, errors.New("pages: index.html has neither </head> nor <body>")
	}
	t.after = out.String()
	return t, nil
}

// tokens reads index.html (or a part of it) from z token by token, with each token's
// raw bytes, copied: TagName and TagAttr lower-case the buffer in place. It stops at
// the end, or sets *err if the document does not parse.
func tokens(z *html.Tokenizer, err *error) iter.Seq2[html.TokenType, string] {
	return func(yield func(html.TokenType, string) bool) {
		for {
			tt := z.Next()
			if tt == html.ErrorToken {
				if !errors.Is(z.Err(), io.EOF) {
					*err = fmt.Errorf("pages: parse index.html: %w", z.Err())
				}
				return
			}
			if !yield(tt, string(z.Raw())) {
				return
			}
		}
	}
}

func tagOf(z *html.Tokenizer) (string, []html.Attribute) {
	name, more := z.TagName()
	var attrs []html.Attribute
	for more {
		var k, v []byte
		k, v, more = z.TagAttr()
		attrs = append(attrs, html.Attribute{Key: string(k), Val: string(v)})
	}
	return string(name), attrs
}

func attr(attrs []html.Attribute, key string) string {
	for _, a := range attrs {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

// managed reports whether a head tag is one New writes per page, so the template's
// own copy is dropped instead of duplicated.
func managed(name string, attrs []html.Attribute) bool {
	switch name {
	case "link":
		rel := strings.Fields(strings.ToLower(attr(attrs, "rel")))
		feed := slices.Contains(rel, "alternate") && strings.EqualFold(attr(attrs, "type"), "application/rss+xml")
		return slices.Contains(rel, "canonical") || feed
	case "meta":
		n := strings.ToLower(attr(attrs, "name"))
		p := strings.ToLower(attr(attrs, "property"))
		return n == "description" || n == "robots" || strings.HasPrefix(n, "twitter:") ||
			strings.HasPrefix(p, "og:") || strings.HasPrefix(p, "article:")
	}
	return false
}

// executable reports whether a <script type=…> runs (and so needs a CSP hash): no type,
// a JavaScript MIME type, a module, an import map or speculation rules. Other types
// are data blocks the browser never executes.
func executable(typ string) bool {
	typ = strings.ToLower(strings.TrimSpace(typ))
	switch typ {
	case "", "module", "importmap", "speculationrules",
		"text/javascript", "application/javascript", "application/ecmascript",
		"application/x-javascript", "text/ecmascript", "text/jscript":
		return true
	}
	return false
}

// scriptHash returns the CSP source for an inline script's text. Browsers hash the
// text after normalising newlines (CRLF and CR become LF, as the HTML input stream
// does), so the hash is computed the same way.
func scriptHash(text []byte) string {
	if len(text) == 0 {
		return ""
	}
	text = bytes.ReplaceAll(text, []byte("\r\n"), []byte("\n"))
	text = bytes.ReplaceAll(text, []byte("\r"), []byte("\n"))
	sum := sha256.Sum256(text)
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}
