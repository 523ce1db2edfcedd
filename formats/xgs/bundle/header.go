package bundle

import (
	"github.com/skillstudio/skillstudio/formats/xgs"
	"github.com/skillstudio/skillstudio/internal/lazyre"
	"github.com/skillstudio/skillstudio/model"
)

var jsIdentifier = lazyre.New(`^[A-Za-z_$][A-Za-z0-9_$]*$`)

// headerErrors lists why a skill's header stops its build: the parser's
// errors, every error-severity finding of the static reader inside the
// header block, and what the bundle itself needs (a name for the output
// file, a namespace that is a JS identifier). Each names the header error
// it is about, at its position.
func headerErrors(display string, h *xgs.Header, parse []model.Diagnostic, skill *model.Skill) []model.Diagnostic {
	if h == nil && skill != nil {
		// No header because the file is not text at all: say that, not
		// "no // ==XGooseSkill== header block".
		for _, d := range skill.Diagnostics {
			if d.Rule == "xgs/encoding" && d.Severity == model.SeverityError {
				return []model.Diagnostic{Rules.New("xgs/build-header", display, d.Line, d.Column, "not built: "+d.Message, d.Hint)}
			}
		}
	}
	var out []model.Diagnostic
	seen := map[[2]int]map[string]bool{}
	add := func(d model.Diagnostic) {
		key := [2]int{d.Line, d.Column}
		if seen[key] == nil {
			seen[key] = map[string]bool{}
		}
		if seen[key][d.Rule] {
			return
		}
		seen[key][d.Rule] = true
		n := Rules.New("xgs/build-header", display, d.Line, d.Column, "not built: the header has an error: "+d.Rule+": "+d.Message, d.Hint)
		n.EndLine, n.EndColumn = d.EndLine, d.EndColumn
		out = append(out, n)
	}
	for _, d := range parse {
		if d.Severity == model.SeverityError {
			add(d)
		}
	}
	if h == nil {
		return out
	}
	last := h.StartLine
	if n := len(h.Lines); n > 0 {
		last = h.Lines[n-1].Line
	}
	if skill != nil {
		for _, d := range skill.Diagnostics {
			if d.Severity == model.SeverityError && d.Line >= h.StartLine && d.Line <= last {
				add(d)
			}
		}
	}
	if h.Get("name") == "" {
		add(model.Diagnostic{Rule: "xgs/name", Line: h.StartLine, Column: 1, Message: "@name is missing",
			Hint: "Add `// @name my-skill`: the built file is named after it."})
	}
	if ns := h.Get("namespace"); !jsIdentifier.MatchString(ns) {
		line, col, msg := h.StartLine, 1, "@namespace is missing"
		if d := h.Find("namespace"); d != nil {
			line, col, msg = d.Line, d.ValueColumn, "@namespace "+ns+" is not a JavaScript identifier"
		}
		add(model.Diagnostic{Rule: "xgs/namespace", Line: line, Column: col, Message: msg,
			Hint: "Use letters, digits, _ and $, not starting with a digit: it becomes xgoose.skills.<namespace>."})
	}
	return out
}
