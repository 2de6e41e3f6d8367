package content_test

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"path"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/portfolio-site/portfolio/content"
)

// toolingFiles are JSON files at the content root that belong to the npm package,
// not to the content, so they have no schema.
var toolingFiles = map[string]bool{
	"package.json":  true,
	"tsconfig.json": true,
}

// schemaBase is where the schemas are registered for the validator; nothing is fetched
// from it, it only lets schemas $ref each other by relative name.
const schemaBase = "https://content.invalid/schema/"

// TestContentMatchesSchema validates every content file at the root (<name>.json)
// against schema/<name>.schema.json. A new content file is picked up automatically and
// fails here until its schema exists.
func TestContentMatchesSchema(t *testing.T) {
	fsys := content.FS()
	compiler := compileSchemas(t, fsys)

	names, err := fs.Glob(fsys, "*.json")
	if err != nil {
		t.Fatal(err)
	}
	var checked int
	for _, name := range names {
		if toolingFiles[name] || strings.HasPrefix(name, "tsconfig.") {
			continue
		}
		checked++
		t.Run(name, func(t *testing.T) {
			schemaName := strings.TrimSuffix(name, ".json") + ".schema.json"
			schema, err := compiler.Compile(schemaBase + schemaName)
			if err != nil {
				t.Fatalf("%s needs a valid schema/%s: %v", name, schemaName, err)
			}
			doc := unmarshal(t, fsys, name)
			if err := schema.Validate(doc); err != nil {
				t.Errorf("%s does not match schema/%s:\n%v", name, schemaName, err)
			}
			// Editors use $schema for completion; it must point at the same schema.
			if obj, ok := doc.(map[string]any); ok {
				if ref, ok := obj["$schema"]; ok && ref != "./schema/"+schemaName {
					t.Errorf("%s: $schema is %q, want %q", name, ref, "./schema/"+schemaName)
				}
			}
		})
	}
	if checked == 0 {
		t.Fatal("no content files found")
	}
}

// TestSchemaRejectsInvalidContent makes sure the validator really validates: each case
// breaks a valid file in one way and expects the schema to reject it.
func TestSchemaRejectsInvalidContent(t *testing.T) {
	fsys := content.FS()
	compiler := compileSchemas(t, fsys)
	tests := []struct {
		name   string
		file   string
		mutate func(doc map[string]any)
	}{
		{"site: unknown top-level field", "site.json", func(d map[string]any) { d["extra"] = true }},
		{"site: missing siteName", "site.json", func(d map[string]any) { delete(d, "siteName") }},
		{"site: negative subscribers", "site.json", func(d map[string]any) {
			d["stats"] = map[string]any{"newsletterSubscribers": -1}
		}},
		{"site: social link over http", "site.json", func(d map[string]any) {
			d["social"] = []any{map[string]any{"network": "github", "label": "GitHub", "url": "http://github.com/x"}}
		}},
		{"routes: path without leading slash", "routes.json", func(d map[string]any) {
			d["routes"] = []any{map[string]any{"path": "x", "section": "shell", "title": "X", "description": "X"}}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			schema, err := compiler.Compile(schemaBase + strings.TrimSuffix(tt.file, ".json") + ".schema.json")
			if err != nil {
				t.Fatal(err)
			}
			doc, ok := unmarshal(t, fsys, tt.file).(map[string]any)
			if !ok {
				t.Fatalf("%s is not an object", tt.file)
			}
			tt.mutate(doc)
			if err := schema.Validate(doc); err == nil {
				t.Errorf("schema accepted the broken %s", tt.file)
			}
		})
	}
}

// compileSchemas registers every schema/*.schema.json with a validator that asserts
// formats and loads nothing from the network.
func compileSchemas(t *testing.T, fsys fs.FS) *jsonschema.Compiler {
	t.Helper()
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	schemas, err := fs.Glob(fsys, "schema/*.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	if len(schemas) == 0 {
		t.Fatal("no schemas found")
	}
	for _, name := range schemas {
		if err := c.AddResource(schemaBase+path.Base(name), unmarshal(t, fsys, name)); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	return c
}

func unmarshal(t *testing.T, fsys fs.FS, name string) any {
	t.Helper()
	data, err := fs.ReadFile(fsys, name)
	if err != nil {
		t.Fatal(err)
	}
	if !json.Valid(data) {
		t.Fatalf("%s is not valid JSON", name)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return doc
}
