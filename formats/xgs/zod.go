package xgs

import (
	"fmt"
	"strings"

	"github.com/grafana/sobek/ast"
)

// Zod → JSON Schema, statically: the resolver builds a small model of the
// Zod schema (zt, the zod def type, plus checks, wrappers and metadata;
// schema.go) without running skill code, and zodjson.go writes what
// zod 4's z.toJSONSchema(schema, { io: "input" }) writes for it — the same
// JSON the built bundle's __describe__ returns. Anything outside what the
// resolver follows becomes {} plus an xgs/unresolved-schema warning naming
// the method and its line: lint never guesses and never silently shows {}.

const unresolvedHint = "Write the schema with Zod calls lint can follow (z.object/string/number/… and their methods, with literal arguments) or through a const in this file, so the schema reaches the agent."

// resolveZod resolves a Zod expression.
func (p *program) resolveZod(e ast.Expression) *Schema {
	return p.zod(e, 0)
}

func (p *program) unresolved(n ast.Node, why string) *Schema {
	off := idxOffset(n.Idx0())
	p.report("xgs/unresolved-schema", off, why+"; shown to the agent as {}", unresolvedHint)
	return &Schema{kind: kindUnresolved, off: off}
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
		if ns := p.zodNamespace(dot.Left); ns != "" {
			s := p.zodConstructor(e, qualified(ns, method), depth)
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

// zodNamespace says whether e names zod itself ("z."), z.coerce
// ("z.coerce.") or z.iso ("z.iso."), or "" for anything else.
func (p *program) zodNamespace(e ast.Expression) string {
	switch e := e.(type) {
	case *ast.Identifier:
		if p.zodNames.has(e.Name.String()) {
			return "z."
		}
	case *ast.DotExpression:
		if id, ok := e.Left.(*ast.Identifier); ok && p.zodNames.has(id.Name.String()) {
			switch n := e.Identifier.Name.String(); n {
			case "coerce", "iso":
				return "z." + n + "."
			}
		}
	}
	return ""
}

// qualified is ns+method, without allocating for the constructors skills
// call most (a new name per Zod call was 7 of an .xgs.js's ~500
// allocations).
func qualified(ns, method string) string {
	if ns == "z." {
		if name, ok := zodCommonNames[method]; ok {
			return name
		}
	}
	return ns + method
}

var zodCommonNames = func() map[string]string {
	m := map[string]string{}
	for _, c := range strings.Fields("string number int boolean object strictObject looseObject array enum literal union discriminatedUnion record tuple optional nullable any unknown date email url uuid") {
		m[c] = "z." + c
	}
	return m
}()
