// Package report prints lint results: a text listing for people, one JSON
// object for scripts, and SARIF 2.1.0 for code-scanning services. Every
// printer takes the same *model.Library and Options, so the CLI (and
// anything else) can switch formats with one flag.
package report

import (
	"cmp"
	"github.com/skillstudio/skillstudio/internal/pathname"
	"io"
	"net/url"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/charmbracelet/colorprofile"

	"github.com/skillstudio/skillstudio/internal/theme"
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/sanitize"
)

// Options tune every printer.
type Options struct {
	// BaseDir makes local paths under it relative to it (the working
	// folder for the CLI, a corpus root for goldens). Empty keeps paths as
	// model.Location.Path gives them.
	BaseDir string
	// Color styles the text output. The caller decides (see ShouldColor):
	// printers never look at the terminal themselves, so output is
	// testable byte for byte.
	Color bool
	// Rules describe the rule ids in SARIF output (tool.driver.rules); the
	// CLI passes formats.Rules(). Findings of rules not listed carry no
	// ruleIndex.
	Rules model.RuleSet
	// ToolVersion is the version SARIF reports for the tool.
	ToolVersion string
}

// ShouldColor says whether text written to w may carry colour: only when w
// is a terminal that shows colour, and never when NO_COLOR is set to any
// non-empty value (https://no-color.org).
func ShouldColor(w io.Writer, environ []string) bool {
	if theme.NoColor(environ) {
		return false
	}
	return colorprofile.Detect(w, environ) >= colorprofile.ANSI
}

// Summary counts a library's findings. Errors, Warnings and Infos count
// real findings, those a file had past model.MaxFindingsPerRule of one
// rule included; Listed is how many of them are listed one by one (the
// line saying how many more there are is not one of them).
type Summary struct {
	Skills   int `json:"skills"`
	Errors   int `json:"errors"`
	Warnings int `json:"warnings"`
	Infos    int `json:"infos"`
	Listed   int `json:"listed"`
}

// Summarize counts every finding of lib, library-level ones included.
func Summarize(lib *model.Library) Summary {
	s := Summary{Skills: len(lib.Skills)}
	add := func(ds []model.Diagnostic) {
		e, w, i := model.CountDiagnostics(ds)
		s.Errors += e
		s.Warnings += w
		s.Infos += i
		for _, d := range ds {
			if d.Omitted == 0 && d.Severity != model.SeverityOff {
				s.Listed++
			}
		}
	}
	add(lib.Diagnostics)
	for _, sk := range lib.Skills {
		add(sk.Diagnostics)
	}
	return s
}

// finding is a diagnostic with its file already turned into the path a
// person reads.
type finding struct {
	model.Diagnostic
	path string
}

// displayer turns FS paths into the paths printers show.
type displayer struct{ base string }

func (d displayer) skillPath(s *model.Skill) string {
	p := s.Location.File
	if s.Format != model.FormatXGS && s.Location.Dir != "" {
		p = s.Location.Dir
	}
	return d.rel(s.Location.Path(p))
}

// rel makes p relative to the base folder when p is a local path inside it.
func (d displayer) rel(p string) string {
	if d.base == "" || !filepath.IsAbs(p) {
		return p
	}
	if r, ok := pathname.Rel(d.base, p); ok {
		return r
	}
	return p
}

// skillFindings returns a skill's findings with display paths, sorted.
func (d displayer) skillFindings(s *model.Skill) []finding {
	out := make([]finding, 0, len(s.Diagnostics))
	for _, diag := range s.Diagnostics {
		file := diag.File
		if file == "" {
			file = s.Location.File
		}
		out = append(out, finding{diag, d.rel(s.Location.Path(file))})
	}
	sortFindings(out)
	return out
}

// libraryFindings returns findings that belong to no skill. Their File is
// already a display path (registry.LoadSources) or an FS path of the one
// source loaded (formats.LoadAll).
func (d displayer) libraryFindings(lib *model.Library) []finding {
	out := make([]finding, 0, len(lib.Diagnostics))
	for _, diag := range lib.Diagnostics {
		out = append(out, finding{diag, d.rel(diag.File)})
	}
	sortFindings(out)
	return out
}

// sortFindings orders by display path, then as model.CompareDiagnostics.
func sortFindings(fs []finding) {
	slices.SortStableFunc(fs, func(a, b finding) int {
		return cmp.Or(cmp.Compare(a.path, b.path), model.CompareDiagnostics(a.Diagnostic, b.Diagnostic))
	})
}

// sortedSkills orders skills by display path so output does not depend on
// load order.
// Each path is made once, on every core (eachPiece): at 10,000 skills,
// making it in the comparison was most of the sort.
func (d displayer) sortedSkills(lib *model.Library) []*model.Skill {
	type keyed struct {
		path  string
		skill *model.Skill
	}
	ks := make([]keyed, len(lib.Skills))
	eachPiece(len(ks), 512, func(_, lo, hi int) {
		for i, s := range lib.Skills[lo:hi] {
			ks[lo+i] = keyed{d.skillPath(s), s}
		}
	})
	slices.SortStableFunc(ks, func(a, b keyed) int { return cmp.Compare(a.path, b.path) })
	out := make([]*model.Skill, len(ks))
	for i, k := range ks {
		out[i] = k.skill
	}
	return out
}

// uri turns a display path into a URI reference for SARIF: a relative
// slash path when it is relative, file:// for an absolute local path, and
// URLs as they are.
//
// A local path is percent-encoded from its bytes, so a name that is not
// valid UTF-8 or holds controls still names the file on disk and the URI
// is printable ASCII; a remote URL is sanitised.
func uri(p string) string {
	if strings.Contains(p, "://") {
		return sanitize.Line(p)
	}
	if filepath.IsAbs(p) {
		u := url.URL{Scheme: "file", Path: filepath.ToSlash(p)}
		return u.String()
	}
	u := url.URL{Path: path.Clean(filepath.ToSlash(p))}
	return u.String()
}
