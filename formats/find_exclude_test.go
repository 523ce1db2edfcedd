package formats

import (
	"io/fs"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/skillstudio/skillstudio/internal/exclude"
	"github.com/skillstudio/skillstudio/model"
)

// openLog records every path opened in an FS, to show what a search
// touched.
type openLog struct {
	fs.FS
	opened []string
}

func (o *openLog) Open(name string) (fs.File, error) {
	o.opened = append(o.opened, name)
	return o.FS.Open(name)
}

func excludeSource(t *testing.T, fsys fs.FS, root string, patterns ...string) Source {
	t.Helper()
	var ps []exclude.Pattern
	for _, p := range patterns {
		ps = append(ps, exclude.Pattern{Glob: p, Dir: "/repo"})
	}
	set, err := exclude.New(ps)
	if err != nil {
		t.Fatal(err)
	}
	src := Source{Base: model.Location{Source: "/repo", Root: "/repo", Local: true, FS: fsys}, Root: root}
	if set != nil {
		src.Exclude = set
	}
	return src
}

func TestFindExclude(t *testing.T) {
	log := &openLog{FS: fstest.MapFS{
		"good/SKILL.md":                    file(skillMD),
		"fixtures/bad/SKILL.md":            file("no frontmatter"),
		"pkg/testdata/broken/SKILL.md":     file(skillMD),
		"scratch/idea.xgs.js":              file(xgsFile),
		"tools/a.xgs.js":                   file(xgsFile),
		"tools/b.draft.xgs.js":             file(xgsFile),
		"outer/SKILL.md":                   file(skillMD),
		"outer/fixtures/inner/SKILL.md":    file(skillMD), // nested in a skill
		"outer/references/inner2/SKILL.md": file(skillMD),
	}}
	src := excludeSource(t, log, ".", "fixtures/", "**/testdata/**", "scratch", "*.draft.xgs.js", "never/matches/**")
	got := candidates(Search(src, nil).Found)
	want := []string{"skillmd:good", "skillmd:outer", "skillmd:outer/references/inner2", "xgs:tools/a.xgs.js"}
	if !slices.Equal(got, want) {
		t.Errorf("with exclusions, found\n%v\nwant\n%v", got, want)
	}
	for _, p := range log.opened {
		for _, excluded := range []string{"fixtures", "testdata", "scratch"} {
			if strings.Contains(p, excluded) {
				t.Errorf("the search opened %s, inside an excluded folder", p)
			}
		}
	}
	// Without patterns (or a source that is not on disk) all is found.
	if n := len(Search(excludeSource(t, log, "."), nil).Found.Candidates); n != 9 {
		t.Errorf("without exclusions found %d skills, want 9", n)
	}
	remote := excludeSource(t, log, ".", "fixtures/")
	remote.Base.Local = false
	if n := len(Search(remote, nil).Found.Candidates); n != 9 {
		t.Errorf("a remote source found %d skills, want 9: patterns are about folders on disk", n)
	}
}

// A ! pattern re-includes what an earlier one left out, but not below a
// folder left out itself: that folder is never entered, as in git.
func TestFindExcludeNegation(t *testing.T) {
	log := &openLog{FS: fstest.MapFS{
		"fixtures/good/SKILL.md":  file(skillMD),
		"fixtures/bad/SKILL.md":   file("no frontmatter"),
		"tools/a.draft.xgs.js":    file(xgsFile),
		"tools/keep.draft.xgs.js": file(xgsFile),
	}}
	got := candidates(Search(excludeSource(t, log, ".", "fixtures/*", "!fixtures/good/", "*.draft.xgs.js", "!keep.draft.xgs.js"), nil).Found)
	if want := []string{"skillmd:fixtures/good", "xgs:tools/keep.draft.xgs.js"}; !slices.Equal(got, want) {
		t.Errorf("with re-includes, found %v, want %v", got, want)
	}
	// fixtures/** still matches the files inside good/, as in git: the
	// folder is back but its SKILL.md is not, until !fixtures/good/** too.
	got = candidates(Search(excludeSource(t, log, ".", "fixtures/**", "!fixtures/good/", "tools/"), nil).Found)
	if len(got) != 0 {
		t.Errorf("fixtures/** then !fixtures/good/ found %v, want nothing", got)
	}
	got = candidates(Search(excludeSource(t, log, ".", "fixtures/**", "!fixtures/good/", "!fixtures/good/**", "tools/"), nil).Found)
	if want := []string{"skillmd:fixtures/good"}; !slices.Equal(got, want) {
		t.Errorf("with !fixtures/good/** too, found %v, want %v", got, want)
	}
	log.opened = nil
	got = candidates(Search(excludeSource(t, log, ".", "fixtures/", "!fixtures/good/"), nil).Found)
	if want := []string{"xgs:tools/a.draft.xgs.js", "xgs:tools/keep.draft.xgs.js"}; !slices.Equal(got, want) {
		t.Errorf("below an excluded folder, found %v, want %v", got, want)
	}
	for _, p := range log.opened {
		if strings.HasPrefix(p, "fixtures/") {
			t.Errorf("the search opened %s, inside a folder left out", p)
		}
	}
}

// A pattern naming a skill's main file leaves its folder no skill.
func TestFindExcludeMainFile(t *testing.T) {
	fsys := fstest.MapFS{
		"a/SKILL.md":           file(skillMD),
		"wip/SKILL.md":         file(skillMD),
		"wip/inner/x.xgs.js":   file(xgsFile),
		"pkgs/p/manifest.json": file(manifest),
		"pkgs/p/module.ts":     file(moduleTS),
	}
	got := candidates(Search(excludeSource(t, fsys, ".", "wip/SKILL.md", "pkgs/p/manifest.json"), nil).Found)
	if want := []string{"skillmd:a", "xgs:wip/inner/x.xgs.js"}; !slices.Equal(got, want) {
		t.Errorf("found %v, want %v", got, want)
	}
}

// A path named as the root is searched even when a pattern matches it,
// as ruff does; the patterns still apply below it.
func TestFindExcludeExplicitRoot(t *testing.T) {
	fsys := fstest.MapFS{
		"fixtures/bad/SKILL.md":          file(skillMD),
		"fixtures/bad2/SKILL.md":         file(skillMD),
		"fixtures/bad2/scratch/SKILL.md": file(skillMD),
		"tools/b.draft.xgs.js":           file(xgsFile),
	}
	got := candidates(Search(excludeSource(t, fsys, "fixtures", "fixtures/", "scratch"), nil).Found)
	if want := []string{"skillmd:fixtures/bad", "skillmd:fixtures/bad2"}; !slices.Equal(got, want) {
		t.Errorf("lint fixtures found %v, want %v", got, want)
	}
	got = candidates(Search(excludeSource(t, fsys, "tools/b.draft.xgs.js", "*.draft.xgs.js"), nil).Found)
	if want := []string{"xgs:tools/b.draft.xgs.js"}; !slices.Equal(got, want) {
		t.Errorf("lint of an excluded file found %v, want %v", got, want)
	}
	got = candidates(Search(excludeSource(t, fsys, "fixtures/bad2", "scratch"), nil).Found)
	if want := []string{"skillmd:fixtures/bad2"}; !slices.Equal(got, want) {
		t.Errorf("a skill root found %v, want %v (its excluded nested skill left out)", got, want)
	}
}
