package xgs

import (
	"bytes"
	"fmt"

	"github.com/skillstudio/skillstudio/internal/jslex"
)

// esbuild reads `require("../" + name)` or import(`./data/${name}`) as a
// glob: before any plugin is asked, its resolver walks every folder the
// pattern can reach from the literal prefix (following no links, but
// reading each folder's package.json and tsconfig.json). A pulled skill's
// require("../../../../../../" + n) walked the builder's whole disk,
// /proc included: the build ran for minutes with nothing printed. The
// files it matched were refused at load (bundle/confine.go), but the walk
// happens in esbuild, out of the plugin's reach, so the builder refuses
// such an import before esbuild sees the file, and lint reports it with
// the same words (xgs/computed-import). Any other path computed at run
// time is left by esbuild as a call: require(x) then throws in the page
// (an IIFE has no require), and import(x) loads a module the bundle does
// not hold (xgs/runtime-import).

// ComputedImportHint is the hint of the refusal and of xgs/computed-import.
const ComputedImportHint = "Write each import as one string literal (`import(\"./data/en.json\")`), or pick between literal imports in code."

// ComputedImportPrefix starts every refusal (the builder's hint lookup keys on it).
const ComputedImportPrefix = "computed import path in "

// ComputedImportMessage is the refusal for file ("the skill", or a helper
// it imports).
func ComputedImportMessage(file string) string {
	return fmt.Sprintf(ComputedImportPrefix+"%s: esbuild expands require(\"./…\" + x) or import(`./${x}`) by reading every folder the pattern can reach, so it is not built", file)
}

// ImportCallKind says what a require(…) or import(…) with a computed
// argument does.
type ImportCallKind int

const (
	// ImportGlob: a literal that may start a path, then more; esbuild
	// expands it as a glob, and the builder refuses it.
	ImportGlob ImportCallKind = iota + 1
	// RequireAtRunTime: require of any other computed path, left as a call
	// that throws in the page.
	RequireAtRunTime
	// ImportAtRunTime: import() of any other computed path, a module
	// loaded at run time.
	ImportAtRunTime
)

// ImportCall is one require(…) or import(…) whose argument is not one
// literal, at byte offset Off of the source.
type ImportCall struct {
	Off  int
	Kind ImportCallKind
}

// maxImportCalls bounds the calls ComputedImports returns.
const maxImportCalls = 20

// ComputedImport returns the byte offset of the first require(…) or
// import(…) esbuild could expand as a glob, or -1.
func ComputedImport(src []byte) int {
	for _, c := range ComputedImports(src, true) {
		return c.Off
	}
	return -1
}

// ComputedImports lists the require(…) and import(…) calls whose argument
// is computed (at most maxImportCalls; with globOnly, only the first glob).
// A glob is an argument that starts with a string or template literal
// and is more than that one plain literal, where the literal's text may
// start a relative or absolute path: it starts with ".", "/", "\" (an
// escape may spell a dot), "${" or is empty (esbuild folds constant
// pieces such as `.${"./"}..` or "" + "../" into the prefix first).
func ComputedImports(src []byte, globOnly bool) []ImportCall {
	if !mayCallLoader(src) {
		return nil
	}
	return lexImportCalls(src, globOnly)
}

// lexImportCalls is ComputedImports without the quick look first.
func lexImportCalls(src []byte, globOnly bool) []ImportCall {
	text := string(src)
	toks := jslex.Lex(text)
	var out []ImportCall
	for i := 0; i+1 < len(toks) && len(out) < maxImportCalls; i++ {
		t := toks[i]
		if t.Kind != jslex.Ident || (t.Str != "require" && t.Str != "import") {
			continue
		}
		if i > 0 && toks[i-1].Kind == jslex.Punct && (toks[i-1].Str == "." || toks[i-1].Str == "?.") {
			continue // a method of that name, not the module loader
		}
		if toks[i+1].Kind != jslex.Punct || toks[i+1].Str != "(" {
			continue
		}
		arg := argument(toks, i+2)
		if len(arg) == 0 || constantArg(arg) {
			continue // an ordinary import, or none
		}
		kind := ImportAtRunTime
		switch {
		case globShaped(text, arg):
			kind = ImportGlob
		case globOnly:
			continue
		case t.Str == "require":
			if i > 0 && isDeclaredName(toks, i) {
				continue
			}
			kind = RequireAtRunTime
		}
		out = append(out, ImportCall{t.Off, kind})
		if globOnly {
			return out
		}
	}
	return out
}

// isDeclaredName: the require at toks[i] is a name the file declares
// itself (function require(…), const require = …), not the loader.
func isDeclaredName(toks []jslex.Token, i int) bool {
	p := toks[i-1]
	return p.Kind == jslex.Ident && (p.Str == "function" || p.Str == "const" || p.Str == "let" || p.Str == "var")
}

// argument returns the tokens of the call's first argument, starting at
// toks[from], with grouping parentheses dropped: up to the ',' or ')' at
// the call's own depth.
func argument(toks []jslex.Token, from int) []jslex.Token {
	var arg []jslex.Token
	depth := 0
	for _, t := range toks[from:] {
		if t.Kind == jslex.EOF {
			break
		}
		if t.Kind == jslex.Punct {
			switch t.Str {
			case "(", "[", "{":
				depth++
				if t.Str == "(" {
					continue
				}
			case ")", "]", "}":
				if depth == 0 {
					return arg
				}
				depth--
				if t.Str == ")" {
					continue
				}
			case ",":
				if depth == 0 {
					return arg
				}
			}
		}
		arg = append(arg, t)
	}
	return arg
}

// constantArg: literals joined by +, which esbuild folds to one.
func constantArg(arg []jslex.Token) bool {
	for _, t := range arg {
		if !(t.Kind == jslex.String || t.Kind == jslex.Template && !t.Sub || t.Kind == jslex.Punct && t.Str == "+") {
			return false
		}
	}
	return true
}

// globShaped: the argument begins with a literal that may start a path and
// is not that one literal alone.
func globShaped(text string, arg []jslex.Token) bool {
	if len(arg) == 0 || constantArg(arg) {
		return false
	}
	first := arg[0]
	if first.Kind != jslex.String && first.Kind != jslex.Template {
		return false
	}
	if first.Off+1 >= len(text) {
		return true
	}
	switch text[first.Off+1] {
	case '.', '/', '\\', '$', text[first.Off]:
		return true // a path, an escape, a substitution or an empty literal
	}
	return false
}

// checkComputedImports reports each computed require(…) or import(…).
func (p *program) checkComputedImports() {
	for _, c := range ComputedImports(p.src, false) {
		switch c.Kind {
		case ImportGlob:
			p.report("xgs/computed-import", c.Off, ComputedImportMessage("the skill"), ComputedImportHint)
		case RequireAtRunTime:
			p.report("xgs/computed-import", c.Off, "require(…) of a path computed at run time: the bundle is an IIFE in the page, where require does not exist; esbuild keeps the call, which throws \"Dynamic require … is not supported\" when it runs",
				"Import what the skill needs with one string literal each, at the top of the file.")
		case ImportAtRunTime:
			p.report("xgs/runtime-import", c.Off, "import(…) of a module named at run time: its code is not in the bundle, so neither a reviewer nor the publisher sees what runs, and a page's CSP may refuse it",
				"Bundle the code: import it with one string literal. Data fetched at run time is fetch(), not import().")
		}
	}
}

// mayCallLoader says whether src may hold a require(…) or import(…) call,
// so that the many skills that only import statically are not lexed a
// second time (lint reads every .xgs.js; the lexer was 5% of a library's
// lint). It errs towards yes: "require" or "import" followed, after
// spaces, by "(", a comment, or a byte that is not ASCII; or any \u
// escape, which may spell either name.
func mayCallLoader(src []byte) bool {
	if bytes.Contains(src, []byte(`\u`)) {
		return true
	}
	for _, name := range [][]byte{[]byte("require"), []byte("import")} {
		for rest := src; ; {
			i := bytes.Index(rest, name)
			if i < 0 {
				break
			}
			rest = rest[i+len(name):]
			j := 0
			for j < len(rest) && (rest[j] == ' ' || rest[j] == '\t' || rest[j] == '\n' || rest[j] == '\r' || rest[j] == '\f' || rest[j] == '\v') {
				j++
			}
			if j < len(rest) && (rest[j] == '(' || rest[j] == '/' || rest[j] >= 0x80) {
				return true
			}
		}
	}
	return false
}
