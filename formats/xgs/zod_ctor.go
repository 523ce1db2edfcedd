package xgs

import (
	"fmt"
	"slices"
	"strings"

	"github.com/grafana/sobek/ast"
)

// zodConstructor resolves z.NAME(args), z.coerce.NAME(args) and
// z.iso.NAME(args); name carries the prefix ("z.string", "z.iso.date").
func (p *program) zodConstructor(call *ast.CallExpression, name string, depth int) *Schema {
	args := call.ArgumentList
	arg := func(i int) ast.Expression {
		if i < len(args) {
			return args[i]
		}
		return nil
	}
	// z.coerce.X() has X's input schema: coercion happens on parse.
	if rest, ok := strings.CutPrefix(name, "z.coerce."); ok {
		switch rest {
		case "string", "number", "boolean", "bigint", "date":
			name = "z." + rest
		default:
			return p.unresolved(call, fmt.Sprintf("z.coerce.%s() is not a Zod constructor", rest))
		}
	}
	if name == "z.hash" {
		return p.zodHash(call, args)
	}
	if f, ok := zodFormats[name]; ok { // z.email(), z.uuid(), z.iso.date()…
		method := strings.TrimPrefix(name[strings.LastIndexByte(name, '.'):], ".")
		f, why := p.formatParams(method, f, args)
		if why != "" {
			return p.unresolved(call, fmt.Sprintf("%s() with %s", name, why))
		}
		s := &Schema{zt: "string", Type: "string"}
		s.addFormat(method, f)
		return s
	}
	if b, ok := numberFormats[name]; ok { // z.int32(), z.float64()…
		s := &Schema{zt: "number", Type: "number"}
		if b.isInt {
			s.setInt()
		}
		s.bound(b.min, true, true)
		s.bound(b.max, true, false)
		s.syncNumber()
		return s
	}
	switch name {
	case "z.int64", "z.uint64":
		return &Schema{zt: "bigint", Type: "integer"}
	case "z.stringbool":
		return &Schema{zt: "string", Type: "string"}
	case "z.file":
		s := &Schema{zt: "string", Type: "string", Format: "binary"}
		s.strFormat, s.contentEncoding = "binary", "binary"
		return s
	case "z.lazy":
		// z.lazy(() => schema): the schema the arrow returns. A recursive
		// one ends at the depth limit with a warning (zod writes a $ref).
		if fn, ok := arg(0).(*ast.ArrowFunctionLiteral); ok {
			if body, ok := fn.Body.(*ast.ExpressionBody); ok && len(fn.ParameterList.List) == 0 {
				return p.zod(body.Expression, depth+1)
			}
		}
		return p.unresolved(call, "z.lazy() of something other than () => schema")
	case "z.preprocess":
		// io "input" describes the schema after preprocessing.
		if arg(1) == nil {
			return p.unresolved(call, "z.preprocess() without a schema")
		}
		return p.zod(arg(1), depth+1)
	case "z.pipe":
		if arg(1) == nil {
			return p.unresolved(call, "z.pipe() without two schemas")
		}
		return p.zod(arg(0), depth+1)
	case "z.keyof":
		if arg(0) == nil {
			return p.unresolved(call, "z.keyof() without an object schema")
		}
		return p.keyofSchema(call, p.zod(arg(0), depth+1))
	case "z.exactOptional":
		if arg(0) == nil {
			return p.unresolved(call, name+"() without a schema")
		}
		inner := p.zod(arg(0), depth+1)
		if inner.kind == kindUnresolved {
			return inner
		}
		return inner.wrap("optional")
	case "z.string":
		return &Schema{zt: "string", Type: "string"}
	case "z.number":
		return &Schema{zt: "number", Type: "number"}
	case "z.int":
		s := &Schema{zt: "number", Type: "number"}
		s.setInt()
		return s
	case "z.boolean", "z.null":
		return &Schema{zt: name[2:], Type: name[2:]}
	case "z.any":
		return &Schema{zt: "any", kind: kindAny}
	case "z.unknown":
		return &Schema{zt: "unknown", kind: kindUnknown}
	case "z.never":
		return &Schema{zt: "never"}
	case "z.date":
		return &Schema{zt: "date", Type: "string", Format: "date-time"}
	case "z.bigint":
		return &Schema{zt: "bigint", Type: "integer"}
	case "z.literal":
		v, ok := p.staticValue(arg(0), 0)
		if !ok || v.kind == jsonObject {
			return p.unresolved(call, "z.literal() of a value that is not a literal")
		}
		if v.kind == jsonArray {
			return &Schema{zt: "literal", Enum: v.vals, Type: enumType(v.vals)}
		}
		return &Schema{zt: "literal", Const: v}
	case "z.enum", "z.nativeEnum":
		v, ok := p.staticValue(p.follow(arg(0)), 0)
		if !ok || (v.kind != jsonArray && v.kind != jsonObject) {
			return p.unresolved(call, name+"() of something other than an array or object literal")
		}
		if v.kind == jsonArray && name == "z.nativeEnum" {
			return p.unresolved(call, "z.nativeEnum() of an array")
		}
		vals := enumValues(v)
		return &Schema{zt: "enum", Type: enumType(vals), Enum: append([]*jsonValue{}, vals...)}
	case "z.array":
		if arg(0) == nil {
			return p.unresolved(call, "z.array() without an element schema")
		}
		return &Schema{zt: "array", Type: "array", Items: p.zod(arg(0), depth+1)}
	case "z.object", "z.strictObject", "z.looseObject":
		var s *Schema
		if arg(0) == nil {
			s = &Schema{zt: "object", Type: "object", IsObject: true}
		} else {
			obj, ok := p.follow(arg(0)).(*ast.ObjectLiteral)
			if !ok {
				return p.unresolved(call, name+"() of something other than an object literal")
			}
			s = p.zodObject(obj, depth)
		}
		switch name {
		case "z.strictObject":
			s.extra = extraStrict
		case "z.looseObject":
			s.extra = extraLoose
		}
		return s
	case "z.union", "z.discriminatedUnion", "z.xor":
		list, ok := p.follow(arg(len(args) - 1)).(*ast.ArrayLiteral)
		if !ok {
			return p.unresolved(call, name+"() of something other than an array literal")
		}
		s := &Schema{zt: "union", AnyOf: []*Schema{}, exclusive: name != "z.union"}
		for _, m := range list.Value {
			s.AnyOf = append(s.AnyOf, p.zod(m, depth+1))
		}
		return s
	case "z.intersection":
		if arg(1) == nil {
			return p.unresolved(call, "z.intersection() without two schemas")
		}
		return intersect(p.zod(arg(0), depth+1), p.zod(arg(1), depth+1))
	case "z.record", "z.partialRecord", "z.looseRecord":
		if arg(0) == nil {
			return p.unresolved(call, name+"() without a value schema")
		}
		key, val := &Schema{zt: "string", Type: "string"}, arg(0)
		if arg(1) != nil {
			key, val = p.zod(arg(0), depth+1), arg(1)
		}
		if name == "z.looseRecord" && len(key.patterns) > 0 {
			return p.unresolved(call, "z.looseRecord() with a key pattern (zod writes patternProperties, which lint does not model)")
		}
		return &Schema{zt: "record", Type: "object", key: key, AdditionalProperties: p.zod(val, depth+1), partialKeys: name == "z.partialRecord"}
	case "z.tuple":
		list, ok := p.follow(arg(0)).(*ast.ArrayLiteral)
		if !ok {
			return p.unresolved(call, "z.tuple() of something other than an array literal")
		}
		s := &Schema{zt: "tuple", Type: "array", PrefixItems: []*Schema{}}
		for _, m := range list.Value {
			s.PrefixItems = append(s.PrefixItems, p.zod(m, depth+1))
		}
		if arg(1) != nil {
			s.rest = p.zod(arg(1), depth+1)
		}
		return s
	case "z.optional", "z.nullable", "z.nullish":
		if arg(0) == nil {
			return p.unresolved(call, name+"() without a schema")
		}
		inner := p.zod(arg(0), depth+1)
		if inner.kind == kindUnresolved {
			return inner
		}
		switch name {
		case "z.optional":
			return inner.wrap("optional")
		case "z.nullable":
			return inner.wrap("nullable")
		}
		return inner.wrap("nullable").wrap("optional")
	}
	return p.unresolved(call, fmt.Sprintf("%s() is outside the Zod lint resolves", name))
}

// enumType is zod's "type" for enum members: number or string when all
// are, none otherwise.
func enumType(vals []*jsonValue) string {
	if len(vals) == 0 {
		return ""
	}
	kind := vals[0].kind
	for _, v := range vals {
		if v.kind != kind {
			return ""
		}
	}
	switch kind {
	case jsonNumber:
		return "number"
	case jsonString:
		return "string"
	}
	return ""
}

func (p *program) zodObject(obj *ast.ObjectLiteral, depth int) *Schema {
	s := &Schema{zt: "object", Type: "object", IsObject: true, Properties: make([]Property, 0, len(obj.Value))}
	for _, prop := range obj.Value {
		switch prop := prop.(type) {
		case *ast.PropertyKeyed:
			key, ok := propertyKey(prop)
			if !ok || prop.Kind != ast.PropertyKindValue {
				return p.unresolved(prop, "a computed key or method in z.object()")
			}
			if isProtoSetter(prop) {
				continue
			}
			s.setProperty(Property{Name: key, Schema: p.zod(prop.Value, depth+1), Off: idxOffset(prop.Idx0())})
		case *ast.PropertyShort:
			if prop.Initializer != nil {
				return p.unresolved(prop, "an initializer in z.object()")
			}
			s.setProperty(Property{Name: prop.Name.Name.String(), Schema: p.zod(&prop.Name, depth+1), Off: idxOffset(prop.Idx0())})
		default:
			return p.unresolved(prop, "a spread in z.object()")
		}
	}
	return s
}

// setProperty adds a key; a duplicate key replaces the first in place, as
// a JS object literal does, and array-index keys ("1") come first, in
// numeric order, as JS enumerates them (zod's shape is a JS object).
func (s *Schema) setProperty(p Property) {
	for i := range s.Properties {
		if s.Properties[i].Name == p.Name {
			s.Properties[i] = p
			return
		}
	}
	s.Properties = append(s.Properties, p)
	if _, index := arrayIndex(p.Name); !index {
		return // a name key goes last: the order stands
	}
	names := make([]string, len(s.Properties))
	for i, pr := range s.Properties {
		names[i] = pr.Name
	}
	order := jsKeyOrderIndex(names)
	sorted := make([]Property, len(order))
	for i, j := range order {
		sorted[i] = s.Properties[j]
	}
	s.Properties = sorted
}

// intersect is z.intersection(a, b) / a.and(b).
func intersect(a, b *Schema) *Schema {
	return &Schema{zt: "intersection", allOf: []*Schema{a, b}}
}

// enumValues is zod's getEnumValues over the enum's entries object: an
// array's values are its keys too (so "10" comes before "b", as JS orders
// keys), and a TypeScript numeric enum's reverse mappings (0: "A") drop.
func enumValues(v *jsonValue) []*jsonValue {
	if v.kind == jsonArray {
		entries := jsonObj()
		for _, x := range v.vals {
			entries.set(x.text, x)
		}
		entries.jsKeyOrder()
		return entries.vals
	}
	var numeric []float64
	for _, x := range v.vals {
		if x.kind == jsonNumber {
			if f, err := parseFloat(x.text); err == nil {
				numeric = append(numeric, f)
			}
		}
	}
	var out []*jsonValue
	for i, k := range v.keys {
		f, err := parseFloat(k)
		if k == "" {
			f, err = 0, nil
		}
		if err == nil && slices.Contains(numeric, f) {
			continue
		}
		out = append(out, v.vals[i])
	}
	return out
}
