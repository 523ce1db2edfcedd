package xgs

import (
	"github.com/grafana/sobek/ast"
	"github.com/grafana/sobek/token"
)

// checkCode runs the rules about the body's code: xgs/errors (rule 7) and
// the runtime conventions (no top-level await, chrome.*, eval, global
// patches). One walk over the tree.
func (p *program) checkCode() {
	p.checkTopLevelAwait()
	declared := p.declaredNames()
	inspect(p.ast, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.TryStatement:
			if n.Catch != nil {
				if why := swallows(n.Catch.Body); why != "" {
					p.reportNode("xgs/errors", n.Catch, "this catch "+why, "Let real errors bubble to the agent (remove the try), rethrow, or return a shaped status such as { status: \"blocked\" }.")
				}
			}
		case *ast.ThrowStatement:
			if nonError(n.Argument) {
				p.reportNode("xgs/errors", n.Argument, "throw of a value that is not an Error", "Throw an Error with a clear message: `throw new Error(\"search → HTTP 403\")`.")
			}
		case *ast.CallExpression:
			p.checkCall(n, declared)
		case *ast.NewExpression:
			if id, ok := n.Callee.(*ast.Identifier); ok && id.Name == "Function" && !declared[id.Name.String()] {
				p.reportNode("xgs/no-eval", n, "new Function builds code at run time", "Write the code directly; sites with a CSP forbid unsafe-eval.")
			}
		case *ast.DotExpression:
			if globalRoot(n.Left, "chrome") && !declared["chrome"] {
				p.reportNode("xgs/no-chrome", n, "chrome."+n.Identifier.Name.String()+" is not defined in the page's MAIN world", "Skills cannot use extension APIs; that is a host tool's job.")
			}
		case *ast.AssignExpression:
			if name := patchedGlobal(n.Left, declared); name != "" {
				p.reportNode("xgs/no-global-patch", n.Left, "assigning to "+name+" patches a page global", "Do not patch fetch, console or window: the page bridge already does. Keep state in module variables.")
			}
		}
		return true
	})
}

// swallows says how a catch block swallows the error, or "".
func swallows(b *ast.BlockStatement) string {
	if b == nil || len(b.List) == 0 {
		return "is empty and swallows the error"
	}
	for _, st := range b.List {
		es, ok := st.(*ast.ExpressionStatement)
		if !ok || !isConsoleCall(es.Expression) {
			return ""
		}
	}
	return "only logs the error and swallows it"
}

func isConsoleCall(e ast.Expression) bool {
	c, ok := e.(*ast.CallExpression)
	if !ok {
		return false
	}
	d, ok := c.Callee.(*ast.DotExpression)
	return ok && globalRoot(d.Left, "console")
}

// nonError: a literal, template or object thrown instead of an Error.
func nonError(e ast.Expression) bool {
	switch e := e.(type) {
	case *ast.StringLiteral, *ast.TemplateLiteral, *ast.NumberLiteral, *ast.BooleanLiteral, *ast.NullLiteral, *ast.ObjectLiteral, *ast.ArrayLiteral:
		return true
	case *ast.Identifier:
		return e.Name == "undefined"
	case *ast.BinaryExpression:
		return e.Operator == token.PLUS && (nonError(e.Left) || nonError(e.Right))
	}
	return false
}

// checkCall: eval and friends, and promise .catch handlers that swallow.
func (p *program) checkCall(c *ast.CallExpression, declared map[string]bool) {
	name := ""
	switch cal := c.Callee.(type) {
	case *ast.Identifier:
		if !declared[cal.Name.String()] {
			name = cal.Name.String()
		}
	case *ast.DotExpression:
		method := cal.Identifier.Name.String()
		if id, ok := cal.Left.(*ast.Identifier); ok && isWindow(id.Name.String()) && !declared[id.Name.String()] {
			name = method
		}
		if method == "catch" && len(c.ArgumentList) == 1 {
			if body := handlerBody(c.ArgumentList[0]); body != nil {
				if why := swallows(body); why != "" {
					p.reportNode("xgs/errors", c.ArgumentList[0], "this .catch handler "+why, "Let the rejection reach the agent, or map it to a shaped status value.")
				}
			}
		}
	}
	switch name {
	case "eval":
		p.reportNode("xgs/no-eval", c, "eval runs code built at run time", "Parse data with JSON.parse and write code directly; sites with a CSP forbid unsafe-eval.")
	case "Function":
		p.reportNode("xgs/no-eval", c, "Function(...) builds code at run time", "Write the code directly; sites with a CSP forbid unsafe-eval.")
	case "setTimeout", "setInterval":
		if len(c.ArgumentList) > 0 && stringish(c.ArgumentList[0]) {
			p.reportNode("xgs/no-eval", c.ArgumentList[0], name+" with a string evaluates it as code", "Pass a function: "+name+"(() => …, ms).")
		}
	}
}

// handlerBody returns the block of an arrow or function literal. An arrow
// with an expression body (`() => null`) returns a value: not swallowed.
func handlerBody(e ast.Expression) *ast.BlockStatement {
	switch f := e.(type) {
	case *ast.ArrowFunctionLiteral:
		if b, ok := f.Body.(*ast.BlockStatement); ok {
			return b
		}
		if eb, ok := f.Body.(*ast.ExpressionBody); ok && isConsoleCall(eb.Expression) {
			return &ast.BlockStatement{List: []ast.Statement{&ast.ExpressionStatement{Expression: eb.Expression}}}
		}
	case *ast.FunctionLiteral:
		return f.Body
	}
	return nil
}

func stringish(e ast.Expression) bool {
	switch e := e.(type) {
	case *ast.StringLiteral, *ast.TemplateLiteral:
		return true
	case *ast.BinaryExpression:
		return e.Operator == token.PLUS && (stringish(e.Left) || stringish(e.Right))
	}
	return false
}

func isWindow(name string) bool { return name == "window" || name == "globalThis" || name == "self" }

// globalRoot: e is the global name, directly or as window.name.
func globalRoot(e ast.Expression, name string) bool {
	switch e := e.(type) {
	case *ast.Identifier:
		return e.Name.String() == name
	case *ast.DotExpression:
		id, ok := e.Left.(*ast.Identifier)
		return ok && isWindow(id.Name.String()) && e.Identifier.Name.String() == name
	}
	return false
}

// patchable are page globals a skill must not replace or extend.
var patchable = map[string]bool{
	"fetch": true, "XMLHttpRequest": true, "console": true, "WebSocket": true, "EventSource": true,
	"history": true, "navigator": true, "JSON": true, "Promise": true, "Object": true, "Array": true,
	"Function": true, "String": true, "Element": true, "HTMLElement": true, "Node": true, "Document": true,
	"EventTarget": true, "Response": true, "Request": true, "Headers": true, "URL": true,
	"setTimeout": true, "setInterval": true, "alert": true,
}

// patchedGlobal names the global an assignment target patches, or "".
// `window.location.href = …` navigates and is allowed.
func patchedGlobal(target ast.Expression, declared map[string]bool) string {
	var path []string
	e := target
	for i := 0; i < maxFollow; i++ {
		switch x := e.(type) {
		case *ast.DotExpression:
			path = append([]string{x.Identifier.Name.String()}, path...)
			e = x.Left
			continue
		case *ast.BracketExpression:
			path = append([]string{"[…]"}, path...)
			e = x.Left
			continue
		case *ast.Identifier:
			root := x.Name.String()
			if declared[root] {
				return ""
			}
			if isWindow(root) {
				if len(path) == 0 {
					return root
				}
				if path[0] == "location" || path[0] == "name" && len(path) == 1 {
					return ""
				}
				return root + "." + path[0]
			}
			if patchable[root] {
				if len(path) == 0 {
					return root
				}
				return root + "." + path[0]
			}
		}
		return ""
	}
	return ""
}

// declaredNames collects every name the module binds (variables,
// parameters, functions, classes, imports), so a local `console` or
// `history` array is not mistaken for the page global.
func (p *program) declaredNames() map[string]bool {
	names := map[string]bool{}
	var bind func(t ast.Node)
	bind = func(t ast.Node) {
		switch t := t.(type) {
		case *ast.Identifier:
			if t != nil {
				names[t.Name.String()] = true
			}
		case *ast.ObjectPattern:
			for _, pr := range t.Properties {
				switch pr := pr.(type) {
				case *ast.PropertyShort:
					names[pr.Name.Name.String()] = true
				case *ast.PropertyKeyed:
					bind(pr.Value)
				}
			}
			if t.Rest != nil {
				bind(t.Rest)
			}
		case *ast.ArrayPattern:
			for _, el := range t.Elements {
				if el != nil {
					bind(el)
				}
			}
			if t.Rest != nil {
				bind(t.Rest)
			}
		case *ast.AssignExpression: // a default: ({ a = 1 })
			bind(t.Left)
		}
	}
	inspect(p.ast, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Binding:
			bind(n.Target)
		case *ast.FunctionLiteral:
			if n.Name != nil {
				names[n.Name.Name.String()] = true
			}
		case *ast.ClassLiteral:
			if n.Name != nil {
				names[n.Name.Name.String()] = true
			}
		case *ast.CatchStatement:
			if n.Parameter != nil {
				bind(n.Parameter)
			}
		case *ast.ParameterList:
			if n.Rest != nil {
				bind(n.Rest)
			}
		}
		return true
	})
	for _, imp := range p.ast.ImportEntries {
		if c := imp.ImportClause; c != nil {
			if c.ImportedDefaultBinding != nil {
				names[c.ImportedDefaultBinding.Name.String()] = true
			}
			if c.NameSpaceImport != nil {
				names[c.NameSpaceImport.ImportedBinding.String()] = true
			}
			if c.NamedImports != nil {
				for _, s := range c.NamedImports.ImportsList {
					names[localName(s)] = true
				}
			}
		}
	}
	return names
}

// checkTopLevelAwait: an IIFE cannot hold a top-level await.
func (p *program) checkTopLevelAwait() {
	found := false
	inspect(p.ast, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.FunctionLiteral, *ast.ArrowFunctionLiteral, *ast.ClassLiteral:
			return false
		case *ast.AwaitExpression:
			found = true
			p.reportNode("xgs/no-top-level-await", n, "await at the top level of the module", "Move the await into a handler (or an async function the handler calls): the bundle is an IIFE, which cannot hold a top-level await.")
		}
		return true
	})
	if !found && p.ast.HasTLA {
		// for await (…) at the top level has no AwaitExpression node.
		off := 0
		for _, st := range p.ast.Body {
			if _, ok := st.(*ast.ForOfStatement); ok {
				off = idxOffset(st.Idx0())
				break
			}
		}
		p.report("xgs/no-top-level-await", off, "await at the top level of the module", "Move the loop into a handler: the bundle is an IIFE, which cannot hold a top-level await.")
	}
}
