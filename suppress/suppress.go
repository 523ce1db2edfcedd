// Package suppress honours inline suppression comments: a comment that
// turns a rule off for the next line or for the whole file. It runs once,
// at the end of the load pipeline (formats.Check), so lint, the studio and
// the language server all see the same findings.
//
// The comment forms, per file type:
//
//	Markdown (.md):          <!-- skillstudio-disable-next-line RULE[, RULE…] -->
//	                         <!-- skillstudio-disable RULE -->       (whole file)
//	YAML frontmatter:        # skillstudio-disable-next-line RULE
//	JavaScript/TypeScript:   // skillstudio-disable-next-line RULE
//	                         // skillstudio-disable RULE            (whole file)
//
// With no RULE the comment covers every rule. A comment that suppresses
// nothing is itself a finding (library/unused-suppression), so stale ones do
// not pile up.
package suppress

import (
	"path"
	"strings"
)

// Marker starts every suppression comment.
const Marker = "skillstudio-disable"

// Scope says what a directive covers.
type Scope int

const (
	// NextLine covers the line after the comment.
	NextLine Scope = iota
	// File covers the whole file.
	File
)

// Directive is one suppression comment.
type Directive struct {
	// Line is the comment's 1-based line; Column is where the marker
	// starts (1-based bytes), EndColumn where the comment ends.
	Line, Column, EndColumn int
	Scope                   Scope
	// Rules are the rule ids it names; empty means every rule.
	Rules []string
}

// Covers reports whether d suppresses a finding of rule on line.
func (d Directive) Covers(rule string, line int) bool {
	if d.Scope == NextLine && line != d.Line+1 {
		return false
	}
	if len(d.Rules) == 0 {
		return true
	}
	for _, r := range d.Rules {
		if r == rule {
			return true
		}
	}
	return false
}

// Syntax is how a file type writes comments: which suppression forms it
// understands. ok is false for files that cannot carry one (JSON).
type Syntax int

const (
	None Syntax = iota
	Markdown
	Script
)

// SyntaxOf picks the comment syntax from a file name.
func SyntaxOf(name string) Syntax {
	switch strings.ToLower(path.Ext(name)) {
	case ".md", ".markdown":
		return Markdown
	case ".js", ".mjs", ".cjs", ".ts", ".mts":
		return Script
	}
	return None
}

// Parse finds the suppression comments of a file. It is a line scan: a
// comment must be alone on its line (which keeps prose that mentions the
// marker from turning into a directive).
func Parse(name string, content []byte) []Directive {
	syn := SyntaxOf(name)
	if syn == None || !strings.Contains(string(content), Marker) {
		return nil
	}
	var out []Directive
	inFront, fence := false, ""
	for i, line := range strings.Split(string(content), "\n") {
		line = strings.TrimRight(line, "\r")
		trimmed := strings.TrimSpace(line)
		if syn == Markdown && !inFront {
			// A comment shown in a code block is an example, not a directive.
			if fence == "" && (strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~")) {
				fence = trimmed[:3]
				continue
			}
			if fence != "" {
				if strings.HasPrefix(trimmed, fence) {
					fence = ""
				}
				continue
			}
		}
		if syn == Markdown && trimmed == "---" {
			// Frontmatter opens on the first line and closes at the next ---.
			if i == 0 {
				inFront = true
				continue
			}
			inFront = false
		}
		if !strings.Contains(trimmed, Marker) {
			continue
		}
		var body string
		ok := false
		switch {
		case syn == Script:
			body, ok = strings.CutPrefix(trimmed, "//")
		case inFront:
			body, ok = strings.CutPrefix(trimmed, "#")
		default:
			if b, found := strings.CutPrefix(trimmed, "<!--"); found {
				body, ok = strings.CutSuffix(b, "-->")
			}
		}
		if !ok {
			continue
		}
		d, ok := parseBody(strings.TrimSpace(body))
		if !ok {
			continue
		}
		d.Line = i + 1
		d.Column = strings.Index(line, Marker) + 1
		d.EndColumn = len(line) + 1
		out = append(out, d)
	}
	return out
}

// parseBody reads "skillstudio-disable[-next-line] [RULE[, RULE…]]".
func parseBody(body string) (Directive, bool) {
	word, rest, _ := strings.Cut(body, " ")
	var d Directive
	switch word {
	case Marker + "-next-line":
		d.Scope = NextLine
	case Marker:
		d.Scope = File
	default:
		return d, false
	}
	// A "--" starts a free-text reason, as in eslint.
	rest, _, _ = strings.Cut(rest, "--")
	d.Rules = strings.FieldsFunc(rest, func(c rune) bool { return c == ',' || c == ' ' || c == '\t' })
	return d, true
}

// Comment is the line to insert above line text to disable rule for it,
// in the syntax of name, indented as the line is. inFrontmatter selects
// the YAML form in Markdown. ok is false when the file type has none.
func Comment(name, rule, lineText string, inFrontmatter bool) (string, bool) {
	indent := lineText[:len(lineText)-len(strings.TrimLeft(lineText, " \t"))]
	switch SyntaxOf(name) {
	case Script:
		return indent + "// " + Marker + "-next-line " + rule + "\n", true
	case Markdown:
		if inFrontmatter {
			return indent + "# " + Marker + "-next-line " + rule + "\n", true
		}
		return indent + "<!-- " + Marker + "-next-line " + rule + " -->\n", true
	}
	return "", false
}

// FileComment is the line that disables rule for the whole of file name,
// for a finding about the file rather than a line of it (a file's token
// cost sits on its first line, where a next-line comment would itself
// become the first line). In Markdown it goes in the body, not the
// frontmatter. ok is false when the file type has none.
func FileComment(name, rule string) (string, bool) {
	switch SyntaxOf(name) {
	case Script:
		return "// " + Marker + " " + rule + "\n", true
	case Markdown:
		return "<!-- " + Marker + " " + rule + " -->\n", true
	}
	return "", false
}
