package content

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"gopkg.in/yaml.v3"
)

// Markdown content (blog/*.md, newsletter/*.md) is a YAML front matter between two
// "---" lines, then a Markdown body. The front matter is checked against the same JSON
// Schemas and extra rules as the npm build (scripts/build-markdown.mjs), and every
// problem names the file and the field: "content: blog/foo.md: /readTime: must be integer".

// frontMatterRe matches the front matter at the start of a file whose line endings are
// already "\n": the opening "---" line, the YAML (group 1, may be absent) and the
// closing "---" line.
var frontMatterRe = regexp.MustCompile(`(?s)^---[ \t]*\n(?:(.*?)\n)?---[ \t]*(?:\n|$)`)

// markdownFile is one Markdown file split into its front matter and body.
type markdownFile struct {
	name        string // path in the content FS, e.g. "blog/foo.md"
	frontMatter []byte // the YAML; nil when the file has none
	body        string // Markdown with "\n" line endings
}

// readMarkdownDir reads every dir/*.md of fsys in name order. A missing dir has no files.
func readMarkdownDir(fsys fs.FS, dir string) ([]markdownFile, error) {
	names, err := fs.Glob(fsys, dir+"/*.md")
	if err != nil {
		return nil, fmt.Errorf("content: %w", err)
	}
	slices.Sort(names)
	files := make([]markdownFile, 0, len(names))
	for _, name := range names {
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, fmt.Errorf("content: %w", err)
		}
		files = append(files, splitFrontMatter(name, data))
	}
	return files, nil
}

func splitFrontMatter(name string, data []byte) markdownFile {
	text := strings.TrimPrefix(string(data), "\uFEFF")
	text = strings.ReplaceAll(text, "\r\n", "\n")
	text = strings.ReplaceAll(text, "\r", "\n")
	m := frontMatterRe.FindStringSubmatchIndex(text)
	if m == nil {
		return markdownFile{name: name, body: text}
	}
	fm := []byte{}
	if m[2] >= 0 {
		fm = []byte(text[m[2]:m[3]])
	}
	return markdownFile{name: name, frontMatter: fm, body: text[m[1]:]}
}

// yamlLineRe finds the line numbers in a yaml.v3 error ("yaml: line 3: ...",
// "already defined at line 2").
var yamlLineRe = regexp.MustCompile(`\bline (\d+)`)

// frontMatterError reports a yaml.v3 error for c's file, with line numbers counted in
// the file (the front matter starts on its line 2), not in the front matter.
func frontMatterError(c *fieldChecker, err error) {
	msgs := []string{err.Error()}
	var te *yaml.TypeError
	if errors.As(err, &te) {
		msgs = te.Errors
	}
	for _, msg := range msgs {
		msg = strings.TrimPrefix(msg, "yaml: ")
		msg = yamlLineRe.ReplaceAllStringFunc(msg, func(m string) string {
			n, _ := strconv.Atoi(strings.TrimPrefix(m, "line "))
			return fmt.Sprintf("line %d", n+1)
		})
		c.addf("front matter", "%s", msg)
	}
}

// decodeFrontMatter validates f's front matter against schema and, when it is valid,
// decodes it into v (an unknown field is an error). Problems go to c; it
// reports whether v was filled.
func decodeFrontMatter(c *fieldChecker, f markdownFile, schema *jsonschema.Schema, v any) bool {
	if f.frontMatter == nil {
		c.addf("front matter", "missing (the file must start with a '---' line, then YAML, then '---')")
		return false
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(f.frontMatter, &doc); err != nil {
		frontMatterError(c, err)
		return false
	}
	inst := any(map[string]any{}) // an empty front matter is a mapping with no fields
	if doc.Kind == yaml.DocumentNode && len(doc.Content) == 1 {
		var err error
		if inst, err = yamlToJSON(doc.Content[0]); err != nil {
			c.addf("front matter", "%v", err)
			return false
		}
	}
	if _, ok := inst.(map[string]any); !ok {
		c.addf("front matter", "must be a YAML mapping of fields")
		return false
	}
	if !validate(c, schema, inst) {
		return false
	}
	dec := yaml.NewDecoder(bytes.NewReader(f.frontMatter))
	dec.KnownFields(true)
	if err := dec.Decode(v); err != nil && !errors.Is(err, io.EOF) {
		frontMatterError(c, err)
		return false
	}
	return true
}

// loadMarkdownDir is every Markdown loader: it reads every dir/*.md of fsys in name
// order, decodes each front matter into an FM (decodeFrontMatter: schema/<schemaName>
// first) and hands a valid one to toItem, which adds the file's rules across fields and
// files to c and returns its item. Every file is read, so all problems of all files are
// reported at once; on any problem it returns no items.
func loadMarkdownDir[FM, T any](fsys fs.FS, dir, schemaName string, toItem func(c *fieldChecker, f markdownFile, fm FM) T) ([]T, error) {
	srcs, err := readMarkdownDir(fsys, dir)
	if err != nil {
		return nil, err
	}
	schema, err := compileSchema(schemaName)
	if err != nil {
		return nil, err
	}
	var errs []error
	items := make([]T, 0, len(srcs))
	for _, f := range srcs {
		c := newFieldChecker(f.name)
		var fm FM
		if decodeFrontMatter(c, f, schema, &fm) {
			items = append(items, toItem(c, f, fm))
		}
		if err := c.err(); err != nil {
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return items, nil
}

// yamlToJSON turns a YAML node into the values encoding/json would give for the same
// data, the instance form jsonschema validates. Scalars follow YAML 1.2's core schema,
// as the npm build's YAML reader does: an unquoted 2023-12-15 is the string
// "2023-12-15", not a timestamp. Aliases are followed, within bounds: an alias that
// holds itself (a: &a [*a]) or expands exponentially is an error, not a crash.
func yamlToJSON(n *yaml.Node) (any, error) {
	budget := maxYAMLNodes
	return yamlNodeToJSON(n, 0, &budget)
}

// Bounds of a front matter's YAML once aliases are expanded: far beyond any real one.
const (
	maxYAMLDepth = 32
	maxYAMLNodes = 10_000
)

func yamlNodeToJSON(n *yaml.Node, depth int, budget *int) (any, error) {
	*budget--
	if depth > maxYAMLDepth || *budget < 0 {
		return nil, fmt.Errorf("line %d: nested too deeply (an alias that refers to itself?)", n.Line+1)
	}
	yamlToJSON := func(n *yaml.Node) (any, error) { return yamlNodeToJSON(n, depth+1, budget) }
	switch n.Kind {
	case yaml.AliasNode:
		return yamlToJSON(n.Alias)
	case yaml.MappingNode:
		out := make(map[string]any, len(n.Content)/2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			if k.Kind != yaml.ScalarNode {
				return nil, fmt.Errorf("line %d: a key must be a plain name", k.Line+1)
			}
			val, err := yamlToJSON(v)
			if err != nil {
				return nil, err
			}
			out[k.Value] = val
		}
		return out, nil
	case yaml.SequenceNode:
		out := make([]any, 0, len(n.Content))
		for _, item := range n.Content {
			val, err := yamlToJSON(item)
			if err != nil {
				return nil, err
			}
			out = append(out, val)
		}
		return out, nil
	case yaml.ScalarNode:
		switch n.ShortTag() {
		case "!!null":
			return nil, nil
		case "!!bool":
			var b bool
			err := n.Decode(&b)
			return b, err
		case "!!int":
			var i int64
			if err := n.Decode(&i); err != nil {
				var f float64 // out of int64 range: still a number
				err = n.Decode(&f)
				return f, err
			}
			return i, nil
		case "!!float":
			var f float64
			err := n.Decode(&f)
			return f, err
		default: // !!str, !!timestamp, !!binary...: the text as written
			return n.Value, nil
		}
	}
	return nil, fmt.Errorf("line %d: unsupported YAML node", n.Line+1)
}
