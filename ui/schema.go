package ui

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/skillstudio/skillstudio/sanitize"
)

// jsonValue is a decoded JSON value that keeps object key order (schemas
// are written in a meaningful order; Go maps would shuffle it).
type jsonValue struct {
	obj    []jsonMember // for objects
	arr    []*jsonValue // for arrays
	scalar any          // string, json.Number, bool or nil
	kind   byte         // 'o', 'a' or 's'
}

type jsonMember struct {
	key string
	val *jsonValue
}

func (v *jsonValue) get(k string) *jsonValue {
	if v == nil || v.kind != 'o' {
		return nil
	}
	for _, m := range v.obj {
		if m.key == k {
			return m.val
		}
	}
	return nil
}

func (v *jsonValue) str() string {
	if v == nil || v.kind != 's' {
		return ""
	}
	switch s := v.scalar.(type) {
	case string:
		return s
	case json.Number:
		return s.String()
	case bool:
		return strconv.FormatBool(s)
	}
	return ""
}

// parseJSON decodes raw keeping key order; maxDepth bounds nesting so a
// hostile document cannot exhaust the stack.
func parseJSON(raw []byte) (*jsonValue, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	return decodeValue(dec, 0)
}

const maxJSONDepth = 64

func decodeValue(dec *json.Decoder, depth int) (*jsonValue, error) {
	if depth > maxJSONDepth {
		return nil, fmt.Errorf("JSON nested deeper than %d levels", maxJSONDepth)
	}
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			v := &jsonValue{kind: 'o'}
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				k, _ := kt.(string)
				val, err := decodeValue(dec, depth+1)
				if err != nil {
					return nil, err
				}
				v.obj = append(v.obj, jsonMember{k, val})
			}
			_, err := dec.Token()
			return v, err
		case '[':
			v := &jsonValue{kind: 'a'}
			for dec.More() {
				val, err := decodeValue(dec, depth+1)
				if err != nil {
					return nil, err
				}
				v.arr = append(v.arr, val)
			}
			_, err := dec.Token()
			return v, err
		}
		return nil, fmt.Errorf("unexpected %v", t)
	}
	return &jsonValue{kind: 's', scalar: tok}, nil
}

// schemaLine is one line of a schema tree before styling.
type schemaLine struct {
	prefix string // tree glyphs
	name   string // property name, "?" suffixed when optional
	typ    string
	extra  string // constraints
	desc   string
}

// schemaTree turns a JSON Schema into readable lines: one per property,
// nested objects and arrays of objects indented under their property.
func schemaTree(raw json.RawMessage) ([]schemaLine, error) {
	root, err := parseJSON(raw)
	if err != nil {
		return nil, err
	}
	var out []schemaLine
	if p := root.get("properties"); p == nil || p.kind != 'o' {
		// Not an object schema: one line saying what it is.
		out = append(out, schemaLine{typ: typeSummary(root), extra: constraints(root), desc: root.get("description").str()})
		return out, nil
	}
	if len(root.get("properties").obj) == 0 {
		return []schemaLine{{typ: "object", extra: "no properties"}}, nil
	}
	walkProperties(root, "", &out, 0)
	return out, nil
}

func walkProperties(obj *jsonValue, prefix string, out *[]schemaLine, depth int) {
	props := obj.get("properties")
	if props == nil || props.kind != 'o' || depth > 12 {
		return
	}
	required := map[string]bool{}
	if req := obj.get("required"); req != nil {
		for _, r := range req.arr {
			required[r.str()] = true
		}
	}
	for i, m := range props.obj {
		last := i == len(props.obj)-1
		branch, cont := "├─ ", "│  "
		if last {
			branch, cont = "└─ ", "   "
		}
		name := m.key
		if !required[m.key] {
			name += "?"
		}
		*out = append(*out, schemaLine{
			prefix: prefix + branch,
			name:   name,
			typ:    typeSummary(m.val),
			extra:  constraints(m.val),
			desc:   m.val.get("description").str(),
		})
		child := m.val
		if items := child.get("items"); child.get("properties") == nil && items != nil {
			child = items
		}
		walkProperties(child, prefix+cont, out, depth+1)
	}
}

// typeSummary is a TypeScript-ish one-word type: string, integer[],
// "a" | "b", object, A | B.
func typeSummary(v *jsonValue) string {
	if v == nil {
		return "any"
	}
	if c := v.get("const"); c != nil {
		return jsonLiteral(c)
	}
	if e := v.get("enum"); e != nil && e.kind == 'a' {
		parts := make([]string, 0, len(e.arr))
		for _, x := range e.arr {
			parts = append(parts, jsonLiteral(x))
		}
		return strings.Join(parts, " | ")
	}
	for _, k := range []string{"anyOf", "oneOf"} {
		if alts := v.get(k); alts != nil && alts.kind == 'a' {
			parts := make([]string, 0, len(alts.arr))
			for _, x := range alts.arr {
				parts = append(parts, typeSummary(x))
			}
			return strings.Join(parts, " | ")
		}
	}
	if ref := v.get("$ref").str(); ref != "" {
		return ref[strings.LastIndex(ref, "/")+1:]
	}
	t := v.get("type")
	switch {
	case t == nil:
		if v.get("properties") != nil {
			return "object"
		}
		return "any"
	case t.kind == 'a':
		parts := make([]string, 0, len(t.arr))
		for _, x := range t.arr {
			parts = append(parts, x.str())
		}
		return strings.Join(parts, " | ")
	case t.str() == "array":
		items := v.get("items")
		if items == nil {
			return "array"
		}
		s := typeSummary(items)
		if strings.Contains(s, " ") {
			s = "(" + s + ")"
		}
		return s + "[]"
	}
	return t.str()
}

// constraints lists the refinements a reader of the schema needs.
func constraints(v *jsonValue) string {
	if v == nil {
		return ""
	}
	var parts []string
	for _, c := range []struct{ key, label string }{
		{"minimum", "≥ "}, {"exclusiveMinimum", "> "}, {"maximum", "≤ "}, {"exclusiveMaximum", "< "},
		{"minLength", "min length "}, {"maxLength", "max length "},
		{"minItems", "min items "}, {"maxItems", "max items "},
		{"format", "format "}, {"pattern", "pattern "}, {"default", "default "},
	} {
		if x := v.get(c.key); x != nil {
			val := x.str()
			if c.key == "default" || c.key == "pattern" {
				val = jsonLiteral(x)
			}
			parts = append(parts, c.label+val)
		}
	}
	return strings.Join(parts, ", ")
}

// jsonLiteral prints a small JSON value compactly.
func jsonLiteral(v *jsonValue) string {
	switch v.kind {
	case 's':
		if s, ok := v.scalar.(string); ok {
			return strconv.Quote(s)
		}
		if v.scalar == nil {
			return "null"
		}
		return v.str()
	case 'a':
		parts := make([]string, 0, len(v.arr))
		for _, x := range v.arr {
			parts = append(parts, jsonLiteral(x))
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	parts := make([]string, 0, len(v.obj))
	for _, m := range v.obj {
		parts = append(parts, strconv.Quote(m.key)+": "+jsonLiteral(m.val))
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// compactJSON prints raw JSON on one line (examples), sanitised.
func compactJSON(raw json.RawMessage) string {
	if len(raw) == 0 {
		return ""
	}
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		return sanitize.Line(string(raw))
	}
	return sanitize.Line(b.String())
}
