package templates

import (
	"fmt"
	"path/filepath"

	"github.com/skillstudio/skillstudio/model"
)

// Summary says what a plan writes, one line each: the files (as display
// shows an OS path; nil shows them as they are) and the index update.
func (p *Plan) Summary(display func(string) string) []string {
	if display == nil {
		display = func(s string) string { return s }
	}
	lines := make([]string, 0, len(p.Files)+1)
	for _, f := range p.Files {
		lines = append(lines, display(filepath.Join(p.Root, filepath.FromSlash(f.Path))))
	}
	if p.Index != nil {
		lines = append(lines, fmt.Sprintf("%s (+ entry %s)", display(p.Index.Path), p.Index.Entry))
	}
	return lines
}

// NextSteps are the commands to run after writing: lint (and build an
// .xgs.js), with paths as display shows them.
func (p *Plan) NextSteps(display func(string) string) []string {
	if display == nil {
		display = func(s string) string { return s }
	}
	target := display(p.Target)
	steps := []string{
		"edit " + display(p.Main),
		"skillstudio lint " + target,
	}
	if p.Template.Format == model.FormatXGS {
		steps = append(steps, "skillstudio build "+target)
	}
	if p.Index != nil {
		steps = append(steps, "skillstudio lint "+display(filepath.Dir(p.Index.Path))+"   (the whole repository, index included)")
	}
	return append(steps, "skillstudio "+target+"   (open it in the studio)")
}
