package formats

import (
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/skillstudio/skillstudio/model"
)

// scope is what applies to the search below a folder: the project files
// between the root and it (model.FolderConfigs) may exclude more and set
// the profile the skills under them are read with.
type scope struct {
	// skip is the exclude check over FS paths, nil when nothing is
	// excluded (one nil check per entry).
	skip    func(p string, dir bool) bool
	profile model.Profile
	m       model.Scope
	// below is the scope under a folder holding a project file, nil
	// when no one asks (--config, the review, a remote source).
	below func(dir string, parent scope) scope
	// without tells the config of a folder listed with no project file
	// (set with below).
	without func(dir string)
	// rootName is the name of the folder the search starts in when the
	// root is the FS's own "." (a local source opened on that folder):
	// whether it is a skills folder decides what a template-named folder
	// right below it is (find_template.go).
	rootName string
	// templates: SKILL.md templates are searched as skills.
	templates bool
}

// enter is s for the folder dir listed as entries: a project file among
// them is the config's to read; without one the scope is s, found from
// the listing with no system call.
func (s scope) enter(dir string, entries []fs.DirEntry) scope {
	if s.below == nil {
		return s
	}
	otherSpelling := false
	for _, e := range entries {
		name := e.Name()
		if len(name) != len(model.ProjectFileName) || !strings.EqualFold(name, model.ProjectFileName) {
			continue
		}
		if name == model.ProjectFileName && !e.IsDir() {
			return s.below(dir, s)
		}
		// A folder by that name, or another spelling a file system that
		// ignores case opens as the project file: the config looks.
		otherSpelling = true
	}
	if !otherSpelling {
		s.without(dir)
	}
	return s
}

// scope is the search's scope at src's root.
func (src Source) scope() scope {
	local := src.Base.Local && src.Base.Root != ""
	skipOf := func(f model.PathFilter) func(string, bool) bool {
		if f == nil || !local {
			return nil
		}
		return func(p string, dir bool) bool {
			return f.Excluded(filepath.Join(src.Base.Root, filepath.FromSlash(p)), dir)
		}
	}
	sc := scope{skip: skipOf(src.Exclude), m: model.Scope{Exclude: src.Exclude}}
	sc.templates = src.KeepTemplates
	if local {
		sc.rootName = filepath.Base(filepath.Join(src.Base.Root, filepath.FromSlash(src.Root)))
	}
	if src.Folders != nil && local {
		folders := src.Folders
		sc.below = func(dir string, parent scope) scope {
			m := folders.Below(filepath.Join(src.Base.Root, filepath.FromSlash(dir)), parent.m)
			return scope{skip: skipOf(m.Exclude), profile: m.Profile, m: m, below: parent.below, without: parent.without}
		}
		sc.without = func(dir string) {
			folders.ListedWithout(filepath.Join(src.Base.Root, filepath.FromSlash(dir)))
		}
	}
	return sc
}
