package suppress

import (
	"fmt"
	"io/fs"
	"slices"
	"sort"
	"strings"

	"github.com/skillstudio/skillstudio/model"
)

// UnusedRule is the finding for a comment that suppresses nothing.
const UnusedRule = "library/unused-suppression"

// Rules are the findings this package adds.
var Rules = model.RuleSet{
	{ID: UnusedRule, Severity: model.SeverityWarning,
		Doc:   "A skillstudio-disable comment suppresses no finding; the problem it hid is gone or the rule id is wrong.",
		Title: "A suppression comment suppresses nothing",
		Why:   "Agents never see it, but a stale suppression would silently hide the next real finding of that rule.",
		Spec:  "Not in the spec: skillstudio's own suppression comments.",
		Example: model.RuleExample{
			Fail: "<!-- skillstudio-disable-next-line skillmd/no-such-rule -->\n# Title",
			Pass: "# Title",
		},
	},
}

// Skill drops a local skill's findings that a suppression comment in its
// files covers, and adds a library/unused-suppression finding for each
// comment that covered none. Files are read from the skill's FS, only
// when they can carry a comment (Markdown, scripts) and are not among
// s.Unmarked. filter is the rule config, applied to the findings Skill
// adds. Skills are independent, so callers may run it on several at once.
func Skill(s *model.Skill, filter func([]model.Diagnostic) []model.Diagnostic) {
	if s.Location.FS != nil && (s.Location.Local || s.Location.Root == "") {
		n := len(s.Diagnostics)
		skill(s)
		if len(s.Diagnostics) != n && filter != nil {
			s.Diagnostics = filter(s.Diagnostics)
		}
	}
}

func skill(s *model.Skill) {
	files := map[string]bool{}
	if SyntaxOf(s.Location.File) != None {
		files[s.Location.File] = true
	}
	for _, d := range s.Diagnostics {
		if d.File != "" && SyntaxOf(d.File) != None {
			files[d.File] = true
		}
	}
	if s.Format == model.FormatXGS {
		// An xgs skill's TypeScript module sits beside it.
		if mod := s.Location.Join("module.ts"); !slices.Contains(s.Unmarked, mod) && fileExists(s.Location.FS, mod) {
			files[mod] = true
		}
	}
	names := make([]string, 0, len(files))
	for f := range files {
		if !slices.Contains(s.Unmarked, f) { // known to hold no comment
			names = append(names, f)
		}
	}
	sort.Strings(names)
	for _, name := range names {
		data, err := fs.ReadFile(s.Location.FS, name)
		if err != nil {
			continue
		}
		dirs := Parse(name, data)
		if len(dirs) == 0 {
			continue
		}
		s.Diagnostics = Filter(s.Diagnostics, name, name == s.Location.File, dirs)
	}
}

func fileExists(fsys fs.FS, name string) bool {
	_, err := fs.Stat(fsys, name)
	return err == nil
}

// Filter applies the directives of file name to ds: it drops the findings
// they cover and appends one unused-suppression finding per directive
// that covered none. main says whether name is the skill's main file (a
// finding with an empty File is on it).
func Filter(ds []model.Diagnostic, name string, main bool, dirs []Directive) []model.Diagnostic {
	used := make([]bool, len(dirs))
	out := ds[:0:0]
	for _, d := range ds {
		onFile := d.File == name || d.File == "" && main
		hit := false
		if onFile && d.Rule != UnusedRule {
			for i, dir := range dirs {
				if dir.Covers(d.Rule, d.Line) {
					used[i], hit = true, true
				}
			}
		}
		if !hit {
			out = append(out, d)
		}
	}
	for i, dir := range dirs {
		if used[i] {
			continue
		}
		what := "any finding"
		if len(dir.Rules) > 0 {
			what = strings.Join(dir.Rules, ", ")
		}
		where := "on the next line"
		if dir.Scope == File {
			where = "in this file"
		}
		out = append(out, model.Diagnostic{
			Rule: UnusedRule, Severity: Rules[0].Severity, File: name,
			Line: dir.Line, Column: dir.Column, EndLine: dir.Line, EndColumn: dir.EndColumn,
			Message: fmt.Sprintf("this comment suppresses %s %s, but there is none", what, where),
			Hint:    "Delete the comment, or correct the rule id (skillstudio rules lists them).",
		})
	}
	return out
}
