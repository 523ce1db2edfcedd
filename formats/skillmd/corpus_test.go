package skillmd

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"sort"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"
	"github.com/skillstudio/skillstudio/model"
)

// corpusSkills lists every folder holding a SKILL.md under the corpus.
func corpusSkills(t *testing.T) (fs.FS, []string) {
	t.Helper()
	root := corpusDir(t)
	fsys := os.DirFS(root)
	var dirs []string
	_ = fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.EqualFold(d.Name(), "SKILL.md") {
			dirs = append(dirs, path.Dir(p))
		}
		return nil
	})
	sort.Strings(dirs)
	if len(dirs) == 0 {
		t.Fatal("no SKILL.md found in the corpus")
	}
	return fsys, dirs
}

// TestCorpus loads every corpus skill under every profile: no panic, every
// one read as a SKILL.md skill with a name; the full findings under the
// default profile are kept as a golden file so verdict changes show up in
// review.
func TestCorpus(t *testing.T) {
	pureCPUUnderRace(t) // one Load after another
	fsys, dirs := corpusSkills(t)
	var out strings.Builder
	for _, dir := range dirs {
		for _, p := range model.Profiles {
			s := Load(fsys, dir, model.Options{Profile: p})
			if s.Format != model.FormatSkillMD || s.Name == "" {
				t.Errorf("%s (%s): format %q name %q", dir, p, s.Format, s.Name)
			}
			if _, ok := s.Doc.(*Document); !ok {
				t.Errorf("%s (%s): Doc is %T", dir, p, s.Doc)
			}
			if p != model.ProfileAll {
				continue
			}
			fmt.Fprintf(&out, "== %s (name %s, %d files, %d quiz blocks)\n", dir, s.Name, len(s.Files), len(s.Quizzes))
			for _, d := range s.Diagnostics {
				fmt.Fprintf(&out, "%s\n", d)
			}
		}
	}
	golden.RequireEqual(t, []byte(out.String()))
}
