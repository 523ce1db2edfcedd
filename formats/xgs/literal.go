package xgs

import (
	"math"
	"slices"
	"sort"

	"github.com/grafana/sobek/ast"
	"github.com/grafana/sobek/token"
)

// maxFollow bounds how far const names are followed, so `const a = b,
// b = a` or a deep chain cannot loop or blow the stack.
const maxFollow = 64

// staticValue converts a literal expression to JSON without running it:
// strings, numbers, booleans, null, template strings without ${}, arrays,
// plain objects, negated numbers and const names bound to such literals.
// undefined inside an object drops the key and inside an array becomes
// null, as JSON.stringify does. ok is false for anything else.
func (p *program) staticValue(e ast.Expression, depth int) (*jsonValue, bool) {
	if depth > maxFollow || isNil(e) {
		return nil, false
	}
	switch e := e.(type) {
	case *ast.StringLiteral:
		return jsonStr(e.Value.String()), true
	case *ast.NumberLiteral:
		f, ok := numberOf(e)
		if !ok {
			return nil, false
		}
		return jsonNum(f), true
	case *ast.BooleanLiteral:
		if e.Value {
			return &jsonValue{kind: jsonBool, text: "true"}, true
		}
		return &jsonValue{kind: jsonBool, text: "false"}, true
	case *ast.NullLiteral:
		return &jsonValue{kind: jsonNull}, true
	case *ast.TemplateLiteral:
		if s, ok := plainTemplate(e); ok {
			return jsonStr(s), true
		}
	case *ast.UnaryExpression:
		if e.Postfix {
			return nil, false
		}
		if n, ok := e.Operand.(*ast.NumberLiteral); ok {
			f, ok := numberOf(n)
			if !ok {
				return nil, false
			}
			switch e.Operator {
			case token.MINUS:
				return jsonNum(-f), true
			case token.PLUS:
				return jsonNum(f), true
			}
		}
	case *ast.ArrayLiteral:
		arr := &jsonValue{kind: jsonArray}
		for _, x := range e.Value {
			if x == nil { // a hole: [1, , 2]
				arr.vals = append(arr.vals, &jsonValue{kind: jsonNull})
				continue
			}
			if isUndefined(x) {
				arr.vals = append(arr.vals, &jsonValue{kind: jsonNull})
				continue
			}
			v, ok := p.staticValue(x, depth+1)
			if !ok {
				return nil, false
			}
			arr.vals = append(arr.vals, v)
		}
		return arr, true
	case *ast.ObjectLiteral:
		obj := jsonObj()
		for _, prop := range e.Value {
			switch prop := prop.(type) {
			case *ast.PropertyKeyed:
				key, ok := propertyKey(prop)
				if !ok || prop.Kind != ast.PropertyKindValue {
					return nil, false
				}
				if isUndefined(prop.Value) || isProtoSetter(prop) {
					continue
				}
				v, ok := p.staticValue(prop.Value, depth+1)
				if !ok {
					return nil, false
				}
				obj.set(key, v)
			case *ast.PropertyShort:
				if prop.Initializer != nil {
					return nil, false
				}
				v, ok := p.staticValue(&prop.Name, depth+1)
				if !ok {
					return nil, false
				}
				obj.set(prop.Name.Name.String(), v)
			default:
				return nil, false
			}
		}
		obj.jsKeyOrder()
		return obj, true
	case *ast.Identifier:
		if init := p.constInit(e.Name.String()); init != nil {
			return p.staticValue(init, depth+1)
		}
	}
	return nil, false
}

// staticString is staticValue for a string only.
func (p *program) staticString(e ast.Expression) (string, bool) {
	if lit, ok := e.(*ast.StringLiteral); ok {
		return lit.Value.String(), true // the usual case, without a jsonValue
	}
	v, ok := p.staticValue(e, 0)
	if !ok || v.kind != jsonString {
		return "", false
	}
	return v.text, true
}

// staticNumber is staticValue for a number only.
func (p *program) staticNumber(e ast.Expression) (*jsonValue, bool) {
	v, ok := p.staticValue(e, 0)
	if !ok || v.kind != jsonNumber {
		return nil, false
	}
	return v, true
}

func numberOf(n *ast.NumberLiteral) (float64, bool) {
	switch v := n.Value.(type) {
	case int64:
		return float64(v), true
	case float64:
		return v, !math.IsNaN(v)
	case int:
		return float64(v), true
	}
	return 0, false
}

// plainTemplate returns the text of an untagged template with no ${}.
func plainTemplate(t *ast.TemplateLiteral) (string, bool) {
	if t.Tag != nil || len(t.Expressions) > 0 || len(t.Elements) != 1 || t.Elements[0] == nil || !t.Elements[0].Valid {
		return "", false
	}
	return t.Elements[0].Parsed.String(), true
}

func isUndefined(e ast.Expression) bool {
	id, ok := e.(*ast.Identifier)
	return ok && id.Name == "undefined"
}

// propertyKey is the name of a non-computed object key.
func propertyKey(p *ast.PropertyKeyed) (string, bool) {
	if p.Computed {
		if s, ok := p.Key.(*ast.StringLiteral); ok {
			return s.Value.String(), true
		}
		return "", false
	}
	switch k := p.Key.(type) {
	case *ast.StringLiteral:
		return k.Value.String(), true
	case *ast.Identifier:
		return k.Name.String(), true
	case *ast.NumberLiteral:
		if f, ok := numberOf(k); ok {
			return jsNumber(f), true
		}
	}
	return "", false
}

// isProtoSetter: `__proto__: x` in an object literal sets the prototype;
// it makes no key (a computed ["__proto__"] does).
func isProtoSetter(p *ast.PropertyKeyed) bool {
	if p.Computed {
		return false
	}
	key, ok := propertyKey(p)
	return ok && key == "__proto__"
}

func isArrayIndex(key string) bool {
	_, ok := arrayIndex(key)
	return ok
}

// arrayIndex says whether a key is a JS array index ("0", "17", not "01"
// or "-1"): objects list those keys first, in numeric order.
func arrayIndex(key string) (uint64, bool) {
	if key == "" || len(key) > 10 || (len(key) > 1 && key[0] == '0') {
		return 0, false
	}
	var n uint64
	for i := 0; i < len(key); i++ {
		if key[i] < '0' || key[i] > '9' {
			return 0, false
		}
		n = n*10 + uint64(key[i]-'0')
	}
	return n, n < 1<<32-1
}

// jsKeyOrderIndex is the order a JS object enumerates keys: array
// indexes ascending, then the rest in insertion order.
func jsKeyOrderIndex(keys []string) []int {
	idx := make([]int, len(keys))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool {
		na, ia := arrayIndex(keys[idx[a]])
		nb, ib := arrayIndex(keys[idx[b]])
		if ia && ib {
			return na < nb
		}
		return ia && !ib
	})
	return idx
}

// jsKeyOrder reorders an object's keys as JS enumerates them.
func (v *jsonValue) jsKeyOrder() {
	if !slices.ContainsFunc(v.keys, isArrayIndex) {
		return // insertion order
	}
	order := jsKeyOrderIndex(v.keys)
	keys, vals := make([]string, len(order)), make([]*jsonValue, len(order))
	for i, j := range order {
		keys[i], vals[i] = v.keys[j], v.vals[j]
	}
	v.keys, v.vals = keys, vals
}
