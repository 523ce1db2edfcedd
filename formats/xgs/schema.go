package xgs

import (
	"bytes"
	"encoding/json"
	"strings"
)

// schemaKind says what a resolved Zod expression was, beyond its JSON
// Schema: the rules need to tell z.any() from an unresolved {}.
type schemaKind uint8

const (
	kindPlain      schemaKind = iota
	kindAny                   // z.any()
	kindUnknown               // z.unknown()
	kindUnresolved            // lint could not follow it: {}
	kindNullable              // .nullable(): AnyOf[0] is the inner schema
)

// Schema is a Zod expression resolved statically. Two views of it:
//
//   - zt, inner, meta and the check state below model the Zod schema the
//     way zod 4 does (zt is zod's def type: "string", "number", "object"…;
//     wrappers such as .optional() have zt "" and wrapKind/inner), and
//     zodjson.go writes from them what z.toJSONSchema writes;
//   - the exported fields are a flat summary the lint rules read (a
//     wrapper copies its inner schema's, so rules see through it).
type Schema struct {
	Type        string
	Const       *jsonValue
	Enum        []*jsonValue
	Format      string
	Pattern     *string
	Items       *Schema
	PrefixItems []*Schema
	// Properties is set (possibly empty) for z.object.
	Properties           []Property
	AdditionalProperties *Schema
	AnyOf                []*Schema
	Description          *string
	Default              *jsonValue

	// off is the byte offset of the Zod expression in the file.
	off int

	zt       string
	wrapKind string  // optional, nullable, default, catch, prefault, readonly, nonoptional
	inner    *Schema // the wrapped schema
	meta     []metaEntry
	// metaBuf holds the first meta entry (a .describe(), usually the only
	// one) inside the schema's own allocation: it still fits the 448-byte
	// size class. A copy of a schema must reset meta (wrap and clone do).
	metaBuf [1]metaEntry
	// strings and arrays: length bounds; strings: formats and patterns.
	lenMin, lenMax  *float64
	strFormat       string
	patterns        []string
	contentEncoding string
	// numbers
	numMin, numExMin, numMax, numExMax *float64
	multipleOf                         []float64
	// objects: the key schema of records.
	key *Schema
	// intersections: the members; tuples: the rest element.
	allOf []*Schema
	rest  *Schema

	// The flags last, packed: a schema is allocated for every Zod call,
	// and its size (now 448 bytes) decides its size class.
	IsObject bool
	kind     schemaKind
	isInt    bool
	// bounded: a number with a min or max the author chose (not only
	// .int()'s safe-integer range); rule 5 reads it.
	bounded bool
	// objects: what happens to unknown keys.
	extra objectExtra
	// partialKeys: z.partialRecord, whose discrete keys are not required.
	partialKeys bool
	// unions: discriminated (oneOf).
	exclusive bool
}

type metaEntry struct {
	key string
	val *jsonValue
}

type objectExtra byte

const (
	extraStrip objectExtra = iota // the default: unknown keys are dropped
	extraStrict
	extraLoose
	extraCatchall
)

// Property is one key of a z.object, in source order.
type Property struct {
	Name   string
	Schema *Schema
	// Off is the byte offset of the key in the file.
	Off int
}

// required: the key must be present in the input, as zod's input JSON
// Schema decides (io: "input").
func (s *Schema) required() bool { return !s.optin() }

// optin is zod's "optional in": .optional(), .default() and .prefault()
// make a key omittable; .nullable(), .readonly() and .catch() keep what
// they wrap; .nonoptional() (from .required()) makes it required again.
func (s *Schema) optin() bool {
	switch s.wrapKind {
	case "optional", "default", "prefault":
		return true
	case "nullable", "readonly", "catch":
		return s.inner.optin()
	}
	return false
}

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
	b.Grow(512)
	s.emit().write(&b)
	return b.Bytes()
}

func (s *Schema) value() *jsonValue { return s.emit() }

// typeOf is TypeOf for a resolved schema.
func (s *Schema) typeOf() string { return TypeOf(s.JSON()) }

// TypeOf renders a JSON Schema as a TypeScript-ish type (the embedded
// runtime's typeOf prints the same): {} → unknown, string, number,
// boolean, null, a const's JSON text, an enum's members joined by " | ",
// T[] (parenthesised when T holds " | "), [A, B], { a: T; b?: U },
// Record<string, T>, anyOf/oneOf members and type arrays joined by " | ",
// allOf members by " & ", and { not: {} } as never.
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
	for _, k := range []string{"anyOf", "oneOf"} {
		if any := v.get(k); any != nil && any.kind == jsonArray {
			return joinTypes(any.vals, typeOfValue)
		}
	}
	if all := v.get("allOf"); all != nil && all.kind == jsonArray && v.get("type") == nil {
		parts := make([]string, len(all.vals))
		for i, x := range all.vals {
			parts[i] = typeOfValue(x)
		}
		return strings.Join(parts, " & ")
	}
	if v.get("not") != nil && len(v.keys) == 1 {
		return "never"
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
