package content

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// Every content file is checked against its schema in schema/ (the same files the npm
// build checks with Ajv): <name>.json against schema/<name>.schema.json, a Markdown
// file's front matter against the schema its folder names. The schemas state every
// rule about one field (required, type, pattern, enum, lengths, no unknown field);
// the loaders add only the rules across fields and files. Every problem names the file
// and the JSON pointer of the value: "content: skills.json: /skills/3/color: ...".

// schemaBase names the schemas for the validator; nothing is fetched from it.
const schemaBase = "https://content.invalid/schema/"

// compileSchema compiles schema/<name> of the embedded content (the schemas are this
// package's contract, whatever fsys the content is loaded from). Formats are asserted:
// "format": "date" is a real calendar date.
func compileSchema(name string) (*jsonschema.Schema, error) {
	data, err := fs.ReadFile(files, path.Join("schema", name))
	if err != nil {
		return nil, fmt.Errorf("content: %w", err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("content: schema/%s: %w", name, err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource(schemaBase+name, doc); err != nil {
		return nil, fmt.Errorf("content: schema/%s: %w", name, err)
	}
	s, err := c.Compile(schemaBase + name)
	if err != nil {
		return nil, fmt.Errorf("content: schema/%s: %w", name, err)
	}
	return s, nil
}

// SchemaOf names the schema of the JSON content file name: "skills.json" →
// "skills.schema.json".
func SchemaOf(name string) string { return strings.TrimSuffix(name, ".json") + ".schema.json" }

// decodeFile reads the JSON file name of fsys, validates it against its schema and
// decodes it into v. A key given twice or data after the value is an error too (JSON
// parsers keep the last value silently). All problems are reported at once.
func decodeFile(fsys fs.FS, name string, v any) error {
	data, err := fs.ReadFile(fsys, name)
	if err != nil {
		return fmt.Errorf("content: %w", err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return fmt.Errorf("content: %s: %w", name, err)
	}
	if err := duplicateKey(json.NewDecoder(bytes.NewReader(data)), ""); err != nil {
		return fmt.Errorf("content: %s: %w", name, err)
	}
	schema, err := compileSchema(SchemaOf(name))
	if err != nil {
		return err
	}
	c := newFieldChecker(name)
	if !validate(c, schema, doc) {
		return c.err()
	}
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("content: %s: %w", name, err)
	}
	return nil
}

// loadFile is every loader of a single JSON file: it decodes the content file name of
// fsys into a T (decodeFile: schema first), then runs check, the file's rules across
// fields that a schema cannot state, with a fieldChecker for the file; check may be
// nil. On any problem it returns the zero T. The "$schema" key the files carry for
// editors is allowed by each schema and left out of T: encoding/json skips keys T
// lacks.
func loadFile[T any](fsys fs.FS, name string, check func(c *fieldChecker, v T)) (T, error) {
	var v, zero T
	if err := decodeFile(fsys, name, &v); err != nil {
		return zero, err
	}
	if check == nil {
		return v, nil
	}
	c := newFieldChecker(name)
	check(c, v)
	if err := c.err(); err != nil {
		return zero, err
	}
	return v, nil
}

// duplicateKey reads one JSON value from dec and reports the first object key given
// twice, by its JSON pointer.
func duplicateKey(dec *json.Decoder, at string) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	switch tok {
	case json.Delim('{'):
		seen := map[string]bool{}
		for dec.More() {
			kt, err := dec.Token()
			if err != nil {
				return err
			}
			key := kt.(string)
			ptr := at + "/" + escapePointer(key)
			if seen[key] {
				return fmt.Errorf("%s: key given twice", ptr)
			}
			seen[key] = true
			if err := duplicateKey(dec, ptr); err != nil {
				return err
			}
		}
		_, err = dec.Token()
	case json.Delim('['):
		for i := 0; dec.More(); i++ {
			if err := duplicateKey(dec, at+"/"+strconv.Itoa(i)); err != nil {
				return err
			}
		}
		_, err = dec.Token()
	}
	return err
}

// validate checks doc against schema; each problem goes to c. It reports whether doc
// is valid.
func validate(c *fieldChecker, schema *jsonschema.Schema, doc any) bool {
	err := schema.Validate(doc)
	if err == nil {
		return true
	}
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		c.addf("", "%v", err)
		return false
	}
	for _, p := range schemaProblems(ve) {
		c.addf(p.ptr, "%s", p.msg)
	}
	return false
}

type schemaProblem struct{ ptr, msg string }

var schemaPrinter = message.NewPrinter(language.English)

// schemaProblems flattens a validation error into one problem per failing value, worded
// as the npm build words them (scripts/build-markdown.mjs).
func schemaProblems(ve *jsonschema.ValidationError) []schemaProblem {
	var out []schemaProblem
	var walk func(e *jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		if len(e.Causes) > 0 {
			for _, c := range e.Causes {
				walk(c)
			}
			return
		}
		at := e.InstanceLocation
		switch k := e.ErrorKind.(type) {
		case *kind.Required:
			for _, m := range k.Missing {
				out = append(out, schemaProblem{pointer(append(slices.Clone(at), m)), "is required"})
			}
		case *kind.AdditionalProperties:
			for _, p := range k.Properties {
				out = append(out, schemaProblem{pointer(append(slices.Clone(at), p)), "is not a known field"})
			}
		case *kind.Type:
			out = append(out, schemaProblem{pointer(at), "must be " + strings.Join(k.Want, " or ") + ", got " + k.Got})
		case *kind.Enum:
			allowed := make([]string, len(k.Want))
			for i, w := range k.Want {
				if s, ok := w.(string); ok {
					allowed[i] = s
				} else {
					b, _ := json.Marshal(w)
					allowed[i] = string(b)
				}
			}
			out = append(out, schemaProblem{pointer(at), fmt.Sprintf("%s must be one of %s", quoteValue(k.Got), strings.Join(allowed, ", "))})
		case *kind.Pattern:
			if k.Want == `\S` { // the schemas' "has a non-space character" rule
				out = append(out, schemaProblem{pointer(at), "must not be blank"})
			} else {
				out = append(out, schemaProblem{pointer(at), fmt.Sprintf("%s must match pattern %q", quoteValue(k.Got), k.Want)})
			}
		case *kind.MinItems:
			out = append(out, schemaProblem{pointer(at), fmt.Sprintf("must NOT have fewer than %d items, got %d", k.Want, k.Got)})
		case *kind.MaxItems:
			out = append(out, schemaProblem{pointer(at), fmt.Sprintf("must NOT have more than %d items, got %d", k.Want, k.Got)})
		case *kind.MinProperties:
			out = append(out, schemaProblem{pointer(at), fmt.Sprintf("must NOT have fewer than %d properties, got %d", k.Want, k.Got)})
		case *kind.MaxProperties:
			out = append(out, schemaProblem{pointer(at), fmt.Sprintf("must NOT have more than %d properties, got %d", k.Want, k.Got)})
		case *kind.MinLength:
			out = append(out, schemaProblem{pointer(at), fmt.Sprintf("must NOT have fewer than %d characters", k.Want)})
		case *kind.MaxLength:
			out = append(out, schemaProblem{pointer(at), fmt.Sprintf("must NOT have more than %d characters", k.Want)})
		case *kind.Minimum:
			out = append(out, schemaProblem{pointer(at), fmt.Sprintf("must be >= %s, got %s", k.Want.RatString(), k.Got.RatString())})
		case *kind.Maximum:
			out = append(out, schemaProblem{pointer(at), fmt.Sprintf("must be <= %s, got %s", k.Want.RatString(), k.Got.RatString())})
		case *kind.UniqueItems:
			out = append(out, schemaProblem{pointer(at), fmt.Sprintf("must NOT have duplicate items (items %d and %d are equal)", k.Duplicates[0], k.Duplicates[1])})
		case *kind.Not:
			out = append(out, schemaProblem{pointer(at), "is a value the schema excludes (\"not\")"})
		case *kind.Format:
			out = append(out, schemaProblem{pointer(at), fmt.Sprintf("%s must match format %q", quoteValue(k.Got), k.Want)})
		default:
			out = append(out, schemaProblem{pointer(at), e.ErrorKind.LocalizedString(schemaPrinter)})
		}
	}
	walk(ve)
	return out
}

// quoteValue shows a failing value in a message, cut short if long.
func quoteValue(v any) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false) // show <script> as written
	if err := enc.Encode(v); err != nil {
		return fmt.Sprint(v)
	}
	s := strings.TrimSuffix(b.String(), "\n")
	if r := []rune(s); len(r) > 80 {
		return string(r[:77]) + "..."
	}
	return s
}

// pointer is the JSON pointer (RFC 6901) of a value, e.g. "/tags/0"; "(root)" for the
// whole document.
func pointer(loc []string) string {
	if len(loc) == 0 {
		return "(root)"
	}
	var b strings.Builder
	for _, seg := range loc {
		b.WriteString("/" + escapePointer(seg))
	}
	return b.String()
}

func escapePointer(seg string) string {
	return strings.ReplaceAll(strings.ReplaceAll(seg, "~", "~0"), "/", "~1")
}

// schemaEnum returns the string enum at ptr (a JSON pointer) in schema/<name>: the
// Go lists of closed values are read from the schemas, their one source. It panics
// when the embedded schema lacks it, which any test of the package shows.
func schemaEnum(name, ptr string) []string {
	data, err := fs.ReadFile(files, path.Join("schema", name))
	if err != nil {
		panic(err)
	}
	var node any
	if err := json.Unmarshal(data, &node); err != nil {
		panic(fmt.Sprintf("schema/%s: %v", name, err))
	}
	for _, key := range strings.Split(strings.TrimPrefix(ptr, "/"), "/") {
		m, ok := node.(map[string]any)
		if !ok {
			panic(fmt.Sprintf("schema/%s: no %s", name, ptr))
		}
		node = m[key]
	}
	list, ok := node.([]any)
	if !ok {
		panic(fmt.Sprintf("schema/%s: %s is not a list", name, ptr))
	}
	out := make([]string, len(list))
	for i, v := range list {
		if out[i], ok = v.(string); !ok {
			panic(fmt.Sprintf("schema/%s: %s holds a non-string", name, ptr))
		}
	}
	return out
}

// enumOf is schemaEnum for a string type of its own.
func enumOf[T ~string](name, ptr string) []T {
	values := schemaEnum(name, ptr)
	out := make([]T, len(values))
	for i, v := range values {
		out[i] = T(v)
	}
	return out
}
