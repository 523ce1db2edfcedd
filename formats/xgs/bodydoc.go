package xgs

import (
	"strings"

	"github.com/grafana/sobek/ast"
	"github.com/skillstudio/skillstudio/model"
)

// body builds the Markdown a reader sees: `# name`, the description, then
// the comment block at the top of the body (where the spec puts failure
// modes and quick recipes) as plain Markdown. line is where that block
// starts in the file (the line after the header when there is none).
func (a *Analysis) body(s *model.Skill) (md string, line int) {
	var b strings.Builder
	b.WriteString("# " + s.Name + "\n")
	if s.Description != "" {
		b.WriteString("\n" + escapeAngles(s.Description) + "\n")
	}
	start := 0
	if h := a.File.Header; h != nil {
		start = h.End
	}
	line, _ = a.lines.pos(start)
	text, at := a.topComments(start)
	if text != "" {
		b.WriteString("\n" + escapeAngles(text))
		line, _ = a.lines.pos(at)
	}
	return b.String(), line
}

// topComments returns the comments between the header and the first
// statement that is not an import, as Markdown, and the offset of the
// first one. Imports are skipped (comments often follow them). It only
// looks at bytes the parser has shown are not code: before the first
// statement, or after an import's module specifier.
func (a *Analysis) topComments(start int) (string, int) {
	src := a.File.Source
	end := len(src)
	var imports []*ast.ImportDeclaration
	if a.prog != nil && a.prog.ast != nil {
		for _, st := range a.prog.ast.Body {
			if imp, ok := st.(*ast.ImportDeclaration); ok {
				imports = append(imports, imp)
				continue
			}
			if _, ok := st.(*ast.EmptyStatement); ok {
				continue
			}
			end = idxOffset(st.Idx0())
			break
		}
	} else {
		return "", 0
	}
	var blocks []string
	first := -1
	i := start
	for i < end {
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == ';':
			i++
		case c == '/' && i+1 < end && src[i+1] == '/':
			j := i
			var lines []string
			// A run of // lines is one block.
			for j < end && j+1 < end && src[j] == '/' && src[j+1] == '/' {
				k := j
				for k < end && src[k] != '\n' {
					k++
				}
				lines = append(lines, strings.TrimPrefix(strings.TrimRight(string(src[j+2:k]), "\r"), " "))
				j = k + 1
				for j < end && (src[j] == ' ' || src[j] == '\t') {
					j++
				}
			}
			if first < 0 {
				first = i
			}
			blocks = append(blocks, strings.Join(lines, "\n"))
			i = j
		case c == '/' && i+1 < end && src[i+1] == '*':
			k := strings.Index(string(src[i+2:end]), "*/")
			if k < 0 {
				return joinBlocks(blocks), first
			}
			if first < 0 {
				first = i
			}
			blocks = append(blocks, blockComment(string(src[i+2:i+2+k])))
			i = i + 2 + k + 2
		default:
			// Code: an import statement (skip past its module specifier
			// and optional semicolon) or the end of the comment region.
			var imp *ast.ImportDeclaration
			for _, x := range imports {
				if idxOffset(x.Idx0()) == i {
					imp = x
				}
			}
			if imp == nil {
				return joinBlocks(blocks), first
			}
			i = skipImport(src, i, end)
		}
	}
	return joinBlocks(blocks), first
}

// skipImport moves past `import … from "x"` (or `import "x"`): to the end
// of the first string literal, which is the module specifier.
func skipImport(src []byte, i, end int) int {
	for i < end && src[i] != '"' && src[i] != '\'' {
		i++
	}
	if i >= end {
		return end
	}
	q := src[i]
	i++
	for i < end && src[i] != q {
		if src[i] == '\\' {
			i++
		}
		i++
	}
	return i + 1
}

// blockComment strips /** … */ decoration: a leading " * " on each line.
func blockComment(s string) string {
	s = strings.TrimPrefix(s, "*")
	lines := strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n")
	for i, l := range lines {
		t := strings.TrimLeft(l, " \t")
		if strings.HasPrefix(t, "*") {
			t = strings.TrimPrefix(strings.TrimPrefix(t, "*"), " ")
			lines[i] = t
		} else {
			lines[i] = strings.TrimSpace(l)
		}
	}
	return strings.Trim(strings.Join(lines, "\n"), "\n")
}

func joinBlocks(blocks []string) string {
	var out []string
	for _, b := range blocks {
		if strings.TrimSpace(b) != "" {
			out = append(out, strings.TrimRight(b, " \n"))
		}
	}
	if len(out) == 0 {
		return ""
	}
	return strings.Join(out, "\n\n") + "\n"
}
