package xgs

import (
	"github.com/grafana/sobek/ast"
	"github.com/grafana/sobek/token"
)

// checkDefensiveReturn reports `if (!args.foo) return …` in a handler: the
// spec's runtime conventions ask for no defensive paths that return quietly
// when an argument is missing ("do throw clear errors"), since the agent
// only self-corrects from an error that reaches js_exec. Only a return of
// a plain value (nothing, null, a literal, an object or array literal) is
// reported: returning a call (`if (!page) return firstPage()`) is a
// default, not a silent failure. Reported as xgs/errors (rule 7).
func (p *program) checkDefensiveReturn(f *skillFn) {
	params, body := handlerParts(f.Handler)
	if params == nil || len(params.List) == 0 || body == nil {
		return
	}
	argsName, fields := "", map[string]bool{}
	switch t := params.List[0].Target.(type) {
	case *ast.Identifier:
		argsName = t.Name.String()
	case *ast.ObjectPattern:
		for _, q := range t.Properties {
			switch q := q.(type) {
			case *ast.PropertyShort:
				if q.Initializer == nil { // a default is not a missing-arg check
					fields[q.Name.Name.String()] = true
				}
			case *ast.PropertyKeyed:
				if id, ok := q.Value.(*ast.Identifier); ok {
					fields[id.Name.String()] = true
				}
			}
		}
	default:
		return
	}
	missing := func(e ast.Expression) bool {
		u, ok := e.(*ast.UnaryExpression)
		if !ok || u.Operator != token.NOT {
			return false
		}
		x := unwrapOptional(u.Operand)
		if id, ok := x.(*ast.Identifier); ok {
			return fields[id.Name.String()]
		}
		if d, ok := x.(*ast.DotExpression); ok && argsName != "" {
			id, ok := unwrapOptional(d.Left).(*ast.Identifier)
			return ok && id.Name.String() == argsName
		}
		return false
	}
	inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FunctionLiteral, *ast.ArrowFunctionLiteral:
			return false // a nested function's own params are its own
		case *ast.IfStatement:
			if anyOr(n.Test, missing) {
				if ret := onlyReturn(n.Consequent); ret != nil && plainValue(ret.Argument) {
					p.reportNode("xgs/errors", n.Test, "this handler returns quietly when an argument is missing; the agent sees a value, not an error it can correct",
						"Throw a clear error instead: `if (!args.query) throw new Error(\"search: query is required\")`, or let the destructure throw.")
				}
			}
		}
		return true
	})
}

// handlerParts returns a handler's parameters and body.
func handlerParts(h ast.Expression) (*ast.ParameterList, ast.Node) {
	switch h := h.(type) {
	case *ast.FunctionLiteral:
		if h.Body == nil {
			return h.ParameterList, nil
		}
		return h.ParameterList, h.Body
	case *ast.ArrowFunctionLiteral:
		if b, ok := h.Body.(*ast.BlockStatement); ok {
			return h.ParameterList, b
		}
	}
	return nil, nil
}

// anyOr reports whether test, or any operand of a chain of ||, is a match.
func anyOr(e ast.Expression, match func(ast.Expression) bool) bool {
	if b, ok := e.(*ast.BinaryExpression); ok && b.Operator == token.LOGICAL_OR {
		return anyOr(b.Left, match) || anyOr(b.Right, match)
	}
	return match(e)
}

func unwrapOptional(e ast.Expression) ast.Expression {
	for {
		switch x := e.(type) {
		case *ast.OptionalChain:
			e = x.Expression
		case *ast.Optional:
			e = x.Expression
		default:
			return e
		}
	}
}

// onlyReturn is s when it is a return statement, or a block holding only one.
func onlyReturn(s ast.Statement) *ast.ReturnStatement {
	if b, ok := s.(*ast.BlockStatement); ok && len(b.List) == 1 {
		s = b.List[0]
	}
	r, _ := s.(*ast.ReturnStatement)
	return r
}

// plainValue: nothing, or a value written out (not computed by a call).
func plainValue(e ast.Expression) bool {
	switch e := e.(type) {
	case nil:
		return true
	case *ast.NullLiteral, *ast.BooleanLiteral, *ast.StringLiteral, *ast.NumberLiteral, *ast.TemplateLiteral, *ast.ArrayLiteral, *ast.ObjectLiteral:
		return true
	case *ast.Identifier:
		return e.Name.String() == "undefined"
	}
	return false
}
