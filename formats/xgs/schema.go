package xgs

import (
	"bytes"
	"encoding/json"
	"strings"
)

// schemaKind says what a resolved Zod expression was, beyond its JSON
// Schema: the rules need to tell z.any() from an unresolved {}.
type schemaKind int

const (
	kindPlain      schemaKind = iota
	kindAny                   // z.any()
	kindUnknown               // z.unknown()
	kindUnresolved            // lint could not follow it: {}
	kindNullable              // .nullable(): AnyOf[0] is the inner schema
)

// Schema is a JSON Schema resolved from a Zod expression, in the shared
// contract's mapping (see the brief's schema.md), plus what the rules need
// to know about where it came from.
type Schema struct {
	Type             string
	Const            *jsonValue
	Enum             []*jsonValue
	Format           string
	Pattern          *string
	MinLength        *jsonValue
	MaxLength        *jsonValue
	Minimum          *jsonValue
	Maximum          *jsonValue
	ExclusiveMinimum *jsonValue
	Items            *Schema
	PrefixItems      []*Schema
	MinItems         *jsonValue
	MaxItems         *jsonValue
	// Properties is set (possibly empty) for z.object.
	Properties           []Property
	IsObject             bool
	AdditionalProperties *Schema
	AnyOf                []*Schema
	Description          *string
	Default              *jsonValue

	kind     schemaKind
	optional bool // .optional(): not in the parent's required
	// off is the byte offset of the Zod expression in the file.
	off int
	// why says what could not be resolved (kindUnresolved).
	why string
}

// Property is one key of a z.object, in source order.
type Property struct {
	Name   string
	Schema *Schema
	// Off is the byte offset of the key in the file.
	Off int
}

// required: not .optional() and no .default().
func (s *Schema) required() bool { return !s.optional && s.Default == nil }

// Required lists the object's required keys in source order.
func (s *Schema) Required() []string {
	var req []string
	for _, p := range s.Properties {
		if p.Schema.required() {
			req = append(req, p.Name)
		}
	}
	return req
}

// JSON returns the schema as ordered JSON.
func (s *Schema) JSON() json.RawMessage {
	var b bytes.Buffer
	s.writeJSON(&b)
	return b.Bytes()
}

func (s *Schema) value() *jsonValue {
	v := jsonObj()
	if s == nil {
		return v
	}
	if len(s.AnyOf) > 0 {
		arr := &jsonValue{kind: jsonArray}
		for _, m := range s.AnyOf {
			arr.vals = append(arr.vals, m.value())
		}
		v.set("anyOf", arr)
	}
	if s.Type != "" {
		v.set("type", jsonStr(s.Type))
	}
	if s.Const != nil {
		v.set("const", s.Const)
	}
	if s.Enum != nil {
		v.set("enum", &jsonValue{kind: jsonArray, vals: s.Enum})
	}
	if s.Format != "" {
		v.set("format", jsonStr(s.Format))
	}
	if s.Pattern != nil {
		v.set("pattern", jsonStr(*s.Pattern))
	}
	setNum := func(k string, n *jsonValue) {
		if n != nil {
			v.set(k, n)
		}
	}
	setNum("minLength", s.MinLength)
	setNum("maxLength", s.MaxLength)
	setNum("minimum", s.Minimum)
	setNum("exclusiveMinimum", s.ExclusiveMinimum)
	setNum("maximum", s.Maximum)
	if s.Items != nil {
		v.set("items", s.Items.value())
	}
	if s.PrefixItems != nil {
		arr := &jsonValue{kind: jsonArray}
		for _, m := range s.PrefixItems {
			arr.vals = append(arr.vals, m.value())
		}
		v.set("prefixItems", arr)
	}
	setNum("minItems", s.MinItems)
	setNum("maxItems", s.MaxItems)
	if s.IsObject {
		props := jsonObj()
		for _, p := range s.Properties {
			props.set(p.Name, p.Schema.value())
		}
		v.set("properties", props)
		if req := s.Required(); len(req) > 0 {
			arr := &jsonValue{kind: jsonArray}
			for _, r := range req {
				arr.vals = append(arr.vals, jsonStr(r))
			}
			v.set("required", arr)
		}
	}
	if s.AdditionalProperties != nil {
		v.set("additionalProperties", s.AdditionalProperties.value())
	}
	if s.Description != nil {
		v.set("description", jsonStr(*s.Description))
	}
	if s.Default != nil {
		v.set("default", s.Default)
	}
	return v
}

// TypeOf renders a JSON Schema as the TypeScript-ish type of the shared
// contract (the embedded runtime's TypeOf prints the same): {} → unknown,
// string, number, boolean, null, a const's JSON text, an enum's members
// joined by " | ", T[] (parenthesised when T holds " | "), [A, B],
// { a: T; b?: U }, Record<string, T>, and anyOf members joined by " | ".
// Invalid JSON is unknown.
func TypeOf(schema json.RawMessage) string {
	v, err := parseJSON(schema)
	if err != nil {
		return "unknown"
	}
	return typeOfValue(v)
}

func typeOfValue(v *jsonValue) string {
	if v == nil || v.kind != jsonObject {
		return "unknown"
	}
	if any := v.get("anyOf"); any != nil && any.kind == jsonArray {
		return joinTypes(any.vals, typeOfValue)
	}
	if c := v.get("const"); c != nil {
		return c.String()
	}
	if e := v.get("enum"); e != nil && e.kind == jsonArray {
		return joinTypes(e.vals, (*jsonValue).String)
	}
	t := v.get("type")
	if t == nil {
		return "unknown"
	}
	if t.kind == jsonArray {
		return joinTypes(t.vals, func(x *jsonValue) string {
			return typeOfValue(&jsonValue{kind: jsonObject, keys: []string{"type"}, vals: []*jsonValue{x}})
		})
	}
	switch t.text {
	case "string", "boolean", "null":
		return t.text
	case "number", "integer":
		return "number"
	case "array":
		if p := v.get("prefixItems"); p != nil && p.kind == jsonArray {
			parts := make([]string, len(p.vals))
			for i, x := range p.vals {
				parts[i] = typeOfValue(x)
			}
			return "[" + strings.Join(parts, ", ") + "]"
		}
		item := "unknown"
		if it := v.get("items"); it != nil {
			item = typeOfValue(it)
		}
		if strings.Contains(item, " | ") {
			item = "(" + item + ")"
		}
		return item + "[]"
	case "object":
		props := v.get("properties")
		if props != nil && props.kind == jsonObject && len(props.keys) > 0 {
			required := map[string]bool{}
			if r := v.get("required"); r != nil && r.kind == jsonArray {
				for _, x := range r.vals {
					required[x.text] = true
				}
			}
			parts := make([]string, len(props.keys))
			for i, k := range props.keys {
				opt := "?"
				if required[k] {
					opt = ""
				}
				parts[i] = k + opt + ": " + typeOfValue(props.vals[i])
			}
			return "{ " + strings.Join(parts, "; ") + " }"
		}
		if ap := v.get("additionalProperties"); ap != nil && ap.kind == jsonObject {
			return "Record<string, " + typeOfValue(ap) + ">"
		}
		return "{}"
	}
	return "unknown"
}

func joinTypes(vals []*jsonValue, f func(*jsonValue) string) string {
	parts := make([]string, len(vals))
	for i, x := range vals {
		parts[i] = f(x)
	}
	if len(parts) == 0 {
		return "never"
	}
	return strings.Join(parts, " | ")
}
