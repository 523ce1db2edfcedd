package formats

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/skillstudio/skillstudio/model"
)

// A file that makes one rule fire thousands of times lists the first
// MaxFindingsPerRule and one finding for the rest, in every format's
// reader: a library of such files no longer holds every finding until lint
// prints them.
func TestLoadCapsFindingsPerRuleAndFile(t *testing.T) {
	dir := t.TempDir()
	var body strings.Builder
	body.WriteString("---\nname: flood\ndescription: Links to many files that do not exist, to test the cap on findings.\n---\n\n")
	for i := range 1000 {
		fmt.Fprintf(&body, "See [part %d](references/missing-%d.md).\n\n", i, i)
	}
	writeFiles(t, dir, map[string]string{"flood/SKILL.md": body.String()})
	lib := LoadAll(t.Context(), model.Location{Source: dir, Root: dir, Local: true, FS: os.DirFS(dir)}, ".", model.Options{}, nil)
	if len(lib.Skills) != 1 {
		t.Fatalf("%d skills", len(lib.Skills))
	}
	var links, summaries int
	for _, d := range lib.Skills[0].Diagnostics {
		if d.Rule != "skillmd/link" {
			continue
		}
		links++
		if strings.HasPrefix(d.Message, "800 more skillmd/link findings") {
			summaries++
			if d.Severity != model.SeverityWarning || d.Line != 5+2*model.MaxFindingsPerRule+1 {
				t.Errorf("summary %+v", d)
			}
		}
	}
	if links != model.MaxFindingsPerRule+1 || summaries != 1 {
		t.Errorf("%d skillmd/link findings, %d summaries", links, summaries)
	}
}
