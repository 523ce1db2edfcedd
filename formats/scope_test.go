package formats

import (
	"path/filepath"
	"slices"
	"testing"
	"testing/fstest"

	"github.com/skillstudio/skillstudio/model"
)

// folderLog is a model.FolderConfigs that records what the search tells it.
type folderLog struct{ below, without []string }

func (f *folderLog) Below(dir string, parent model.Scope) model.Scope {
	f.below = append(f.below, dir)
	return parent
}

func (f *folderLog) ListedWithout(dir string) { f.without = append(f.without, dir) }

// TestSearchTellsFoldersListedWithoutAProjectFile: every folder the
// search lists (a skill's inner folders too) either holds the project
// file (Below) or is reported without one, so the rules: lookup for its
// findings opens nothing; a folder holding another spelling of the name
// or a folder by that name is reported neither way (the config looks).
func TestSearchTellsFoldersListedWithoutAProjectFile(t *testing.T) {
	pf := model.ProjectFileName
	fsys := fstest.MapFS{
		"a/SKILL.md":                    file(skillMD),
		"a/references/notes.md":         file("x"),
		"team/" + pf:                    file("rules: {}\n"),
		"team/b/SKILL.md":               file(skillMD),
		"folded/.SkillStudio.yaml":      file("rules: {}\n"),
		"folded/c/SKILL.md":             file(skillMD),
		"named/" + pf + "/README":       file("x"),
		"named/d/SKILL.md":              file(skillMD),
		"repo/skills/index.json":        file("[]"),
		"repo/skills/pkg/module.ts":     file(moduleTS),
		"repo/skills/pkg/manifest.json": file(manifest),
	}
	root := filepath.FromSlash("/lib")
	log := &folderLog{}
	src := Source{Base: model.Location{Source: root, Root: root, Local: true, FS: fsys}, Root: ".", Folders: log}
	Search(src, nil)
	abs := func(rel ...string) []string {
		out := make([]string, len(rel))
		for i, r := range rel {
			out[i] = filepath.Join(root, filepath.FromSlash(r))
		}
		slices.Sort(out)
		return out
	}
	slices.Sort(log.below)
	slices.Sort(log.without)
	if want := abs("team"); !slices.Equal(log.below, want) {
		t.Errorf("Below asked for %v, want %v", log.below, want)
	}
	want := abs(".", "a", "a/references", "team/b", "folded/c", "named/d", "named/"+pf, "repo", "repo/skills", "repo/skills/pkg")
	if !slices.Equal(log.without, want) {
		t.Errorf("told listed without a project file:\n%v\nwant\n%v", log.without, want)
	}
}
