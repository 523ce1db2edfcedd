package cli

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/skillstudio/skillstudio/fix"
	"github.com/skillstudio/skillstudio/internal/display"
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/sanitize"
)

// changedFiles is lint --changed: the files a change touches (pre-commit's
// filenames). The whole tree is still read, as library rules need every
// skill, but fixes are written only to these files and only the skills
// holding one are judged, as pre-commit's own hooks judge only the files
// they are passed.
type changedFiles struct {
	// files holds each file as named (absolute) and with symbolic links
	// resolved: skills are located by the first, fix edits by the second.
	files map[string]bool
	// dirs holds every folder above a changed file: a SKILL.md or OS Loop
	// skill is changed when its folder holds a changed file.
	dirs map[string]bool
	// xgsDirs holds the folders of .xgs.js skills that own a changed file
	// other than a skill (an imported helper, deleted or not): an .xgs.js
	// skill is one file, so only this walk ties a helper to it.
	xgsDirs map[string]bool
	// related is whether any changed file is one a reader reads or a
	// skill owns: without one there is nothing to judge and the tree is
	// not read (a commit of a repository's src/ alone).
	related bool
}

// newChangedFiles resolves names (from cwd) and finds each one's owner
// inside root, the tree read.
func newChangedFiles(names []string, cwd, root string) changedFiles {
	c := changedFiles{files: map[string]bool{}, dirs: map[string]bool{}, xgsDirs: map[string]bool{}}
	own := newOwners(absFrom(cwd, root))
	add := func(p string) {
		c.files[p] = true
		for d := filepath.Dir(p); !c.dirs[d]; d = filepath.Dir(d) {
			c.dirs[d] = true
			if filepath.Dir(d) == d {
				break
			}
		}
	}
	for _, n := range names {
		p := absFrom(cwd, n)
		add(p)
		if own.related(p) {
			c.related = true
			if d, k := own.of(p); k == xgsOwner && !strings.HasSuffix(p, ".xgs.js") {
				c.xgsDirs[d] = true
			}
		}
		if real, err := filepath.EvalSymlinks(p); err == nil && real != p {
			add(real)
		}
	}
	return c
}

// absFrom is p made absolute against cwd, cleaned.
func absFrom(cwd, p string) string {
	if !filepath.IsAbs(p) {
		p = filepath.Join(cwd, p)
	}
	return filepath.Clean(p)
}

// noteUnjudged says which named files lint --changed cannot judge, so a
// typo is not taken for a clean commit: one that is not there (a deleted
// file, which git diff --name-only lists too, has nothing to lint) and one
// outside the tree read, when a reader would read it (pre-commit passes
// the hooks every file of a commit: a src/ file outside --tree is not a
// typo).
func noteUnjudged(w io.Writer, names []string, tree, cwd string) {
	root := tree
	if !filepath.IsAbs(root) {
		root = filepath.Join(cwd, root)
	}
	root = filepath.Clean(root)
	for _, n := range names {
		p := n
		if !filepath.IsAbs(p) {
			p = filepath.Join(cwd, p)
		}
		p = filepath.Clean(p)
		var why string
		if rel, err := filepath.Rel(root, p); err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			if !readerName(p) && !strings.HasSuffix(p, ".md") {
				continue
			}
			why = "outside the tree read (--tree " + tree + ")"
		} else if _, err := os.Lstat(p); err != nil {
			why = "no such file (a deleted file has nothing to lint; the skill that held it is judged)"
		} else {
			continue
		}
		fmt.Fprintf(w, "%s: not judged: %s\n", sanitize.Line(n), why)
	}
}

// fix says whether every edit of f names a changed file: a fix is applied
// whole or not at all.
func (c changedFiles) fix(f fix.Fix) bool {
	for _, e := range f.Edits {
		if !c.files[e.Path] {
			return false
		}
	}
	return true
}

// skill says whether s holds a changed file: its main file, or for a
// folder format (SKILL.md, OS Loop) any file in its folder. An .xgs.js
// skill is its one file, and owns the other files of its folder (its
// helpers) only when no nearer skill folder does.
func (c changedFiles) skill(s *model.Skill) bool {
	l := s.Location
	if !l.Local || l.Root == "" {
		return false
	}
	if c.files[l.Path(l.File)] {
		return true
	}
	if s.Format == model.FormatXGS {
		return c.xgsDirs[l.Path(l.Dir)]
	}
	return c.dirs[l.Path(l.Dir)]
}

// scope is lib with only the changed skills and the library findings on
// a changed file (an index.json in the change), and how many of the
// findings it left out are at failOn or above: those would fail a lint
// of the whole tree.
func (c changedFiles) scope(lib *model.Library, failOn model.Severity) (out *model.Library, left int) {
	out = &model.Library{}
	count := func(ds []model.Diagnostic) {
		for _, d := range ds {
			if d.Severity >= failOn {
				left++
			}
		}
	}
	for _, s := range lib.Skills {
		if c.skill(s) {
			out.Skills = append(out.Skills, s)
		} else {
			count(s.Diagnostics)
		}
	}
	for _, d := range lib.Diagnostics {
		if c.files[filepath.Clean(d.File)] {
			out.Diagnostics = append(out.Diagnostics, d)
		} else {
			count([]model.Diagnostic{d})
		}
	}
	return out, left
}

// noteUnchangedFixes names, on w, the fixes of changed skills that --fix
// left alone because an edit falls outside the changed files (a passed
// reference file whose skill's SKILL.md is not in the commit).
func (c changedFiles) noteUnchangedFixes(lib *model.Library, w io.Writer, cwd string) {
	for _, f := range fix.Collect(lib) {
		if !c.fix(f) {
			fmt.Fprintf(w, "not fixed %s:%d: %s: the fix edits a file not among the changed files (lint --fix without --changed applies it)\n",
				sanitize.Line(display.Path(cwd, f.File)), f.Diag.Line, f.Diag.Rule)
		}
	}
}
