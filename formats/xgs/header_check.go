package xgs

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/grafana/sobek/ast"
	"github.com/grafana/sobek/parser"
	"github.com/skillstudio/skillstudio/internal/semverstrict"
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/suppress"
)

// Check runs the header's value rules. Findings have no File (the caller
// sets it) and point at the directive's value.
func (h *Header) Check() []model.Diagnostic {
	if h == nil {
		return nil
	}
	var ds []model.Diagnostic
	at := func(rule string, d *Directive, msg, hint string) {
		ds = append(ds, Rules.New(rule, "", d.Line, d.ValueColumn, msg, hint))
	}
	atHeader := func(rule, msg, hint string) {
		ds = append(ds, Rules.New(rule, "", h.StartLine, 1, msg, hint))
	}

	// seen: which of the spec's directives appeared, by table index.
	var seenAt [32]bool
	seen := func(key string) bool { return seenAt[specIndex(key)] }
	for i := range h.Directives {
		d := &h.Directives[i]
		spec, known := SpecOf(d.Key)
		if !known {
			ds = append(ds, Rules.New("xgs/unknown-directive", "", d.Line, d.Column,
				fmt.Sprintf("@%s is not a directive of the spec; it is kept as an extra", d.Key),
				unknownHint(d.Key)))
			continue
		}
		if !spec.Repeatable && seen(d.Key) {
			rule := "xgs/duplicate-directive"
			if d.Key == "primary" {
				rule = "xgs/primary" // rule 1: a single ★ @primary
			}
			ds = append(ds, Rules.New(rule, "", d.Line, d.Column,
				fmt.Sprintf("@%s appears more than once; only the first counts", d.Key),
				"Keep one @"+d.Key+" line."))
			continue
		}
		seenAt[specIndex(d.Key)] = true
		switch d.Key {
		case "name":
			if !isKebab(d.Value) {
				at("xgs/name", d, fmt.Sprintf("@name %q is not kebab-case", d.Value),
					"Use lowercase letters, digits and single hyphens, e.g. `discourse-forum`.")
			}
		case "namespace":
			if !isJSIdentifier(d.Value) {
				at("xgs/namespace", d, fmt.Sprintf("@namespace %q is not a JS identifier", d.Value),
					"Use letters, digits, _ and $, not starting with a digit, e.g. `discourse`.")
			}
		case "version":
			if _, err := semverstrict.Parse(d.Value); err != nil {
				at("xgs/version", d, fmt.Sprintf("@version %q is not strict semver", d.Value),
					"Write MAJOR.MINOR.PATCH, e.g. `0.1.0`.")
			}
		case "match":
			if why := checkMatchPattern(d.Value); why != "" {
				at("xgs/match-pattern", d, fmt.Sprintf("@match %q: %s", d.Value, why),
					"Write a Chrome match pattern such as `*://*.example.com/*` or `<all_urls>`.")
			}
		case "include", "exclude":
			if why := checkGlob(d.Value); why != "" {
				at("xgs/include-glob", d, fmt.Sprintf("@%s %q: %s", d.Key, d.Value, why),
					"Write a simple glob where only * and ? are special, e.g. `https://example.com/forum/*`.")
			}
		case "run-at":
			switch d.Value {
			case "document_start", "document_end", "document_idle":
			default:
				hint := "Use document_start, document_end or document_idle (the default)."
				if alt := strings.ReplaceAll(d.Value, "-", "_"); alt != d.Value && (alt == "document_start" || alt == "document_end" || alt == "document_idle") {
					hint = "Write `" + alt + "` (with an underscore)."
				}
				at("xgs/run-at", d, fmt.Sprintf("@run-at %q is not document_start, document_end or document_idle", d.Value), hint)
			}
		case "all-frames":
			if d.Value != "true" && d.Value != "false" {
				at("xgs/all-frames", d, fmt.Sprintf("@all-frames %q is not true or false", d.Value),
					"Write `// @all-frames true` to inject into iframes too, or remove the line.")
			}
		case "detect":
			if msg, col := checkDetect(d.Value); msg != "" {
				ds = append(ds, Rules.New("xgs/detect", "", d.Line, d.ValueColumn+col, "@detect: "+msg,
					"Write one expression, e.g. `!!document.querySelector('meta[name=\"generator\"]')`; a syntax error means the skill never mounts."))
			}
		case "homepage":
			if u, err := url.Parse(d.Value); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
				at("xgs/homepage", d, fmt.Sprintf("@homepage %q is not an absolute http(s) URL", d.Value),
					"Write the full URL, e.g. `https://github.com/you/skills`.")
			}
		case "primary":
			if !isJSIdentifier(d.Value) {
				at("xgs/primary", d, fmt.Sprintf("@primary %q is not a function name", d.Value),
					"Write the name of the ★ function, e.g. `// @primary searchTopics`.")
			}
		}
	}
	if !seen("name") {
		atHeader("xgs/name", "the header has no @name", "Add `// @name my-skill` (kebab-case, unique).")
	}
	if !seen("namespace") {
		atHeader("xgs/namespace", "the header has no @namespace", "Add `// @namespace mySkill` (a short JS identifier).")
	}
	if !seen("version") {
		ds = append(ds, h.versionMissing())
	}
	if !seen("match") {
		atHeader("xgs/match-required", "the header has no @match, so the skill never activates",
			"Add `// @match *://example.com/*` for each site the skill serves.")
	}
	if !seen("primary") {
		// Spec: forgetting @primary costs the agent a help round-trip; the
		// skill still works, so this warns and never stops a build.
		atHeader("xgs/primary-missing", "the header has no @primary", "Add `// @primary fnName` naming the ★ entry function.")
	}
	for _, l := range h.Lines {
		if l.Kind == LineOther {
			t := strings.TrimSpace(l.Text)
			// A suppression comment is not a note: it belongs above its line.
			if t != "" && t != "//" && !strings.HasPrefix(strings.TrimSpace(strings.TrimPrefix(t, "//")), suppress.Marker) {
				ds = append(ds, Rules.New("xgs/header-line", "", l.Line, 1,
					"this header line is not a `// @key value` directive",
					"Move notes below the closing marker, or write a directive as `// @key value`."))
			}
		}
	}
	if d := h.orderDiagnostic(); d != nil {
		ds = append(ds, *d)
	}
	return ds
}

func unknownHint(key string) string {
	for _, s := range Directives {
		if strings.EqualFold(s.Key, key) || strings.ReplaceAll(s.Key, "-", "") == strings.ReplaceAll(strings.ToLower(key), "_", "") {
			return "Did you mean @" + s.Key + "?"
		}
	}
	return "Remove it, or keep it knowing only tools that know @" + key + " read it."
}

// isKebab: a-z0-9 words joined by single hyphens.
func isKebab(s string) bool {
	if s == "" || s[0] == '-' || s[len(s)-1] == '-' || strings.Contains(s, "--") {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

// isJSIdentifier: [A-Za-z_$][\w$]* (the spec's ASCII definition).
func isJSIdentifier(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		letter := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '$'
		if !letter && !(i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// checkGlob returns why a @include/@exclude value is not a simple glob.
func checkGlob(g string) string {
	switch {
	case g == "":
		return "empty"
	case strings.ContainsAny(g, " \t"):
		return "contains whitespace"
	case len(g) > 2 && g[0] == '/' && strings.LastIndexByte(g, '/') > 0 && !strings.Contains(g, "://"):
		return "looks like a /regex/; only simple globs are supported"
	}
	return ""
}

// checkDetect parses a @detect value as exactly one JS expression. It
// returns the problem and its 0-based byte column in the value.
func checkDetect(expr string) (msg string, col int) {
	if strings.TrimSpace(expr) == "" {
		return "empty expression", 0
	}
	if at := tooDeep([]byte(expr)); at >= 0 {
		return fmt.Sprintf("the expression nests more than %d levels deep", maxNesting), at
	}
	defer func() {
		if r := recover(); r != nil {
			msg, col = fmt.Sprintf("the expression cannot be parsed (%v)", r), 0
		}
	}()
	// Wrapping in parentheses makes `a; b` or `x) || (y` a syntax error
	// instead of two statements; the newline ends a trailing // comment.
	prog, err := parser.ParseFile(nil, "", "("+expr+"\n)", parser.IgnoreRegExpErrors, parser.WithDisableSourceMaps)
	if err != nil {
		var list parser.ErrorList
		if el, ok := err.(parser.ErrorList); ok {
			list = el
		}
		if len(list) > 0 {
			c := list[0].Position.Column - 2 // the "(" we added, and 1-based
			if list[0].Position.Line > 1 || c < 0 {
				c = len(expr)
			}
			return "not a single JavaScript expression: " + list[0].Message, min(c, len(expr))
		}
		return "not a single JavaScript expression", 0
	}
	if len(prog.Body) != 1 {
		return "more than one statement", 0
	}
	if _, ok := prog.Body[0].(*ast.ExpressionStatement); !ok {
		return "not an expression", 0
	}
	return "", 0
}
