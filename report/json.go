package report

import (
	"github.com/skillstudio/skillstudio/internal/jsonout"
	"io"

	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/sanitize"
)

// jsonReport is the shape of `lint --format json`: one object, stable keys.
type jsonReport struct {
	Skills  []jsonSkill      `json:"skills"`
	Library []jsonDiagnostic `json:"library"`
	Summary Summary          `json:"summary"`
}

type jsonSkill struct {
	Path        string           `json:"path"`
	Format      model.Format     `json:"format"`
	Name        string           `json:"name"`
	Diagnostics []jsonDiagnostic `json:"diagnostics"`
}

type jsonDiagnostic struct {
	Rule      string         `json:"rule"`
	Severity  model.Severity `json:"severity"`
	File      string         `json:"file"`
	Line      int            `json:"line"`
	Column    int            `json:"column"`
	EndLine   int            `json:"endLine,omitempty"`
	EndColumn int            `json:"endColumn,omitempty"`
	Message   string         `json:"message"`
	Hint      string         `json:"hint,omitempty"`
}

// JSON prints exactly one JSON object: every skill (path, format, name and
// its diagnostics), the library-level findings under "library", and a
// summary. Lists are never null, so scripts can iterate without checks.
// Text from skills is stripped of terminal control sequences here too:
// `jq -r` would otherwise hand a skill's escapes straight to a terminal.
func JSON(w io.Writer, lib *model.Library, opts Options) error {
	d := displayer{opts.BaseDir}
	r := jsonReport{Skills: []jsonSkill{}, Library: jsonDiagnostics(d.libraryFindings(lib)), Summary: Summarize(lib)}
	for _, s := range d.sortedSkills(lib) {
		r.Skills = append(r.Skills, jsonSkill{
			Path:        sanitize.Line(d.skillPath(s)),
			Format:      s.Format,
			Name:        sanitize.Line(s.Name),
			Diagnostics: jsonDiagnostics(d.skillFindings(s)),
		})
	}
	return jsonout.Encode(w, r)
}

func jsonDiagnostics(fs []finding) []jsonDiagnostic {
	out := make([]jsonDiagnostic, 0, len(fs))
	for _, f := range fs {
		out = append(out, jsonDiagnostic{
			Rule: f.Rule, Severity: f.Severity, File: sanitize.Line(f.path),
			Line: f.Line, Column: f.Column, EndLine: f.EndLine, EndColumn: f.EndColumn,
			Message: sanitize.String(f.Message), Hint: sanitize.String(f.Hint),
		})
	}
	return out
}
