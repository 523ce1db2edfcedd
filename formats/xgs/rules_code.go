package xgs

import (
	"bytes"
	"github.com/grafana/sobek/ast"
	"github.com/grafana/sobek/token"
)

// checkCode runs the rules about the body's code: xgs/errors (rule 7),
// the runtime conventions (no top-level await, chrome.*, eval, global
// patches) and xgs/no-secrets, in one walk over the tree. Findings about
// a global name wait for the end of the walk, when every name the module
// declares is known (a local `console` or `chrome` is not the global):
// the names are collected then, by a second walk, only when a finding
// waits (most skills have none).
func (p *program) checkCode() {
	p.checkTopLevelAwait()
	var pending []globalFinding
	inspect(p.ast, func(n ast.Node) bool {
		p.secretNode(n)
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
			pending = p.checkCall(n, pending)
		case *ast.NewExpression:
			if id, ok := n.Callee.(*ast.Identifier); ok && id.Name == "Function" {
				pending = append(pending, globalFinding{"Function", "xgs/no-eval", n, "new Function builds code at run time", "Write the code directly; sites with a CSP forbid unsafe-eval."})
			}
		case *ast.DotExpression:
			if globalRoot(n.Left, "chrome") {
				pending = append(pending, globalFinding{"chrome", "xgs/no-chrome", n, "chrome." + n.Identifier.Name.String() + " is not defined in the page's MAIN world", "Skills cannot use extension APIs; that is a host tool's job."})
			}
		case *ast.AssignExpression:
			if root, name := patchedGlobal(n.Left); name != "" {
				pending = append(pending, globalFinding{root, "xgs/no-global-patch", n.Left, "assigning to " + name + " patches a page global", "Do not patch fetch, console or window: the page bridge already does. Keep state in module variables."})
			}
		}
		return true
	})
	if len(pending) == 0 {
		return
	}
	declared := map[string]bool{}
	inspect(p.ast, func(n ast.Node) bool {
		declare(n, declared)
		return true
	})
	for _, imp := range p.ast.ImportEntries {
		declareImport(imp, declared)
	}
	for _, f := range pending {
		if !declared[f.root] {
			p.reportNode(f.rule, f.node, f.msg, f.hint)
		}
	}
}

// globalFinding is a finding that holds only if root is the page global.
type globalFinding struct {
	root, rule string
	node       ast.Node
	msg, hint  string
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
func (p *program) checkCall(c *ast.CallExpression, pending []globalFinding) []globalFinding {
	name, root := "", ""
	switch cal := c.Callee.(type) {
	case *ast.Identifier:
		name = cal.Name.String()
		root = name
	case *ast.DotExpression:
		method := cal.Identifier.Name.String()
		if id, ok := cal.Left.(*ast.Identifier); ok && isWindow(id.Name.String()) {
			name, root = method, id.Name.String()
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
		pending = append(pending, globalFinding{root, "xgs/no-eval", c, "eval runs code built at run time", "Parse data with JSON.parse and write code directly; sites with a CSP forbid unsafe-eval."})
	case "Function":
		pending = append(pending, globalFinding{root, "xgs/no-eval", c, "Function(...) builds code at run time", "Write the code directly; sites with a CSP forbid unsafe-eval."})
	case "setTimeout", "setInterval":
		if len(c.ArgumentList) > 0 && stringish(c.ArgumentList[0]) {
			pending = append(pending, globalFinding{root, "xgs/no-eval", c.ArgumentList[0], name + " with a string evaluates it as code", "Pass a function: " + name + "(() => …, ms)."})
		}
	}
	return pending
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

// patchedGlobal names the global an assignment target patches ("" when
// none) and the root name it hangs on. `window.location.href = …`
// navigates and is allowed.
func patchedGlobal(target ast.Expression) (root, name string) {
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
			if isWindow(root) {
				if len(path) == 0 {
					return root, root
				}
				if path[0] == "location" || path[0] == "name" && len(path) == 1 {
					return "", ""
				}
				return root, root + "." + path[0]
			}
			if patchable[root] {
				if len(path) == 0 {
					return root, root
				}
				return root, root + "." + path[0]
			}
		}
		return "", ""
	}
	return "", ""
}

// declare records the names node n binds (variables, parameters,
// functions, classes, catch parameters).
func declare(n ast.Node, names map[string]bool) {
	switch n := n.(type) {
	case *ast.Binding:
		bindTarget(n.Target, names)
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
			bindTarget(n.Parameter, names)
		}
	case *ast.ParameterList:
		if n.Rest != nil {
			bindTarget(n.Rest, names)
		}
	}
}

func bindTarget(t ast.Node, names map[string]bool) {
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
				bindTarget(pr.Value, names)
			}
		}
		if t.Rest != nil {
			bindTarget(t.Rest, names)
		}
	case *ast.ArrayPattern:
		for _, el := range t.Elements {
			if el != nil {
				bindTarget(el, names)
			}
		}
		if t.Rest != nil {
			bindTarget(t.Rest, names)
		}
	case *ast.AssignExpression: // a default: ({ a = 1 })
		bindTarget(t.Left, names)
	}
}

func declareImport(imp *ast.ImportDeclaration, names map[string]bool) {
	c := imp.ImportClause
	if c == nil {
		return
	}
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

// checkTopLevelAwait: an IIFE cannot hold a top-level await.
func (p *program) checkTopLevelAwait() {
	inspect(p.ast, func(n ast.Node) bool {
		switch st := n.(type) {
		case *ast.FunctionLiteral, *ast.ArrowFunctionLiteral, *ast.ClassLiteral:
			return false
		case *ast.AwaitExpression:
			p.reportNode("xgs/no-top-level-await", n, "await at the top level of the module", "Move the await into a handler (or an async function the handler calls): the bundle is an IIFE, which cannot hold a top-level await.")
		case *ast.ForOfStatement:
			// `for await (…)` has no AwaitExpression node, and sobek's
			// HasTLA flag is also set by `async () => await x` arrows, so
			// read the keyword after `for` from the source itself.
			if p.isForAwait(st) {
				p.report("xgs/no-top-level-await", idxOffset(st.For), "for await at the top level of the module", "Move the loop into a handler: the bundle is an IIFE, which cannot hold a top-level await.")
			}
		}
		return true
	})
}

// isForAwait reports whether a for-of statement is written `for await`.
func (p *program) isForAwait(st *ast.ForOfStatement) bool {
	i := idxOffset(st.For) + len("for")
	for i < len(p.src) && (p.src[i] == ' ' || p.src[i] == '\t' || p.src[i] == '\n' || p.src[i] == '\r') {
		i++
	}
	return bytes.HasPrefix(p.src[i:], []byte("await"))
}
