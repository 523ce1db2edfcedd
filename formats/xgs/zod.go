package xgs

import (
	"fmt"

	"github.com/grafana/sobek/ast"
)

// Zod → JSON Schema, statically, in exactly the shared contract's mapping
// (the embedded runtime's __describe__ produces the same JSON). Anything
// outside the subset becomes {} plus an xgs/unresolved-schema note: lint
// never guesses and never runs skill code.

const unresolvedHint = "Use the Zod subset lint reads (z.object/string/number/boolean/enum/literal/array/union/record/tuple/any/unknown/null/date and their common methods) or a const in this file, so the schema reaches the agent."

// resolveZod resolves a Zod expression.
func (p *program) resolveZod(e ast.Expression) *Schema {
	return p.zod(e, 0)
}

func (p *program) unresolved(n ast.Node, why string) *Schema {
	off := idxOffset(n.Idx0())
	p.report("xgs/unresolved-schema", off, why+"; shown to the agent as {}", unresolvedHint)
	return &Schema{kind: kindUnresolved, off: off, why: why}
}

func (p *program) zod(e ast.Expression, depth int) *Schema {
	if isNil(e) {
		return &Schema{kind: kindUnresolved}
	}
	if depth > maxFollow {
		return p.unresolved(e, "the schema nests or refers to itself too deeply")
	}
	switch e := e.(type) {
	case *ast.Identifier:
		init := p.constInit(e.Name.String())
		if init == nil {
			return p.unresolved(e, fmt.Sprintf("%s is not a const declared in this file", e.Name))
		}
		s := p.zod(init, depth+1)
		if s.kind != kindUnresolved {
			s.off = idxOffset(e.Idx0())
		}
		return s
	case *ast.CallExpression:
		dot, ok := e.Callee.(*ast.DotExpression)
		if !ok {
			return p.unresolved(e, "this call is not a Zod schema lint can read")
		}
		method := dot.Identifier.Name.String()
		if id, ok := dot.Left.(*ast.Identifier); ok && p.zodNames[id.Name.String()] {
			s := p.zodConstructor(e, method, depth)
			if s.kind != kindUnresolved {
				s.off = idxOffset(e.Idx0())
			}
			return s
		}
		base := p.zod(dot.Left, depth+1)
		if base.kind == kindUnresolved {
			return base
		}
		return p.zodMethod(base, e, dot, method, depth)
	}
	return p.unresolved(e, "this expression is not a Zod schema lint can read")
}

// zodConstructor resolves z.NAME(args).
func (p *program) zodConstructor(call *ast.CallExpression, name string, depth int) *Schema {
	args := call.ArgumentList
	arg := func(i int) ast.Expression {
		if i < len(args) {
			return args[i]
		}
		return nil
	}
	switch name {
	case "string", "number", "boolean", "null":
		return &Schema{Type: name}
	case "any":
		return &Schema{kind: kindAny}
	case "unknown":
		return &Schema{kind: kindUnknown}
	case "date":
		return &Schema{Type: "string", Format: "date-time"}
	case "literal":
		v, ok := p.staticValue(arg(0), 0)
		if !ok {
			return p.unresolved(call, "z.literal() of a value that is not a literal")
		}
		return &Schema{Const: v}
	case "enum":
		v, ok := p.staticValue(arg(0), 0)
		if !ok || v.kind != jsonArray {
			return p.unresolved(call, "z.enum() of something other than an array literal")
		}
		return &Schema{Type: "string", Enum: append([]*jsonValue{}, v.vals...)}
	case "array":
		if arg(0) == nil {
			return p.unresolved(call, "z.array() without an element schema")
		}
		return &Schema{Type: "array", Items: p.zod(arg(0), depth+1)}
	case "object":
		obj, ok := p.follow(arg(0)).(*ast.ObjectLiteral)
		if !ok {
			return p.unresolved(call, "z.object() of something other than an object literal")
		}
		return p.zodObject(call, obj, depth)
	case "union":
		list, ok := p.follow(arg(0)).(*ast.ArrayLiteral)
		if !ok {
			return p.unresolved(call, "z.union() of something other than an array literal")
		}
		s := &Schema{AnyOf: []*Schema{}}
		for _, m := range list.Value {
			s.AnyOf = append(s.AnyOf, p.zod(m, depth+1))
		}
		return s
	case "record":
		v := arg(0)
		if len(args) >= 2 {
			v = arg(1)
		}
		if v == nil {
			return p.unresolved(call, "z.record() without a value schema")
		}
		return &Schema{Type: "object", AdditionalProperties: p.zod(v, depth+1)}
	case "tuple":
		list, ok := p.follow(arg(0)).(*ast.ArrayLiteral)
		if !ok {
			return p.unresolved(call, "z.tuple() of something other than an array literal")
		}
		s := &Schema{Type: "array", PrefixItems: []*Schema{}}
		for _, m := range list.Value {
			s.PrefixItems = append(s.PrefixItems, p.zod(m, depth+1))
		}
		n := jsonNum(float64(len(s.PrefixItems)))
		s.MinItems, s.MaxItems = n, n
		return s
	}
	return p.unresolved(call, fmt.Sprintf("z.%s() is outside the Zod subset lint resolves", name))
}

func (p *program) zodObject(call *ast.CallExpression, obj *ast.ObjectLiteral, depth int) *Schema {
	s := &Schema{Type: "object", IsObject: true}
	for _, prop := range obj.Value {
		switch prop := prop.(type) {
		case *ast.PropertyKeyed:
			key, ok := propertyKey(prop)
			if !ok || prop.Kind != ast.PropertyKindValue {
				return p.unresolved(prop, "a computed key or method in z.object()")
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
// a JS object literal does.
func (s *Schema) setProperty(p Property) {
	for i := range s.Properties {
		if s.Properties[i].Name == p.Name {
			s.Properties[i] = p
			return
		}
	}
	s.Properties = append(s.Properties, p)
}

// zodMethod applies one chained method to base.
func (p *program) zodMethod(base *Schema, call *ast.CallExpression, dot *ast.DotExpression, method string, depth int) *Schema {
	args := call.ArgumentList
	at := &dot.Identifier
	bad := func(why string) *Schema { return p.unresolved(at, why) }
	num := func() (*jsonValue, bool) {
		if len(args) == 0 {
			return nil, false
		}
		return p.staticNumber(args[0])
	}
	isString := base.Type == "string" && base.kind == kindPlain && base.Enum == nil
	isNumber := (base.Type == "number" || base.Type == "integer") && base.kind == kindPlain
	isArray := base.Type == "array" && base.PrefixItems == nil && base.kind == kindPlain
	switch method {
	case "optional":
		base.optional = true
		return base
	case "nullable":
		return &Schema{kind: kindNullable, AnyOf: []*Schema{base, {Type: "null"}}, optional: base.optional || base.Default != nil}
	case "default":
		if len(args) == 0 {
			return bad(".default() without a value")
		}
		v, ok := p.staticValue(args[0], 0)
		if !ok {
			return bad(".default() of a value that is not a literal")
		}
		base.Default = v
		return base
	case "describe":
		if len(args) == 0 {
			return bad(".describe() without text")
		}
		s, ok := p.staticString(args[0])
		if !ok {
			return bad(".describe() of text that is not a string literal")
		}
		base.Description = &s
		return base
	case "array":
		return &Schema{Type: "array", Items: base}
	case "int":
		if !isNumber {
			return bad(".int() on a schema that is not z.number()")
		}
		base.Type = "integer"
		return base
	case "positive":
		if !isNumber {
			return bad(".positive() on a schema that is not z.number()")
		}
		base.ExclusiveMinimum = jsonNum(0)
		return base
	case "nonnegative":
		if !isNumber {
			return bad(".nonnegative() on a schema that is not z.number()")
		}
		base.Minimum = jsonNum(0)
		return base
	case "min", "max", "length", "gte", "lte":
		n, ok := num()
		if !ok {
			return bad(fmt.Sprintf(".%s() of a value that is not a number literal", method))
		}
		switch {
		case isString && method != "gte" && method != "lte":
			if method != "max" {
				base.MinLength = n
			}
			if method != "min" {
				base.MaxLength = n
			}
		case isArray && method != "gte" && method != "lte":
			if method != "max" {
				base.MinItems = n
			}
			if method != "min" {
				base.MaxItems = n
			}
		case isNumber && method != "length":
			if method == "min" || method == "gte" {
				base.Minimum = n
			} else {
				base.Maximum = n
			}
		default:
			return bad(fmt.Sprintf(".%s() on a schema it does not apply to", method))
		}
		return base
	case "url", "email", "uuid", "datetime", "date":
		if !isString {
			return bad(fmt.Sprintf(".%s() on a schema that is not z.string()", method))
		}
		base.Format = map[string]string{"url": "uri", "email": "email", "uuid": "uuid", "datetime": "date-time", "date": "date"}[method]
		return base
	case "regex":
		if !isString {
			return bad(".regex() on a schema that is not z.string()")
		}
		if len(args) == 0 {
			return bad(".regex() without a pattern")
		}
		re, ok := args[0].(*ast.RegExpLiteral)
		if !ok {
			return bad(".regex() of something other than a /regex/ literal")
		}
		pat := re.Pattern
		base.Pattern = &pat
		return base
	}
	return bad(fmt.Sprintf(".%s() is outside the Zod subset lint resolves", method))
}
