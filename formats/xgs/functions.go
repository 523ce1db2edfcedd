package xgs

import (
	"encoding/json"
	"fmt"

	"github.com/grafana/sobek/ast"
)

// skillFn is one `name: fn({...})` entry of defineSkill, as written.
type skillFn struct {
	Name   string
	KeyOff int                 // offset of the entry's key
	Call   *ast.CallExpression // the fn(...) call
	Obj    *ast.ObjectLiteral  // its options object
	// options are the options object's keyed entries in source order
	// (read with field and keyAt: a later duplicate wins, as in JS).
	options []fnOption

	Summary   string
	SummaryOK bool // a static string
	Input     *Schema
	Output    *Schema
	Examples  []skillExample
	Handler   ast.Expression // *ast.FunctionLiteral or *ast.ArrowFunctionLiteral

	// inputJSON is Input's JSON Schema, written once during Analyze (by
	// checkExampleArgs) and read afterwards; nil until then.
	inputJSON json.RawMessage
}

// inputSchemaJSON is Input's JSON Schema, the one written during Analyze
// when there is one (it never writes the field: Functions may be called
// from several goroutines).
func (f *skillFn) inputSchemaJSON() json.RawMessage {
	if f.inputJSON != nil {
		return f.inputJSON
	}
	return f.Input.JSON()
}

// fnOption is one `key: value` of fn's options object and the key's offset.
type fnOption struct {
	key   string
	value ast.Expression
	off   int
}

// field returns the value of the option key (the last one written).
func (f *skillFn) field(key string) (ast.Expression, bool) {
	for i := len(f.options) - 1; i >= 0; i-- {
		if f.options[i].key == key {
			return f.options[i].value, true
		}
	}
	return nil, false
}

// keyAt returns the offset of the option key (the last one written).
func (f *skillFn) keyAt(key string) (int, bool) {
	for i := len(f.options) - 1; i >= 0; i-- {
		if f.options[i].key == key {
			return f.options[i].off, true
		}
	}
	return 0, false
}

// skillExample is one element of examples: [...].
type skillExample struct {
	Node    ast.Expression
	Args    ast.Expression // the args value as written
	ArgsVal *jsonValue     // its static JSON, nil when not static
	Note    string
	Returns *jsonValue
	// Static is true when args (and returns, when present) are literals.
	Static bool
}

// skillDef is the defineSkill({...}) the module exports by default.
type skillDef struct {
	Call *ast.CallExpression
	Obj  *ast.ObjectLiteral
	Fns  []*skillFn
}

const defineHint = "Export the skill as `export default defineSkill({ name: fn({ summary, input, handler }) })`."

// findSkill locates the default-exported defineSkill call and reads its
// functions. Problems are reported as xgs/define-skill.
func (p *program) findSkill() *skillDef {
	expr, at, ok := p.defaultExport()
	if !ok {
		p.report("xgs/define-skill", p.defineSkillSite(), "the module has no default export", defineHint)
		return nil
	}
	call, ok := p.follow(expr).(*ast.CallExpression)
	if !ok || !p.isCallTo(call, p.defineNames) {
		p.reportNode("xgs/define-skill", at, "the default export is not a defineSkill({...}) call", defineHint)
		return nil
	}
	if len(call.ArgumentList) != 1 {
		p.reportNode("xgs/define-skill", call, "defineSkill takes exactly one object of functions", defineHint)
		return nil
	}
	obj, ok := p.follow(call.ArgumentList[0]).(*ast.ObjectLiteral)
	if !ok {
		p.reportNode("xgs/define-skill", call.ArgumentList[0], "defineSkill's argument is not an object literal lint can read", defineHint)
		return nil
	}
	def := &skillDef{Call: call, Obj: obj}
	for _, prop := range obj.Value {
		var name string
		var value ast.Expression
		switch prop := prop.(type) {
		case *ast.PropertyKeyed:
			key, ok := propertyKey(prop)
			if !ok || prop.Kind != ast.PropertyKindValue {
				p.reportNode("xgs/define-skill", prop, "a computed key or method in defineSkill; each entry is `name: fn({...})`", defineHint)
				continue
			}
			name, value = key, prop.Value
		case *ast.PropertyShort:
			name, value = prop.Name.Name.String(), &prop.Name
		default:
			p.reportNode("xgs/define-skill", prop, "a spread in defineSkill hides which functions the skill exports", "List each function as `name: fn({...})`.")
			continue
		}
		f := p.readFn(name, prop, value)
		if f != nil {
			def.Fns = append(def.Fns, f)
		}
	}
	return def
}

// isCallTo reports whether call's callee is one of names.
func (p *program) isCallTo(call *ast.CallExpression, names nameSet) bool {
	id, ok := call.Callee.(*ast.Identifier)
	return ok && names.has(id.Name.String())
}

// readFn reads one defineSkill entry.
func (p *program) readFn(name string, prop ast.Node, value ast.Expression) *skillFn {
	call, ok := p.follow(value).(*ast.CallExpression)
	if !ok || !p.isCallTo(call, p.fnNames) {
		p.reportNode("xgs/define-skill", prop, fmt.Sprintf("entry %q is not fn({...})", name), "Wrap the function as `"+name+": fn({ summary, input, examples, handler })`.")
		return nil
	}
	var obj *ast.ObjectLiteral
	if len(call.ArgumentList) == 1 {
		obj, _ = p.follow(call.ArgumentList[0]).(*ast.ObjectLiteral)
	}
	if obj == nil {
		p.reportNode("xgs/define-skill", call, fmt.Sprintf("fn() of %q does not take one object literal", name), "Write `fn({ summary, input, examples, handler })`.")
		return nil
	}
	f := &skillFn{Name: name, KeyOff: idxOffset(prop.Idx0()), Call: call, Obj: obj, options: make([]fnOption, 0, len(obj.Value))}
	for _, q := range obj.Value {
		switch q := q.(type) {
		case *ast.PropertyKeyed:
			key, ok := propertyKey(q)
			if !ok {
				continue
			}
			f.options = append(f.options, fnOption{key, q.Value, idxOffset(q.Idx0())})
		case *ast.PropertyShort:
			f.options = append(f.options, fnOption{q.Name.Name.String(), &q.Name, idxOffset(q.Idx0())})
		}
	}
	if e, ok := f.field("summary"); ok {
		f.Summary, f.SummaryOK = p.staticString(e)
	}
	if e, ok := f.field("input"); ok {
		f.Input = p.resolveZod(e)
	}
	if e, ok := f.field("output"); ok {
		f.Output = p.resolveZod(e)
	}
	if e, ok := f.field("examples"); ok {
		f.Examples = p.readExamples(e)
	}
	if e, ok := f.field("handler"); ok {
		f.Handler = p.function(e)
		if f.Handler == nil {
			p.reportNode("xgs/define-skill", e, fmt.Sprintf("the handler of %q is not a function lint can find", name), "Write `handler: async (args) => { … }` in the fn options.")
		}
	} else {
		p.reportNode("xgs/define-skill", call, fmt.Sprintf("fn %q has no handler", name), "Add `handler: async (args) => { … }`.")
	}
	return f
}

// function resolves a handler expression to a function literal.
func (p *program) function(e ast.Expression) ast.Expression {
	e = p.follow(e)
	switch h := e.(type) {
	case *ast.FunctionLiteral, *ast.ArrowFunctionLiteral:
		return h
	case *ast.Identifier:
		if fl, ok := p.funcs[h.Name.String()]; ok {
			return fl
		}
	}
	return nil
}

// params returns a handler's parameter list.
func params(fn ast.Expression) *ast.ParameterList {
	switch h := fn.(type) {
	case *ast.FunctionLiteral:
		return h.ParameterList
	case *ast.ArrowFunctionLiteral:
		return h.ParameterList
	}
	return nil
}

// readExamples reads examples: [{ args, note?, returns? }, …].
func (p *program) readExamples(e ast.Expression) []skillExample {
	list, ok := p.follow(e).(*ast.ArrayLiteral)
	if !ok {
		return nil
	}
	var out []skillExample
	for _, el := range list.Value {
		if el == nil {
			continue
		}
		ex := skillExample{Node: el}
		if obj, ok := p.follow(el).(*ast.ObjectLiteral); ok {
			ex.Static = true
			for _, q := range obj.Value {
				kq, ok := q.(*ast.PropertyKeyed)
				if !ok {
					if s, ok := q.(*ast.PropertyShort); ok && s.Name.Name == "args" {
						ex.Args = &s.Name
					}
					continue
				}
				key, _ := propertyKey(kq)
				switch key {
				case "args":
					ex.Args = kq.Value
				case "note":
					ex.Note, _ = p.staticString(kq.Value)
				case "returns":
					v, ok := p.staticValue(kq.Value, 0)
					ex.Returns = v
					if !ok {
						ex.Static = false
					}
				}
			}
		}
		if ex.Args != nil {
			ex.ArgsVal, _ = p.staticValue(ex.Args, 0)
		}
		if ex.ArgsVal == nil {
			ex.Static = false
		}
		out = append(out, ex)
	}
	return out
}

// defineSkillSite is where a missing default export is best reported: a
// defineSkill call the module makes but does not export by default, else
// its first statement after the imports (never an import: the import is
// not what is wrong), else the start of the file.
func (p *program) defineSkillSite() int {
	call := -1
	inspect(p.ast, func(n ast.Node) bool {
		if call >= 0 {
			return false
		}
		if c, ok := n.(*ast.CallExpression); ok && p.isCallTo(c, p.defineNames) {
			call = idxOffset(c.Idx0())
			return false
		}
		return true
	})
	if call >= 0 {
		return call
	}
	for _, st := range p.ast.Body {
		switch st.(type) {
		case *ast.ImportDeclaration, *ast.EmptyStatement: // the parser leaves an import's ";" as an empty statement
		default:
			return idxOffset(st.Idx0())
		}
	}
	return 0
}
