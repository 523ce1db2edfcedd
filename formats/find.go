// Package formats reads skills of every format over an fs.FS, so a local
// folder, a remote tree and the embedded examples share one code path.
package formats

import (
	"bytes"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
	"syscall"

	"github.com/skillstudio/skillstudio/model"
)

// Candidate is something Find recognised as a skill, not yet read.
type Candidate struct {
	Format model.Format
	// Path is what the format's Load takes: the .xgs.js file, or the folder.
	Path string
	// Within is the SKILL.md folder this one sits inside ("" when it is
	// not nested): it is linted as a skill and Load says why it is special.
	Within string
}

// Repository is an OS Loop index.json found while searching.
type Repository struct {
	Index string // FS path of index.json
}

// Found is what Find saw under a root.
type Found struct {
	Candidates   []Candidate
	Repositories []Repository
	// Problems are folders that could not be read or symlink loops.
	Problems []model.Diagnostic
}

// skippedDirs are never searched: dependencies, VCS data and build output
// (which holds copies of the skills it was built from).
var skippedDirs = map[string]bool{".git": true, "node_modules": true, "dist": true, ".hg": true, ".svn": true}

// maxDepth bounds the search so a pathological tree cannot hang it.
const maxDepth = 32

// Detect says what p (a file or folder in fsys) is, if it is a skill.
func Detect(fsys fs.FS, p string) (Candidate, bool) {
	info, err := fs.Stat(fsys, p)
	if err != nil {
		return Candidate{}, false
	}
	if !info.IsDir() {
		base := path.Base(p)
		switch {
		case strings.HasSuffix(base, ".xgs.js"):
			return Candidate{Format: model.FormatXGS, Path: p}, true
		case strings.EqualFold(base, "SKILL.md"):
			return Candidate{Format: model.FormatSkillMD, Path: path.Dir(p)}, true
		case base == "manifest.json" || base == "module.ts":
			if isOSLoopDir(fsys, path.Dir(p)) {
				return Candidate{Format: model.FormatOSLoop, Path: path.Dir(p)}, true
			}
		}
		return Candidate{}, false
	}
	return detectDir(fsys, p)
}

// detectDir is Detect for a path known to be a folder (the search has
// just listed it as one), without a Stat to find that out again.
func detectDir(fsys fs.FS, p string) (Candidate, bool) {
	if hasFile(fsys, p, "SKILL.md") || hasFile(fsys, p, "skill.md") {
		return Candidate{Format: model.FormatSkillMD, Path: p}, true
	}
	if isOSLoopDir(fsys, p) {
		return Candidate{Format: model.FormatOSLoop, Path: p}, true
	}
	return Candidate{}, false
}

func hasFile(fsys fs.FS, dir, name string) bool {
	info, err := fs.Stat(fsys, path.Join(dir, name))
	return err == nil && !info.IsDir()
}

// isOSLoopDir: manifest.json beside module.ts, or a manifest.json that
// names OS Loop fields (an older package without its module). A browser
// extension's manifest.json has neither.
func isOSLoopDir(fsys fs.FS, dir string) bool {
	if !hasFile(fsys, dir, "manifest.json") {
		return false
	}
	if hasFile(fsys, dir, "module.ts") {
		return true
	}
	f, err := fsys.Open(path.Join(dir, "manifest.json"))
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, 64<<10)
	n, _ := f.Read(head)
	head = head[:n]
	return bytes.Contains(head, []byte(`"schemaVersion"`)) || bytes.Contains(head, []byte(`"executionMode"`))
}

// Find searches root (a folder or a single skill file) for skills. Skill
// folders are not searched further; symlinked folders are followed once.
func Find(fsys fs.FS, root string) Found { return FindFunc(fsys, root, nil) }

// FindFunc is Find that also hands each candidate to emit as soon as it is
// found (in search order, before the sort), so reading can start while the
// search runs; emit returning false stops the search (what was found so far
// is returned).
func FindFunc(fsys fs.FS, root string, emit func(Candidate) bool) Found {
	var f Found
	stopped := false
	add := func(cs ...Candidate) {
		for _, c := range cs {
			f.Candidates = append(f.Candidates, c)
			if emit != nil && !stopped && !emit(c) {
				stopped = true
			}
		}
	}
	if c, ok := Detect(fsys, root); ok {
		add(c)
		add(nestedSkills(fsys, c, 0)...)
		if c.Format == model.FormatOSLoop {
			if idx := path.Join(path.Dir(c.Path), "index.json"); hasFile(fsys, path.Dir(c.Path), "index.json") {
				f.Repositories = append(f.Repositories, Repository{Index: idx})
			}
		}
		return f
	}
	info, err := fs.Stat(fsys, root)
	if err != nil {
		f.Problems = append(f.Problems, findRules.New("library/unreadable", root, 0, 0, err.Error(), "Check that the path exists and is readable."))
		return f
	}
	if !info.IsDir() {
		return f
	}
	seen := map[dirKey]bool{}
	// Symlinked folders are followed after every real folder has been
	// searched, so a skill reached both directly and through an alias
	// (.agents/skills -> ../skills) is reported at its real path; an alias
	// of a folder already searched is skipped quietly, and only a link
	// back to one of its own parents is a loop.
	type link struct {
		p     string
		depth int
	}
	var deferred []link
	following := false
	var walk func(dir string, depth int)
	visitDir := func(p string, isLink bool, depth int) (osloop bool) {
		if k, ok := keyOf(fsys, p); ok {
			if seen[k] {
				if isLink && leadsToParent(fsys, root, p, k) {
					f.Problems = append(f.Problems, findRules.New("library/symlink-loop", p, 0, 0,
						fmt.Sprintf("%s leads back to a folder it is inside; not followed", p),
						"Remove the symlink or point it outside the library."))
				}
				return false
			}
			seen[k] = true
		}
		if c, ok := detectDir(fsys, p); ok {
			add(c)
			add(nestedSkills(fsys, c, depth+1)...)
			return c.Format == model.FormatOSLoop
		}
		walk(p, depth+1)
		return false
	}
	walk = func(dir string, depth int) {
		if depth > maxDepth || stopped {
			return
		}
		entries, err := fs.ReadDir(fsys, dir)
		if err != nil {
			f.Problems = append(f.Problems, findRules.New("library/unreadable", dir, 0, 0, err.Error(), "Check the folder's permissions."))
			return
		}
		hasIndex := false
		for _, e := range entries {
			if e.Name() == "index.json" && !e.IsDir() {
				hasIndex = true
			}
		}
		sawOSLoop := false
		for _, e := range entries {
			if stopped {
				return
			}
			name := e.Name()
			p := path.Join(dir, name)
			isDir := e.IsDir()
			if e.Type()&fs.ModeSymlink != 0 {
				target, err := fs.Stat(fsys, p)
				if err != nil {
					rule, msg, hint := skippedLink(fsys, p, err)
					f.Problems = append(f.Problems, findRules.New(rule, p, 0, 0, msg, hint))
					continue
				}
				isDir = target.IsDir()
			}
			if !isDir {
				if strings.HasSuffix(name, ".xgs.js") {
					add(Candidate{Format: model.FormatXGS, Path: p})
				}
				continue
			}
			if skippedDirs[name] {
				if name == "node_modules" || name == "dist" {
					if first, ok := skillsInSkipped(fsys, p); ok {
						rule, msg, hint := skippedFolderFinding(p, first)
						f.Problems = append(f.Problems, findRules.New(rule, p, 0, 0, msg, hint))
					}
				}
				continue
			}
			isLink := e.Type()&fs.ModeSymlink != 0
			if isLink && !following {
				deferred = append(deferred, link{p, depth})
				continue
			}
			if visitDir(p, isLink, depth) {
				sawOSLoop = true
			}
		}
		if hasIndex && sawOSLoop {
			f.Repositories = append(f.Repositories, Repository{Index: path.Join(dir, "index.json")})
		}
	}
	if k, ok := keyOf(fsys, root); ok {
		seen[k] = true
	}
	walk(root, 0)
	following = true
	for _, l := range deferred {
		visitDir(l.p, true, l.depth)
	}
	sort.SliceStable(f.Candidates, func(i, j int) bool { return f.Candidates[i].Path < f.Candidates[j].Path })
	return f
}

// leadsToParent says whether the folder a symlink at p leads to (key k)
// is one of p's own parents up to root: following it would loop.
func leadsToParent(fsys fs.FS, root, p string, k dirKey) bool {
	for d := path.Dir(p); ; d = path.Dir(d) {
		if dk, ok := keyOf(fsys, d); ok && dk == k {
			return true
		}
		if d == root || d == "." || d == "/" {
			return false
		}
	}
}

// dirKey identifies a folder on disk (device + inode) so symlink loops are
// caught; on an FS without inodes (embed, remote) the path is the key.
type dirKey struct {
	dev, ino uint64
	path     string
}

func keyOf(fsys fs.FS, p string) (dirKey, bool) {
	info, err := fs.Stat(fsys, p)
	if err != nil {
		return dirKey{}, false
	}
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		return dirKey{dev: uint64(st.Dev), ino: st.Ino}, true
	}
	return dirKey{path: p}, true
}
