package report

import (
	"bufio"
	"bytes"
	"cmp"
	"fmt"
	"io"
	"sync"

	"github.com/skillstudio/skillstudio/internal/jsonout"

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
	// The skills are most of the report: each is built and encoded on
	// its own, on every core (inPieces), and the pieces are put into the
	// "skills" array of the rest, encoded whole. jsonout.Indented makes
	// them the bytes one encoding of everything would have been.
	rest, err := jsonout.Indented(jsonReport{Skills: []jsonSkill{}, Library: jsonDiagnostics(d.libraryFindings(lib)), Summary: Summarize(lib)}, "")
	if err != nil {
		return err
	}
	const emptySkills = "{\n  \"skills\": []"
	if !bytes.HasPrefix(rest, []byte(emptySkills)) {
		return fmt.Errorf("report: JSON skills array not first (%.20q)", rest)
	}
	skills := d.sortedSkills(lib)
	var (
		mu     sync.Mutex
		encErr error
	)
	pieces := inPieces(len(skills), 64, func(lo, hi int) []byte {
		var b []byte
		for _, s := range skills[lo:hi] {
			js, err := jsonout.Indented(jsonSkill{
				Path:        sanitize.Line(d.skillPath(s)),
				Format:      s.Format,
				Name:        sanitize.Line(s.Name),
				Diagnostics: jsonDiagnostics(d.skillFindings(s)),
			}, "    ")
			if err != nil {
				mu.Lock()
				encErr = cmp.Or(encErr, err)
				mu.Unlock()
			}
			b = append(append(b, ",\n    "...), js...)
		}
		return b
	})
	if encErr != nil {
		return encErr
	}
	bw := bufio.NewWriter(w)
	if len(skills) == 0 {
		bw.Write(rest)
	} else {
		bw.WriteString("{\n  \"skills\": [")
		for i, p := range pieces {
			if i == 0 {
				p = p[1:] // the first element's comma
			}
			bw.Write(p)
		}
		bw.WriteString("\n  ]")
		bw.Write(rest[len(emptySkills):])
	}
	bw.WriteByte('\n')
	return bw.Flush()
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
