package formats

import (
	"bytes"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/skillstudio/skillstudio/internal/cputime"
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/report"
)

// corpusDir is the shared corpus of real third-party skills. It is read
// in place, never copied into the repository; a plain clone has no
// ../shared, and the tests that need it skip.
func corpusDir(tb testing.TB) string {
	tb.Helper()
	dir, err := filepath.Abs(filepath.Join("..", "..", "shared", "corpus"))
	if err == nil {
		if info, statErr := os.Stat(dir); statErr == nil && info.IsDir() {
			return dir
		}
	}
	tb.Skipf("corpus of real skills not found at %s (it lives beside the repository in ../shared/corpus; a plain clone has none)", dir)
	return ""
}

// loadCorpus loads each top-level folder of the corpus (one repository)
// as its own library, as a user linting that repository would: library
// rules such as duplicate names apply within a repository, never across
// unrelated ones.
func loadCorpus(tb testing.TB, opts model.Options) (*model.Library, string) {
	dir := corpusDir(tb)
	// No Root: every path, messages included, stays relative to the
	// corpus, so the golden file is the same on every machine.
	fsys := os.DirFS(dir)
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		tb.Fatal(err)
	}
	all := &model.Library{}
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		base := model.Location{Source: "corpus/" + e.Name(), FS: fsys}
		lib := LoadAll(tb.Context(), base, e.Name(), opts, nil)
		all.Skills = append(all.Skills, lib.Skills...)
		all.Diagnostics = append(all.Diagnostics, lib.Diagnostics...)
	}
	return all, dir
}

// TestCorpusGolden lints every skill in the corpus, checks that nothing
// crashed and that every skill was recognised in its format, and keeps the
// full text report as a golden file so a change in verdicts shows up in
// review (go test ./formats -run TestCorpusGolden -update rewrites it).
func TestCorpusGolden(t *testing.T) {
	for _, profile := range []model.Profile{model.ProfileAll, model.ProfileAgentSkills} {
		t.Run(string(profile), func(t *testing.T) {
			lib, dir := loadCorpus(t, model.Options{Profile: profile})
			checkCorpusRecognised(t, lib, dir)
			var buf bytes.Buffer
			if err := report.Text(&buf, lib, report.Options{}); err != nil {
				t.Fatal(err)
			}
			golden.RequireEqual(t, buf.Bytes())
		})
	}
}

func checkCorpusRecognised(t *testing.T, lib *model.Library, dir string) {
	t.Helper()
	byDir := map[string]*model.Skill{}
	for _, s := range lib.Skills {
		byDir[s.Location.Dir] = s
		for _, d := range s.Diagnostics {
			if d.Rule == "library/reader-crash" {
				t.Errorf("%s: reader crashed: %s", s.Location.File, d.Message)
			}
		}
	}
	for _, d := range lib.Diagnostics {
		if d.Rule == "library/reader-crash" || d.Rule == "library/unreadable" {
			t.Errorf("%s", d)
		}
	}
	// What a person would call a skill, found independently of Find.
	want := map[string]model.Format{}
	fsys := os.DirFS(dir)
	fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if skippedDirs[d.Name()] {
				return fs.SkipDir
			}
			return nil
		}
		switch {
		case strings.EqualFold(d.Name(), "SKILL.md"):
			want[path.Dir(p)] = model.FormatSkillMD
		case d.Name() == "module.ts":
			if _, err := fs.Stat(fsys, path.Join(path.Dir(p), "manifest.json")); err == nil {
				want[path.Dir(p)] = model.FormatOSLoop
			}
		case strings.HasSuffix(d.Name(), ".xgs.js"):
			want[p] = model.FormatXGS
		}
		return nil
	})
	if len(want) == 0 {
		t.Fatal("found no skills in the corpus at all")
	}
	// A skill inside another skill's folder is linted and says so.
	for _, s := range lib.Skills {
		if s.Format != model.FormatSkillMD {
			continue
		}
		nested := false
		for d := path.Dir(s.Location.Dir); d != "." && d != "/"; d = path.Dir(d) {
			if o := byDir[d]; o != nil && o.Format == model.FormatSkillMD {
				nested = true
				break
			}
		}
		said := false
		for _, d := range s.Diagnostics {
			said = said || d.Rule == "library/nested-skill"
		}
		if nested != said {
			t.Errorf("%s: nested inside another skill %v, library/nested-skill finding %v", s.Location.Dir, nested, said)
		}
	}
	// A skill template (library/template) is noted instead of linted.
	templates := map[string]bool{}
	for _, d := range lib.Diagnostics {
		if d.Rule == "library/template" {
			templates[path.Dir(d.File)] = true
		}
	}
	for p, format := range want {
		if templates[p] {
			continue
		}
		key := p
		if format == model.FormatXGS {
			key = path.Dir(p)
		}
		s := byDir[key]
		if s == nil || s.Format != format {
			t.Errorf("%s: not recognised as %s (got %v)", p, format.Label(), s)
		}
	}
}

func BenchmarkLoadCorpus(b *testing.B) {
	dir := corpusDir(b)
	base := model.Location{Source: dir, Root: dir, Local: true, FS: os.DirFS(dir)}
	b.ReportAllocs()
	skills := 0
	cpu0 := cputime.Process()
	for b.Loop() {
		skills = len(LoadAll(b.Context(), base, ".", model.Options{}, nil).Skills)
	}
	b.ReportMetric(float64(skills), "skills/op")
	b.ReportMetric(float64((cputime.Process()-cpu0).Nanoseconds())/float64(b.N), "cpu-ns/op")
}

// BenchmarkLoadSkillMD is the cost of loading and checking one SKILL.md
// skill with every rule on: the corpus's SKILL.md skills, read one after
// another on one goroutine (the unit skills-ref is compared on).
func BenchmarkLoadSkillMD(b *testing.B) {
	dir := corpusDir(b)
	fsys := os.DirFS(dir)
	base := model.Location{Source: dir, Root: dir, Local: true, FS: fsys}
	var cands []Candidate
	for _, c := range Find(fsys, ".").Candidates {
		if c.Format == model.FormatSkillMD {
			cands = append(cands, c)
		}
	}
	warmTokenRanks()
	b.ReportAllocs()
	cpu0 := cputime.Process()
	for b.Loop() {
		for _, c := range cands {
			Load(c, base, model.Options{})
		}
	}
	runs := float64(b.N * len(cands))
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/runs, "ns/skill")
	b.ReportMetric(float64((cputime.Process()-cpu0).Nanoseconds())/runs, "cpu-ns/skill")
}

// BenchmarkLoadGenerated10k loads and checks 10,000 generated skills of
// all three formats from disk with LoadAll (one worker per CPU), as lint
// does (FindingsOnly). Target: under 1 s per op on a 2-core machine.
func BenchmarkLoadGenerated10k(b *testing.B) {
	dir := b.TempDir()
	if err := generateMixed(dir, 10_000); err != nil {
		b.Fatal(err)
	}
	base := model.Location{Source: dir, Root: dir, Local: true, FS: os.DirFS(dir)}
	b.ReportAllocs()
	skills := 0
	cpu0 := cputime.Process()
	for b.Loop() {
		skills = len(LoadAll(b.Context(), base, ".", model.Options{FindingsOnly: true}, nil).Skills)
	}
	if skills != 10_000 {
		b.Fatalf("%d skills, want 10000", skills)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*skills), "ns/skill")
	// CPU seconds per run: on an idle machine wall time is about this
	// divided by the cores LoadAll keeps busy.
	b.ReportMetric((cputime.Process()-cpu0).Seconds()/float64(b.N), "cpu-s/op")
}
