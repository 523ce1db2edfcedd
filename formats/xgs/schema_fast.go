package xgs

import (
	"bytes"
	"strings"
)

// The live loop lints on every keystroke, so Functions writes schemas and
// their types straight from Schema, without building a JSON tree first.
// writeJSON writes the same JSON as value(); typeOf returns the same text
// as TypeOf(s.JSON()) (TestFastPathsAgree checks both).

func (s *Schema) writeJSON(b *bytes.Buffer) {
	if s == nil {
		b.WriteString("{}")
		return
	}
	b.WriteByte('{')
	first := true
	key := func(k string) {
		if !first {
			b.WriteByte(',')
		}
		first = false
		b.WriteByte('"')
		b.WriteString(k)
		b.WriteString(`":`)
	}
	list := func(k string, xs []*Schema) {
		key(k)
		b.WriteByte('[')
		for i, x := range xs {
			if i > 0 {
				b.WriteByte(',')
			}
			x.writeJSON(b)
		}
		b.WriteByte(']')
	}
	val := func(k string, v *jsonValue) {
		if v != nil {
			key(k)
			v.write(b)
		}
	}
	if len(s.AnyOf) > 0 {
		list("anyOf", s.AnyOf)
	}
	if s.Type != "" {
		key("type")
		writeJSString(b, s.Type)
	}
	val("const", s.Const)
	if s.Enum != nil {
		key("enum")
		(&jsonValue{kind: jsonArray, vals: s.Enum}).write(b)
	}
	if s.Format != "" {
		key("format")
		writeJSString(b, s.Format)
	}
	if s.Pattern != nil {
		key("pattern")
		writeJSString(b, *s.Pattern)
	}
	val("minLength", s.MinLength)
	val("maxLength", s.MaxLength)
	val("minimum", s.Minimum)
	val("exclusiveMinimum", s.ExclusiveMinimum)
	val("maximum", s.Maximum)
	if s.Items != nil {
		key("items")
		s.Items.writeJSON(b)
	}
	if s.PrefixItems != nil {
		list("prefixItems", s.PrefixItems)
	}
	val("minItems", s.MinItems)
	val("maxItems", s.MaxItems)
	if s.IsObject {
		key("properties")
		b.WriteByte('{')
		n := 0
		for _, p := range s.Properties {
			if n > 0 {
				b.WriteByte(',')
			}
			n++
			writeJSString(b, p.Name)
			b.WriteByte(':')
			p.Schema.writeJSON(b)
		}
		b.WriteByte('}')
		if req := s.Required(); len(req) > 0 {
			key("required")
			b.WriteByte('[')
			for i, r := range req {
				if i > 0 {
					b.WriteByte(',')
				}
				writeJSString(b, r)
			}
			b.WriteByte(']')
		}
	}
	if s.AdditionalProperties != nil {
		key("additionalProperties")
		s.AdditionalProperties.writeJSON(b)
	}
	if s.Description != nil {
		key("description")
		writeJSString(b, *s.Description)
	}
	val("default", s.Default)
	b.WriteByte('}')
}

// typeOf is TypeOf for a resolved schema.
func (s *Schema) typeOf() string {
	var b strings.Builder
	s.writeType(&b)
	return b.String()
}

func (s *Schema) writeType(b *strings.Builder) {
	switch {
	case s == nil:
		b.WriteString("unknown")
	case len(s.AnyOf) > 0:
		for i, m := range s.AnyOf {
			if i > 0 {
				b.WriteString(" | ")
			}
			m.writeType(b)
		}
	case s.Const != nil:
		b.WriteString(s.Const.String())
	case s.Enum != nil:
		if len(s.Enum) == 0 {
			b.WriteString("never")
		}
		for i, e := range s.Enum {
			if i > 0 {
				b.WriteString(" | ")
			}
			b.WriteString(e.String())
		}
	case s.Type == "string", s.Type == "boolean", s.Type == "null":
		b.WriteString(s.Type)
	case s.Type == "number", s.Type == "integer":
		b.WriteString("number")
	case s.Type == "array" && s.PrefixItems != nil:
		b.WriteByte('[')
		for i, x := range s.PrefixItems {
			if i > 0 {
				b.WriteString(", ")
			}
			x.writeType(b)
		}
		b.WriteByte(']')
	case s.Type == "array":
		item := "unknown"
		if s.Items != nil {
			item = s.Items.typeOf()
		}
		if strings.Contains(item, " | ") {
			item = "(" + item + ")"
		}
		b.WriteString(item + "[]")
	case s.Type == "object" && s.IsObject && len(s.Properties) > 0:
		b.WriteString("{ ")
		for i, p := range s.Properties {
			if i > 0 {
				b.WriteString("; ")
			}
			b.WriteString(p.Name)
			if !p.Schema.required() {
				b.WriteByte('?')
			}
			b.WriteString(": ")
			p.Schema.writeType(b)
		}
		b.WriteString(" }")
	case s.Type == "object" && s.AdditionalProperties != nil:
		b.WriteString("Record<string, ")
		s.AdditionalProperties.writeType(b)
		b.WriteByte('>')
	case s.Type == "object":
		b.WriteString("{}")
	default:
		b.WriteString("unknown")
	}
}
