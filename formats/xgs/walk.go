package xgs

import "github.com/grafana/sobek/ast"

// inspect walks the syntax tree depth-first like go/ast.Inspect: f is
// called on each node and the walk descends into its children only when f
// returns true. It is the one walker of this package; sobek has none.
func inspect(n ast.Node, f func(ast.Node) bool) {
	if isNil(n) || !f(n) {
		return
	}
	switch n := n.(type) {
	// Statements.
	case *ast.Program:
		for _, s := range n.Body {
			inspect(s, f)
		}
	case *ast.BlockStatement:
		for _, s := range n.List {
			inspect(s, f)
		}
	case *ast.CaseStatement:
		inspect(n.Test, f)
		for _, s := range n.Consequent {
			inspect(s, f)
		}
	case *ast.CatchStatement:
		inspect(n.Parameter, f)
		inspectBlock(n.Body, f)
	case *ast.DoWhileStatement:
		inspect(n.Body, f)
		inspect(n.Test, f)
	case *ast.ExpressionStatement:
		inspect(n.Expression, f)
	case *ast.ForInStatement:
		inspect(n.Into, f)
		inspect(n.Source, f)
		inspect(n.Body, f)
	case *ast.ForOfStatement:
		inspect(n.Into, f)
		inspect(n.Source, f)
		inspect(n.Body, f)
	case *ast.ForStatement:
		inspect(n.Initializer, f)
		inspect(n.Test, f)
		inspect(n.Update, f)
		inspect(n.Body, f)
	case *ast.IfStatement:
		inspect(n.Test, f)
		inspect(n.Consequent, f)
		inspect(n.Alternate, f)
	case *ast.LabelledStatement:
		inspect(n.Statement, f)
	case *ast.ReturnStatement:
		inspect(n.Argument, f)
	case *ast.SwitchStatement:
		inspect(n.Discriminant, f)
		for _, c := range n.Body {
			if c != nil {
				inspect(c, f)
			}
		}
	case *ast.ThrowStatement:
		inspect(n.Argument, f)
	case *ast.TryStatement:
		inspectBlock(n.Body, f)
		if n.Catch != nil {
			inspect(n.Catch, f)
		}
		inspectBlock(n.Finally, f)
	case *ast.VariableStatement:
		inspectBindings(n.List, f)
	case *ast.LexicalDeclaration:
		inspectBindings(n.List, f)
	case *ast.WhileStatement:
		inspect(n.Test, f)
		inspect(n.Body, f)
	case *ast.WithStatement:
		inspect(n.Object, f)
		inspect(n.Body, f)
	case *ast.FunctionDeclaration:
		if n.Function != nil {
			inspect(n.Function, f)
		}
	case *ast.ClassDeclaration:
		if n.Class != nil {
			inspect(n.Class, f)
		}
	case *ast.ExportDeclaration:
		if n.Variable != nil {
			inspect(n.Variable, f)
		}
		inspect(n.AssignExpression, f)
		if n.LexicalDeclaration != nil {
			inspect(n.LexicalDeclaration, f)
		}
		if n.ClassDeclaration != nil {
			inspect(n.ClassDeclaration, f)
		}
		if n.HoistableDeclaration != nil && n.HoistableDeclaration.FunctionDeclaration != nil {
			inspect(n.HoistableDeclaration.FunctionDeclaration, f)
		}

	// For-loop heads.
	case *ast.ForLoopInitializerExpression:
		inspect(n.Expression, f)
	case *ast.ForLoopInitializerVarDeclList:
		inspectBindings(n.List, f)
	case *ast.ForLoopInitializerLexicalDecl:
		inspectBindings(n.LexicalDeclaration.List, f)
	case *ast.ForIntoVar:
		if n.Binding != nil {
			inspect(n.Binding, f)
		}
	case *ast.ForDeclaration:
		inspect(n.Target, f)
	case *ast.ForIntoExpression:
		inspect(n.Expression, f)

	// Expressions.
	case *ast.YieldExpression:
		inspect(n.Argument, f)
	case *ast.AwaitExpression:
		inspect(n.Argument, f)
	case *ast.ArrayLiteral:
		inspectList(n.Value, f)
	case *ast.ArrayPattern:
		inspectList(n.Elements, f)
		inspect(n.Rest, f)
	case *ast.AssignExpression:
		inspect(n.Left, f)
		inspect(n.Right, f)
	case *ast.BinaryExpression:
		inspect(n.Left, f)
		inspect(n.Right, f)
	case *ast.BracketExpression:
		inspect(n.Left, f)
		inspect(n.Member, f)
	case *ast.CallExpression:
		inspect(n.Callee, f)
		inspectList(n.ArgumentList, f)
	case *ast.ConditionalExpression:
		inspect(n.Test, f)
		inspect(n.Consequent, f)
		inspect(n.Alternate, f)
	case *ast.DotExpression:
		inspect(n.Left, f)
	case *ast.PrivateDotExpression:
		inspect(n.Left, f)
	case *ast.OptionalChain:
		inspect(n.Expression, f)
	case *ast.Optional:
		inspect(n.Expression, f)
	case *ast.FunctionLiteral:
		if n.ParameterList != nil {
			inspect(n.ParameterList, f)
		}
		inspectBlock(n.Body, f)
	case *ast.ClassLiteral:
		inspect(n.SuperClass, f)
		for _, e := range n.Body {
			inspect(e, f)
		}
	case *ast.ArrowFunctionLiteral:
		if n.ParameterList != nil {
			inspect(n.ParameterList, f)
		}
		inspect(n.Body, f)
	case *ast.ExpressionBody:
		inspect(n.Expression, f)
	case *ast.NewExpression:
		inspect(n.Callee, f)
		inspectList(n.ArgumentList, f)
	case *ast.ObjectLiteral:
		for _, p := range n.Value {
			inspect(p, f)
		}
	case *ast.ObjectPattern:
		for _, p := range n.Properties {
			inspect(p, f)
		}
		inspect(n.Rest, f)
	case *ast.ParameterList:
		inspectBindings(n.List, f)
		inspect(n.Rest, f)
	case *ast.PropertyShort:
		inspect(n.Initializer, f)
	case *ast.PropertyKeyed:
		if n.Computed {
			inspect(n.Key, f)
		}
		inspect(n.Value, f)
	case *ast.SpreadElement:
		inspect(n.Expression, f)
	case *ast.SequenceExpression:
		inspectList(n.Sequence, f)
	case *ast.TemplateLiteral:
		inspect(n.Tag, f)
		inspectList(n.Expressions, f)
	case *ast.UnaryExpression:
		inspect(n.Operand, f)
	case *ast.Binding:
		inspect(n.Target, f)
		inspect(n.Initializer, f)

	// Class bodies.
	case *ast.FieldDefinition:
		inspect(n.Key, f)
		inspect(n.Initializer, f)
	case *ast.MethodDefinition:
		inspect(n.Key, f)
		if n.Body != nil {
			inspect(n.Body, f)
		}
	case *ast.ClassStaticBlock:
		inspectBlock(n.Block, f)
	}
}

func inspectList(list []ast.Expression, f func(ast.Node) bool) {
	for _, e := range list {
		inspect(e, f)
	}
}

func inspectBindings(list []*ast.Binding, f func(ast.Node) bool) {
	for _, b := range list {
		if b != nil {
			inspect(b, f)
		}
	}
}

func inspectBlock(b *ast.BlockStatement, f func(ast.Node) bool) {
	if b != nil {
		inspect(b, f)
	}
}

// isNil catches both a nil interface and a typed nil pointer inside one
// (sobek leaves optional children as nil pointers).
func isNil(n ast.Node) bool {
	if n == nil {
		return true
	}
	switch v := n.(type) {
	case *ast.Identifier:
		return v == nil
	case *ast.BlockStatement:
		return v == nil
	case *ast.ObjectLiteral:
		return v == nil
	case *ast.CallExpression:
		return v == nil
	case *ast.FunctionLiteral:
		return v == nil
	case *ast.ParameterList:
		return v == nil
	case *ast.Binding:
		return v == nil
	case *ast.CatchStatement:
		return v == nil
	case *ast.CaseStatement:
		return v == nil
	case *ast.ExpressionBody:
		return v == nil
	}
	return false
}
