package ui

import (
	"io"
	"io/fs"
	"strings"

	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/review"
	"github.com/skillstudio/skillstudio/sanitize"
)

// contextLine is one line of a file shown around a finding, with hidden
// characters spelled out and terminal escapes removed.
type contextLine struct {
	n    int
	text string
	hit  bool // the finding's own line
}

const (
	contextAround   = 1       // lines shown before and after a finding
	contextMaxBytes = 300     // of one shown line
	contextMaxFile  = 1 << 20 // bytes read of one file for context
)

// findingContext reads, for each finding, the lines around it. It runs in
// the background with the review (a remote file may be fetched).
func findingContext(s *model.Skill, ds []model.Diagnostic) [][]contextLine {
	out := make([][]contextLine, len(ds))
	if s == nil || s.Location.FS == nil {
		return out
	}
	files := map[string][]string{}
	for i, d := range ds {
		if d.File == "" || d.Line <= 0 {
			continue
		}
		lines, ok := files[d.File]
		if !ok {
			lines = readLines(s.Location.FS, d.File)
			files[d.File] = lines
		}
		for n := max(d.Line-contextAround, 1); n <= d.Line+contextAround && n <= len(lines); n++ {
			out[i] = append(out[i], contextLine{n: n, text: shownLine(lines[n-1]), hit: n == d.Line})
		}
	}
	return out
}

func readLines(fsys fs.FS, name string) []string {
	f, err := fsys.Open(name)
	if err != nil {
		return nil
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, contextMaxFile))
	if err != nil {
		return nil
	}
	return strings.Split(string(data), "\n")
}

// shownLine makes one file line safe and readable: clipped, hidden
// characters made visible, escapes and tabs removed.
func shownLine(l string) string {
	l = strings.TrimRight(l, "\r")
	if len(l) > contextMaxBytes {
		cut := contextMaxBytes
		for cut > 0 && l[cut]&0xC0 == 0x80 {
			cut--
		}
		l = l[:cut] + "…"
	}
	return sanitize.Line(review.Visible(l))
}
