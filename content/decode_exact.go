package content

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"reflect"
	"strings"
)

// decodePageFile is decodeFile plus exact key matching. encoding/json matches object
// keys to struct fields case-insensitively even with DisallowUnknownFields, so
// "University" would silently fill `json:"university"` (the very bug of the spec's
// resume data) and a key given twice silently keeps the last value. Here every key must
// be spelt exactly as the field's JSON name, and appear once.
func decodePageFile(fsys fs.FS, name string, v any) error {
	if err := decodeFile(fsys, name, v); err != nil {
		return err
	}
	data, err := fs.ReadFile(fsys, name)
	if err != nil {
		return fmt.Errorf("content: %w", err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := exactKeys(dec, reflect.TypeOf(v), ""); err != nil {
		return fmt.Errorf("content: %s: %w", name, err)
	}
	return nil
}

// exactKeys reads one JSON value from dec and checks the keys of every object in it
// against t, the Go type it decodes into (nil: anything goes).
func exactKeys(dec *json.Decoder, t reflect.Type, at string) error {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	switch tok {
	case json.Delim('{'):
		var fields map[string]reflect.Type
		var elem reflect.Type
		if t != nil {
			switch t.Kind() {
			case reflect.Struct:
				fields = jsonFields(t)
			case reflect.Map:
				elem = t.Elem()
			}
		}
		seen := map[string]bool{}
		for dec.More() {
			kt, err := dec.Token()
			if err != nil {
				return err
			}
			key := kt.(string)
			field := joinField(at, key)
			if seen[key] {
				return fmt.Errorf("%s: key given twice", field)
			}
			seen[key] = true
			next := elem
			if fields != nil {
				ft, ok := fields[key]
				if !ok {
					for name := range fields {
						if strings.EqualFold(name, key) {
							return fmt.Errorf("%s: field %q must be spelt %q", field, key, name)
						}
					}
					return fmt.Errorf("%s: unknown field %q", field, key)
				}
				next = ft
			}
			if err := exactKeys(dec, next, field); err != nil {
				return err
			}
		}
		_, err = dec.Token() // '}'
		return err
	case json.Delim('['):
		var elem reflect.Type
		if t != nil && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) {
			elem = t.Elem()
		}
		for i := 0; dec.More(); i++ {
			if err := exactKeys(dec, elem, fmt.Sprintf("%s[%d]", at, i)); err != nil {
				return err
			}
		}
		_, err = dec.Token() // ']'
		return err
	}
	return nil
}

// jsonFields maps the JSON names of struct type t's fields to their types, with the
// fields of untagged embedded structs promoted, as encoding/json does.
func jsonFields(t reflect.Type) map[string]reflect.Type {
	out := map[string]reflect.Type{}
	for f := range t.Fields() {
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		ft := f.Type
		if f.Anonymous && name == "" {
			for ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				for n, typ := range jsonFields(ft) {
					if _, ok := out[n]; !ok {
						out[n] = typ
					}
				}
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		out[name] = ft
	}
	return out
}

func joinField(at, key string) string {
	if at == "" {
		return key
	}
	return at + "." + key
}
