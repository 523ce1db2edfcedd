package bundle

import (
	"fmt"

	"github.com/skillstudio/skillstudio/internal/jslex"
)

// computedImportMessage and computedImportHint are the refusal, for the
// skill's file (at the call) and for a helper it imports.
const computedImportHint = "Write each import as one string literal (`import(\"./data/en.json\")`), or pick between literal imports in code."

// computedImportPrefix starts every refusal; hintFor keys on it.
const computedImportPrefix = "computed import path in "

func computedImportMessage(file string) string {
	return fmt.Sprintf(computedImportPrefix+"%s: esbuild expands require(\"./…\" + x) or import(`./${x}`) by reading every folder the pattern can reach, so it is not built", file)
}

// esbuild reads `require("../" + name)` or import(`./data/${name}`) as a
// glob: before any plugin is asked, its resolver walks every folder the
// pattern can reach from the literal prefix (following no links, but
// reading each folder's package.json and tsconfig.json). A pulled skill's
// require("../../../../../../" + n) walked the builder's whole disk,
// /proc included: the build ran for minutes with nothing printed. The
// files it matched were refused at load (confine.go), but the walk
// happens in esbuild, out of the plugin's reach, so such an import is
// refused before esbuild sees the file.

// computedImport returns the byte offset of the first require(…) or
// import(…) whose argument esbuild could expand as a glob, or -1. That
// is an argument that starts with a string or template literal and is
// more than that one plain literal, where the literal's text may start a
// relative or absolute path: it starts with ".", "/", "\" (an escape may
// spell a dot), "${" or is empty (esbuild folds constant pieces such as
// `.${"./"}..` or "" + "../" into the prefix first). A literal starting
// with anything else ("https://…" + v) cannot become "./" or "../" and
// is left to run as written.
func computedImport(src []byte) int {
	text := string(src)
	toks := jslex.Lex(text)
	for i := 0; i+1 < len(toks); i++ {
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
		if globShaped(text, argument(toks, i+2)) {
			return t.Off
		}
	}
	return -1
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

// globShaped: the argument begins with a literal that may start a path and
// is not that one literal alone.
func globShaped(text string, arg []jslex.Token) bool {
	if len(arg) == 0 {
		return false
	}
	first := arg[0]
	if first.Kind != jslex.String && first.Kind != jslex.Template {
		return false
	}
	constant := true // literals joined by +, which esbuild folds to one
	for _, t := range arg {
		if !(t.Kind == jslex.String || t.Kind == jslex.Template && !t.Sub || t.Kind == jslex.Punct && t.Str == "+") {
			constant = false
			break
		}
	}
	if constant {
		return false // an ordinary import
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
