package xgs

import (
	"fmt"
	"math"
	"strings"

	"github.com/grafana/sobek/ast"

	"github.com/skillstudio/skillstudio/internal/lazyre"
)

// zodMethod applies one chained method to base. A method is only
// followed on the schema types that have it in zod 4 (z.string().gt() or
// z.number().optional().min() do not exist there: the bundle would throw).
func (p *program) zodMethod(base *Schema, call *ast.CallExpression, dot *ast.DotExpression, method string, depth int) *Schema {
	args := call.ArgumentList
	at := &dot.Identifier
	bad := func(why string) *Schema { return p.unresolved(at, why) }
	num := func() (float64, *jsonValue, bool) {
		if len(args) == 0 {
			return 0, nil, false
		}
		v, ok := p.staticNumber(args[0])
		if !ok {
			return 0, nil, false
		}
		f, err := parseFloat(v.text)
		return f, v, err == nil
	}
	str := func() (string, bool) {
		if len(args) == 0 {
			return "", false
		}
		return p.staticString(args[0])
	}
	zt := base.zt
	notFor := func() *Schema {
		return bad(fmt.Sprintf(".%s() on a %s schema, which has no such method in zod", method, ztName(zt)))
	}

	// Methods every schema has.
	switch method {
	case "optional", "nullable", "nullish", "readonly":
		if method == "nullish" {
			return base.wrap("nullable").wrap("optional")
		}
		return base.wrap(method)
	case "default", "catch", "prefault":
		if len(args) == 0 {
			return bad(fmt.Sprintf(".%s() without a value", method))
		}
		v, ok := p.staticValue(defaultValue(args[0]), 0)
		if !ok {
			return bad(fmt.Sprintf(".%s() of a value that is not a literal", method))
		}
		w := base.wrap(method)
		w.Default = v
		return w
	case "describe":
		s, ok := str()
		if !ok {
			return bad(".describe() of text that is not a string literal")
		}
		d := jsonStr(s)
		base.setMeta("description", d)
		base.Description = &d.text // the text the meta holds: no second copy of s on the heap
		return base
	case "meta":
		if len(args) == 0 {
			return bad(".meta() without an object")
		}
		v, ok := p.staticValue(args[0], 0)
		if !ok || v.kind != jsonObject {
			return bad(".meta() of something other than an object literal")
		}
		if v.get("id") != nil {
			return bad(".meta() with an id: zod moves the schema into $defs behind a $ref, which lint does not model")
		}
		for i, k := range v.keys {
			base.setMeta(k, v.vals[i])
			if k == "description" && v.vals[i].kind == jsonString {
				d := v.vals[i].text
				base.Description = &d
			}
		}
		return base
	case "array":
		return &Schema{zt: "array", Type: "array", Items: base}
	case "or":
		if len(args) == 0 {
			return bad(".or() without a schema")
		}
		return &Schema{zt: "union", AnyOf: []*Schema{base, p.zod(args[0], depth+1)}}
	case "and":
		if len(args) == 0 {
			return bad(".and() without a schema")
		}
		return intersect(base, p.zod(args[0], depth+1))
	case "refine", "superRefine", "overwrite", "brand":
		return base // validates or retypes; the input JSON Schema is the same
	case "transform", "pipe":
		return base // io "input" describes what goes in: the source schema
	case "check":
		return p.zodChecks(base, call, args, depth)
	case "nonoptional":
		return base.wrap("nonoptional")
	case "unwrap":
		if base.wrapKind == "optional" || base.wrapKind == "nullable" {
			if base.wrapKind == "nullable" {
				return base.AnyOf[0]
			}
			return base.inner
		}
	}

	switch zt {
	case "string":
		return p.stringMethod(base, method, str, num, args, bad, notFor)
	case "number":
		return numberMethod(base, method, num, bad, notFor)
	case "bigint", "date":
		// bounds: zod writes {} for both, __describe__ the JSON an agent
		// passes (zodjson.go), so a bound changes nothing.
		switch method {
		case "min", "max", "gt", "gte", "lt", "lte", "positive", "negative", "nonnegative", "nonpositive", "multipleOf":
			if zt == "bigint" || method == "min" || method == "max" {
				return base
			}
		}
	case "array":
		switch method {
		case "min", "max", "length", "nonempty":
			n := 1.0
			var v *jsonValue
			if method != "nonempty" {
				var ok bool
				if n, v, ok = num(); !ok {
					return bad(fmt.Sprintf(".%s() of a value that is not a number literal", method))
				}
			} else {
				v = jsonNum(1)
			}
			if method != "max" {
				base.lenMin = narrow(base.lenMin, n, true)
			}
			if method == "max" || method == "length" {
				base.lenMax = narrow(base.lenMax, n, false)
			}
			_ = v
			return base
		case "element":
			return base.Items
		}
	case "object":
		switch method {
		// Each is a new schema in zod: .describe()/.meta() before it stay behind.
		case "strict":
			out := base.clone()
			out.extra = extraStrict
			return out
		case "passthrough", "loose":
			out := base.clone()
			out.extra = extraLoose
			return out
		case "strip":
			out := base.clone()
			out.extra = extraStrip
			return out
		case "catchall":
			if len(args) == 0 {
				return bad(".catchall() without a schema")
			}
			out := base.clone()
			out.extra, out.AdditionalProperties = extraCatchall, p.zod(args[0], depth+1)
			return out
		case "extend", "merge", "safeExtend":
			if len(args) == 0 {
				return bad(fmt.Sprintf(".%s() without a shape", method))
			}
			var add *Schema
			if obj, ok := p.follow(args[0]).(*ast.ObjectLiteral); ok && method != "merge" {
				add = p.zodObject(obj, depth+1)
			} else {
				add = p.zod(args[0], depth+1)
			}
			if add.kind == kindUnresolved || add.zt != "object" {
				return bad(fmt.Sprintf(".%s() of something lint cannot read as an object", method))
			}
			out := base.clone()
			out.Properties = append([]Property{}, base.Properties...)
			for _, pr := range add.Properties {
				out.setProperty(pr)
			}
			if method == "merge" {
				out.extra, out.AdditionalProperties = add.extra, add.AdditionalProperties
			}
			return out
		case "partial", "required", "pick", "omit":
			return p.objectMask(base, method, args, bad)
		case "keyof":
			return p.keyofSchema(at, base)
		}
	case "enum":
		if method == "exclude" || method == "extract" {
			return p.enumSubset(base, method, args, bad)
		}
	case "tuple":
		if method == "rest" {
			if len(args) == 0 {
				return bad(".rest() without a schema")
			}
			out := base.clone()
			out.rest = p.zod(args[0], depth+1)
			return out
		}
	}
	if zt == "" {
		return bad(fmt.Sprintf(".%s() on a schema lint does not model", method))
	}
	return notFor()
}

// objectMask is .partial()/.required()/.pick()/.omit() with an optional
// { key: true } mask.
func (p *program) objectMask(base *Schema, method string, args []ast.Expression, bad func(string) *Schema) *Schema {
	var mask map[string]bool
	if len(args) > 0 {
		v, ok := p.staticValue(args[0], 0)
		if !ok || v.kind != jsonObject {
			return bad(fmt.Sprintf(".%s() of something other than an object literal of keys", method))
		}
		mask = map[string]bool{}
		for _, k := range v.keys {
			mask[k] = true
		}
	} else if method == "pick" || method == "omit" {
		return bad(fmt.Sprintf(".%s() without keys", method))
	}
	out := base.clone()
	out.Properties = nil
	for _, pr := range base.Properties {
		in := mask == nil || mask[pr.Name]
		switch method {
		case "pick":
			if in {
				out.Properties = append(out.Properties, pr)
			}
		case "omit":
			if !in {
				out.Properties = append(out.Properties, pr)
			}
		case "partial":
			if in {
				pr.Schema = pr.Schema.wrap("optional")
			}
			out.Properties = append(out.Properties, pr)
		case "required":
			if in {
				pr.Schema = pr.Schema.wrap("nonoptional")
			}
			out.Properties = append(out.Properties, pr)
		}
	}
	return out
}

var regexEscape = lazyre.New(`[.*+?^${}()|[\]\\]`)

func (p *program) stringMethod(base *Schema, method string, str func() (string, bool), num func() (float64, *jsonValue, bool),
	args []ast.Expression, bad func(string) *Schema, notFor func() *Schema) *Schema {
	if f, ok := zodFormats["."+method]; ok {
		f, why := p.formatParams(method, f, args)
		if why != "" {
			return bad(fmt.Sprintf(".%s() with %s", method, why))
		}
		base.addFormat(method, f)
		return base
	}
	switch method {
	case "min", "max", "length", "nonempty":
		n := 1.0
		if method != "nonempty" {
			var ok bool
			if n, _, ok = num(); !ok {
				return bad(fmt.Sprintf(".%s() of a value that is not a number literal", method))
			}
		}
		if method != "max" {
			base.lenMin = narrow(base.lenMin, n, true)
		}
		if method == "max" || method == "length" {
			base.lenMax = narrow(base.lenMax, n, false)
		}
		return base
	case "trim", "toLowerCase", "toUpperCase", "normalize", "slugify":
		return base // overwrites: the input is any string
	case "regex":
		if len(args) == 0 {
			return bad(".regex() without a pattern")
		}
		re, ok := args[0].(*ast.RegExpLiteral)
		if !ok {
			return bad(".regex() of something other than a /regex/ literal")
		}
		base.addPattern("regex", re.Pattern, true)
		return base
	case "startsWith", "endsWith", "includes":
		s, ok := str()
		if !ok || len(args) > 1 {
			return bad(fmt.Sprintf(".%s() of something other than one string literal", method))
		}
		// zod builds a RegExp, whose source escapes "/" and line breaks
		esc := regexSource(regexEscape.ReplaceAllString(s, `\$0`))
		switch method {
		case "startsWith":
			base.addPattern("starts_with", "^"+esc+".*", true)
		case "endsWith":
			base.addPattern("ends_with", ".*"+esc+"$", true)
		default:
			base.addPattern("includes", esc, true)
		}
		return base
	}
	return notFor()
}

func numberMethod(base *Schema, method string, num func() (float64, *jsonValue, bool), bad func(string) *Schema, notFor func() *Schema) *Schema {
	switch method {
	case "int", "safe":
		base.setInt()
		return base
	case "finite":
		return base
	case "positive":
		base.bound(0, false, true)
	case "nonnegative":
		base.bound(0, true, true)
	case "negative":
		base.bound(0, false, false)
	case "nonpositive":
		base.bound(0, true, false)
	case "min", "gte", "gt", "max", "lte", "lt", "multipleOf", "step":
		n, _, ok := num()
		if !ok {
			return bad(fmt.Sprintf(".%s() of a value that is not a number literal", method))
		}
		switch method {
		case "min", "gte":
			base.bound(n, true, true)
		case "gt":
			base.bound(n, false, true)
		case "max", "lte":
			base.bound(n, true, false)
		case "lt":
			base.bound(n, false, false)
		default:
			if n == 0 || math.IsInf(n, 0) || math.IsNaN(n) {
				return bad(fmt.Sprintf(".%s(%v) has no JSON Schema form", method, n))
			}
			base.multipleOf = appendUnique(base.multipleOf, math.Abs(n))
		}
	default:
		return notFor()
	}
	base.syncNumber()
	return base
}

func appendUnique(xs []float64, x float64) []float64 {
	for _, y := range xs {
		if y == x {
			return xs
		}
	}
	return append(xs, x)
}

// narrow keeps the tighter of a bound and n: the larger minimum (min) or
// the smaller maximum.
func narrow(cur *float64, n float64, min bool) *float64 {
	if cur == nil || (min && n > *cur) || (!min && n < *cur) {
		return &n
	}
	return cur
}

func ztName(zt string) string {
	if zt == "" {
		return "wrapped"
	}
	return zt
}

// regexSource is what RegExp.prototype.source shows for a pattern with no
// character class: "/" and line terminators escaped.
func regexSource(p string) string {
	return strings.NewReplacer("/", `\/`, "\n", `\n`, "\r", `\r`, "\u2028", `\u2028`, "\u2029", `\u2029`).Replace(p)
}
