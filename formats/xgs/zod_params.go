package xgs

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/grafana/sobek/ast"
)

// Zod 4's constructors and format methods take a params object, which zod
// spreads into the check's definition: error texts change nothing in the
// JSON Schema, but datetime/time options and a pattern do. An option lint
// does not know is a warning, not a silent guess.

// numberFormat is a zod 4 number-format constructor's range.
type numberFormat struct {
	isInt    bool
	min, max float64
}

var numberFormats = map[string]numberFormat{
	"z.int32":   {true, math.MinInt32, math.MaxInt32},
	"z.uint32":  {true, 0, math.MaxUint32},
	"z.float32": {false, -math.MaxFloat32, math.MaxFloat32},
	"z.float64": {false, -math.MaxFloat64, math.MaxFloat64},
}

// errorParams are params keys that only change error reporting.
var errorParams = map[string]bool{"message": true, "error": true, "abort": true, "when": true}

// formatParams applies a format's params (args) to its table entry, or
// says what lint cannot follow.
func (p *program) formatParams(method string, f zodFormat, args []ast.Expression) (zodFormat, string) {
	if len(args) == 0 {
		return f, ""
	}
	if len(args) > 1 {
		return f, "more than one argument"
	}
	if _, ok := p.staticString(args[0]); ok {
		return f, "" // an error message
	}
	obj, ok := p.follow(args[0]).(*ast.ObjectLiteral)
	if !ok {
		return f, "params that are not an object literal"
	}
	var offset, local bool
	precision := math.NaN() // unset
	for _, prop := range obj.Value {
		kv, ok := prop.(*ast.PropertyKeyed)
		if !ok || kv.Kind != ast.PropertyKindValue {
			return f, "params lint cannot read"
		}
		key, ok := propertyKey(kv)
		if !ok {
			return f, "params lint cannot read"
		}
		v, _ := p.staticValue(kv.Value, 0)
		switch {
		case errorParams[key]:
		case (key == "protocol" || key == "hostname" || key == "normalize") && (method == "url" || method == "httpUrl"):
			// checked on parse; zod writes format "uri" either way
		case key == "version" && method == "uuid" && v != nil && v.kind == jsonString && len(v.text) == 2 && v.text[0] == 'v' && v.text[1] >= '1' && v.text[1] <= '8':
			f.pattern = `^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-` + v.text[1:] + `[0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12})$`
		case key == "pattern":
			re, ok := kv.Value.(*ast.RegExpLiteral)
			if !ok {
				return f, "a pattern that is not a /regex/ literal"
			}
			f.pattern = re.Pattern
		case (key == "offset" || key == "local") && method == "datetime" && v != nil && v.kind == jsonBool:
			if key == "offset" {
				offset = v.text == "true"
			} else {
				local = v.text == "true"
			}
		case key == "precision" && (method == "datetime" || method == "time") && v != nil && (v.kind == jsonNumber || v.kind == jsonNull):
			if v.kind == jsonNumber {
				n, err := strconv.ParseFloat(v.text, 64)
				if err != nil || n != math.Trunc(n) || n < -1 {
					return f, "a precision that is not a whole number"
				}
				precision = n
			}
		default:
			return f, fmt.Sprintf("the option %q, which lint does not model", key)
		}
	}
	switch method {
	case "datetime":
		f.pattern = "^" + datetimeSource(offset, local, precision) + "$"
		if local || precision == -1 {
			f.format = "" // zod drops the format its keyword would forbid
		}
	case "time":
		f.pattern = "^" + timeSource(precision, false) + "$"
	}
	return f, ""
}

// timeSource and datetimeSource are zod 4's regexes.timeSource and
// regexes.datetime (precision NaN: unset).
func timeSource(precision float64, seconds bool) string {
	const hhmm = `(?:[01]\d|2[0-3]):[0-5]\d`
	switch {
	case precision == -1:
		return hhmm
	case precision == 0:
		return hhmm + `:[0-5]\d`
	case !math.IsNaN(precision):
		return hhmm + `:[0-5]\d\.\d{` + strconv.Itoa(int(precision)) + `}`
	case seconds:
		return hhmm + `:[0-5]\d(?:\.\d+)?`
	}
	return hhmm + `(?::[0-5]\d(?:\.\d+)?)?`
}

func datetimeSource(offset, local bool, precision float64) string {
	opts := "Z"
	if offset {
		opts += `|([+-](?:[01]\d|2[0-3]):[0-5]\d)`
	}
	re := timeSource(precision, true) + "(?:" + opts + ")"
	if local {
		re += "|" + timeSource(precision, false)
	}
	date := strings.TrimSuffix(strings.TrimPrefix(zodFormats[".date"].pattern, "^"), "$")
	return date + "T(?:" + re + ")"
}

// zodHash is z.hash(alg, { enc }).
func (p *program) zodHash(call *ast.CallExpression, args []ast.Expression) *Schema {
	if len(args) == 0 {
		return p.unresolved(call, "z.hash() without an algorithm")
	}
	alg, ok := p.staticString(args[0])
	if !ok {
		return p.unresolved(call, "z.hash() of an algorithm that is not a string literal")
	}
	enc := "hex"
	if len(args) > 1 {
		v, ok := p.staticValue(args[1], 0)
		if !ok || v.kind != jsonObject {
			return p.unresolved(call, "z.hash() with params that are not an object literal")
		}
		for i, k := range v.keys {
			switch {
			case k == "enc" && v.vals[i].kind == jsonString:
				enc = v.vals[i].text
			case errorParams[k]:
			default:
				return p.unresolved(call, fmt.Sprintf("z.hash() with the option %q, which lint does not model", k))
			}
		}
	}
	f, ok := zodFormats["z.hash:"+alg+"_"+enc]
	if !ok {
		return p.unresolved(call, fmt.Sprintf("z.hash(%q) with encoding %q, which zod does not have", alg, enc))
	}
	s := &Schema{zt: "string", Type: "string"}
	s.addFormat("hash", f)
	return s
}

// keyofSchema is z.keyof(obj) / obj.keyof(): an enum of the object's keys.
func (p *program) keyofSchema(at ast.Node, obj *Schema) *Schema {
	if obj.kind == kindUnresolved {
		return obj
	}
	if obj.zt != "object" {
		return p.unresolved(at, "keyof of something lint cannot read as an object")
	}
	s := &Schema{zt: "enum", Enum: []*jsonValue{}}
	for _, pr := range obj.Properties {
		s.Enum = append(s.Enum, jsonStr(pr.Name))
	}
	s.Type = enumType(s.Enum)
	return s
}

// defaultValue is .default()'s value: an arrow that returns a literal
// (.default(() => [])) is called by zod, so its body is the value.
func defaultValue(e ast.Expression) ast.Expression {
	if fn, ok := e.(*ast.ArrowFunctionLiteral); ok && len(fn.ParameterList.List) == 0 {
		if body, ok := fn.Body.(*ast.ExpressionBody); ok {
			return body.Expression
		}
	}
	return e
}

// checkMethods maps zod 4's check functions (z.minLength(3) in
// .check(...)) to the method that applies the same check.
var checkMethods = map[string]string{
	"minLength": "min", "maxLength": "max", "length": "length", "regex": "regex",
	"startsWith": "startsWith", "endsWith": "endsWith", "includes": "includes",
	"lowercase": "lowercase", "uppercase": "uppercase", "trim": "trim", "toLowerCase": "toLowerCase",
	"toUpperCase": "toUpperCase", "normalize": "normalize", "slugify": "slugify",
	"gt": "gt", "gte": "gte", "lt": "lt", "lte": "lte", "positive": "positive", "negative": "negative",
	"nonnegative": "nonnegative", "nonpositive": "nonpositive", "multipleOf": "multipleOf",
	"refine": "refine", "superRefine": "superRefine", "overwrite": "overwrite",
}

// zodChecks is .check(z.minLength(3), (ctx) => …): each z.X(...) check is
// applied as the method that does the same; a function only validates.
func (p *program) zodChecks(base *Schema, call *ast.CallExpression, args []ast.Expression, depth int) *Schema {
	for _, a := range args {
		switch a := a.(type) {
		case *ast.ArrowFunctionLiteral, *ast.FunctionLiteral:
			continue
		case *ast.CallExpression:
			dot, ok := a.Callee.(*ast.DotExpression)
			if ok && p.zodNamespace(dot.Left) == "z." {
				if m, ok := checkMethods[dot.Identifier.Name.String()]; ok {
					base = p.zodMethod(base, a, dot, m, depth)
					if base.kind == kindUnresolved {
						return base
					}
					continue
				}
			}
		}
		return p.unresolved(a, ".check() of something other than zod's check functions (z.minLength(3)…)")
	}
	return base
}

// enumSubset is .exclude([...]) / .extract([...]): a new enum (metadata
// stays behind), extract in the order given, exclude in the enum's.
func (p *program) enumSubset(base *Schema, method string, args []ast.Expression, bad func(string) *Schema) *Schema {
	if len(args) == 0 {
		return bad(fmt.Sprintf(".%s() without values", method))
	}
	v, ok := p.staticValue(args[0], 0)
	if !ok || v.kind != jsonArray {
		return bad(fmt.Sprintf(".%s() of something other than an array literal", method))
	}
	has := func(list []*jsonValue, x *jsonValue) bool {
		for _, y := range list {
			if y.kind == x.kind && y.text == x.text {
				return true
			}
		}
		return false
	}
	out := base.clone()
	out.Enum = []*jsonValue{}
	for _, x := range v.vals {
		if !has(base.Enum, x) {
			return bad(fmt.Sprintf(".%s() of %s, which the enum does not hold (zod throws when the skill loads)", method, x.String()))
		}
	}
	if method == "extract" {
		out.Enum = append(out.Enum, v.vals...)
	} else {
		for _, x := range base.Enum {
			if !has(v.vals, x) {
				out.Enum = append(out.Enum, x)
			}
		}
	}
	out.Type = enumType(out.Enum)
	return out
}
