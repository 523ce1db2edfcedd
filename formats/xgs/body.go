package xgs

import (
	"errors"
	"fmt"

	"github.com/dustin/go-humanize"
	"github.com/grafana/sobek/ast"
	"github.com/grafana/sobek/parser"
	"github.com/grafana/sobek/token"
	"github.com/skillstudio/skillstudio/model"
)

// program is a parsed body and what the readers need to look things up in
// it: module-level const bindings, function declarations and the local
// names that zod, defineSkill and fn are imported under.
type program struct {
	file  string // FS path, for diagnostics
	src   []byte
	lines *lineIndex
	ast   *ast.Program

	consts map[string]ast.Expression
	funcs  map[string]*ast.FunctionLiteral

	zodNames    nameSet   // `z` or whatever zod is imported as
	defineNames nameSet   // defineSkill, possibly renamed
	fnNames     nameSet   // fn, possibly renamed
	names       [3]string // the three sets' first names, inside the program's allocation

	diags []model.Diagnostic
	seen  map[diagKey]bool // reported (rule, offset) pairs, to dedupe (nil until a report)
}

// nameSet is a handful of local names (an import is rarely renamed or
// repeated): a list, where a map cost two allocations per file.
type nameSet []string

func (s nameSet) has(name string) bool {
	for _, n := range s {
		if n == name {
			return true
		}
	}
	return false
}

func (s *nameSet) add(name string) {
	if !s.has(name) {
		*s = append(*s, name)
	}
}

type diagKey struct {
	rule string
	off  int
}

// parseBody parses the whole file as an ES module. The header is a run of
// line comments, so parsing the whole file keeps every offset a file
// offset. A syntax error is reported as xgs/syntax; the program is nil.
func parseBody(file string, src []byte, lines *lineIndex) (p *program, err error) {
	p = &program{file: file, src: src, lines: lines}
	defer func() {
		// The parser is third-party code fed untrusted text: a panic in it
		// must become a diagnostic, never a crash of the studio.
		if r := recover(); r != nil {
			p.ast = nil
			err = fmt.Errorf("the JavaScript parser failed: %v", r)
			p.report("xgs/syntax", 0, err.Error(), "Simplify the code around the error, and please report this file.")
		}
	}()
	if at, tooMany := guardBody(src); tooMany {
		p.report("xgs/too-large", at, fmt.Sprintf("the code holds more than %s tokens by here; it is not parsed", humanize.Comma(maxTokens)),
			"A skill's code is a few thousand tokens: move data into a fetched file, and let the build bundle libraries instead of pasting them in.")
		return p, errors.New("too many tokens")
	} else if at >= 0 {
		p.report("xgs/syntax", at, fmt.Sprintf("the code nests more than %d levels deep here; it is not parsed", maxNesting),
			"Flatten the expression: split it into named consts or functions.")
		return p, errors.New("nested too deeply")
	}
	// src as []byte: ParseFile makes its one string of it (a string here
	// would be copied to []byte and back, two more copies of the file).
	prog, perr := parser.ParseFile(nil, file, src, parser.IgnoreRegExpErrors, parser.IsModule, parser.WithDisableSourceMaps)
	if perr != nil {
		// Async iteration sobek does not parse: read the same-length
		// rewrite instead; a file that still fails reports its own error.
		if masked := maskAsyncIteration(src); masked != nil {
			if mprog, merr := parser.ParseFile(nil, file, masked, parser.IgnoreRegExpErrors, parser.IsModule, parser.WithDisableSourceMaps); merr == nil {
				prog, perr = mprog, nil
			}
		}
	}
	if perr != nil {
		var list parser.ErrorList
		if errors.As(perr, &list) && len(list) > 0 {
			e := list[0]
			d := Rules.New("xgs/syntax", file, e.Position.Line, e.Position.Column,
				"syntax error: "+e.Message,
				"Fix the JavaScript at this position; the body must parse as an ES module.")
			p.diags = append(p.diags, d)
		} else {
			p.report("xgs/syntax", 0, "syntax error: "+perr.Error(), "Fix the JavaScript; the body must parse as an ES module.")
		}
		return p, perr
	}
	p.ast = prog
	p.collectBindings()
	return p, nil
}

// report adds a finding of rule at byte offset off (once per rule and
// offset: a const schema used twice is reported once).
func (p *program) report(rule string, off int, msg, hint string) {
	k := diagKey{rule, off}
	if p.seen[k] {
		return
	}
	if p.seen == nil {
		p.seen = map[diagKey]bool{}
	}
	p.seen[k] = true
	line, col := p.lines.pos(off)
	p.diags = append(p.diags, Rules.New(rule, p.file, line, col, msg, hint))
}

// reportNode reports at the start of node n.
func (p *program) reportNode(rule string, n ast.Node, msg, hint string) {
	p.report(rule, idxOffset(n.Idx0()), msg, hint)
}

// collectBindings records module-level consts, function declarations and
// the import names of zod and @xgoose/skill.
func (p *program) collectBindings() {
	// Each set starts in its own slot of p.names (capped at one, so a
	// second name moves that set out instead of writing the next slot).
	p.zodNames, p.defineNames, p.fnNames = p.names[0:0:1], p.names[1:1:2], p.names[2:2:3]
	sawZod, sawSkill := false, false
	addConsts := func(d *ast.LexicalDeclaration) {
		if d == nil || d.Token != token.CONST {
			return
		}
		for _, b := range d.List {
			if id, ok := b.Target.(*ast.Identifier); ok && b.Initializer != nil {
				if p.consts == nil {
					p.consts = map[string]ast.Expression{}
				}
				p.consts[id.Name.String()] = b.Initializer
			}
		}
	}
	addFunc := func(fd *ast.FunctionDeclaration) {
		if fd != nil && fd.Function != nil && fd.Function.Name != nil {
			if p.funcs == nil {
				p.funcs = map[string]*ast.FunctionLiteral{}
			}
			p.funcs[fd.Function.Name.Name.String()] = fd.Function
		}
	}
	for _, st := range p.ast.Body {
		switch st := st.(type) {
		case *ast.LexicalDeclaration:
			addConsts(st)
		case *ast.FunctionDeclaration:
			addFunc(st)
		case *ast.ExportDeclaration:
			addConsts(st.LexicalDeclaration)
			if st.HoistableDeclaration != nil {
				addFunc(st.HoistableDeclaration.FunctionDeclaration)
			}
		case *ast.ImportDeclaration:
			mod := ""
			if st.FromClause != nil {
				mod = st.FromClause.ModuleSpecifier.String()
			}
			c := st.ImportClause
			if c == nil {
				continue
			}
			switch mod {
			case "zod", "zod/v3", "zod/v4", "zod/mini":
				sawZod = true
				if c.ImportedDefaultBinding != nil {
					p.zodNames.add(c.ImportedDefaultBinding.Name.String())
				}
				if c.NameSpaceImport != nil {
					p.zodNames.add(c.NameSpaceImport.ImportedBinding.String())
				}
				if c.NamedImports != nil {
					for _, s := range c.NamedImports.ImportsList {
						if s.IdentifierName == "z" {
							p.zodNames.add(localName(s))
						}
					}
				}
			case "@xgoose/skill", "@xgoose/skill-runtime":
				sawSkill = true
				if c.NamedImports != nil {
					for _, s := range c.NamedImports.ImportsList {
						switch s.IdentifierName {
						case "defineSkill":
							p.defineNames.add(localName(s))
						case "fn":
							p.fnNames.add(localName(s))
						}
					}
				}
			}
		}
	}
	// Without the imports (a snippet, or a bundle that inlined them) the
	// spec's own names are the only sensible reading.
	if !sawZod {
		p.zodNames.add("z")
	}
	if !sawSkill {
		p.defineNames.add("defineSkill")
		p.fnNames.add("fn")
	}
}

func localName(s *ast.ImportSpecifier) string {
	if s.Alias != "" {
		return s.Alias.String()
	}
	return s.IdentifierName.String()
}

// constInit returns the initializer of a module-level const, or nil.
func (p *program) constInit(name string) ast.Expression {
	if p.consts == nil {
		return nil
	}
	return p.consts[name]
}

// follow resolves a const name to its initializer (a few hops at most).
func (p *program) follow(e ast.Expression) ast.Expression {
	for i := 0; i < maxFollow; i++ {
		id, ok := e.(*ast.Identifier)
		if !ok {
			return e
		}
		init := p.constInit(id.Name.String())
		if init == nil {
			return e
		}
		e = init
	}
	return e
}

// defaultExport finds the expression the module exports as default:
// `export default X` or `export { x as default }`. ok is false when there
// is none; the node is the export statement (for positions).
func (p *program) defaultExport() (expr ast.Expression, at ast.Node, ok bool) {
	for _, st := range p.ast.Body {
		ed, isExport := st.(*ast.ExportDeclaration)
		if !isExport {
			continue
		}
		if ed.IsDefault && ed.AssignExpression != nil {
			return ed.AssignExpression, ed, true
		}
		if ed.NamedExports != nil && ed.FromClause == nil {
			for _, s := range ed.NamedExports.ExportsList {
				if s.Alias == "default" {
					id := &ast.Identifier{Name: s.IdentifierName, Idx: ed.Idx}
					return id, ed, true
				}
			}
		}
	}
	return nil, nil, false
}
