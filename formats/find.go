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
	// listed holds the folders the search listed inside the skill, for its
	// reader (see listedFS); only on what FindFunc emits, never in Found.
	listed *listings
	// noModule: the listing of an .xgs.js file's folder has no module.ts,
	// which applying suppressions would look for (Skill.Unmarked); like
	// listed, only on what FindFunc emits.
	noModule bool
	// profile is the one a project file between the root and the skill
	// sets (model.FolderConfigs), "" for the run's: the search found it,
	// so the reader needs no second look.
	profile model.Profile
}

// Alias is a symlink at Link to the folder searched at Target.
type Alias struct{ Link, Target string }

// AliasesOf are the folders dir is also reached through: for each alias
// whose target is dir or a folder above it, the same path under the link.
func AliasesOf(dir string, aliases []Alias) []string {
	var out []string
	for _, a := range aliases {
		switch {
		case a.Target == dir:
			out = append(out, a.Link)
		case a.Target == ".":
			out = append(out, path.Join(a.Link, dir))
		case strings.HasPrefix(dir, a.Target+"/"):
			out = append(out, a.Link+dir[len(a.Target):])
		}
	}
	return out
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
	// Aliases are the symlinks that lead to a folder already searched
	// (.claude/skills -> ../.agents/skills): skipped, since the skills
	// there are read once at their real path, but an agent reading the
	// link's folder loads them (model.Location.Aliases).
	Aliases []Alias
	// Listed holds the folders the search listed, each with whether its
	// listing has a .claude-plugin entry. The plugin check looks at every
	// folder that has one, skills or not, and opens a manifest above a
	// skill only where the search saw one could be (a folder missing here,
	// such as one inside a skill folder, is probed): at 10,000 skills,
	// probing every folder was 7,700 failed opens.
	Listed map[string]bool
}

// noteListed records that the search listed dir.
func (f *Found) noteListed(dir string, entries []fs.DirEntry) {
	if f.Listed == nil {
		f.Listed = map[string]bool{}
	}
	has := false
	for _, e := range entries {
		if e.Name() == pluginMetaDir {
			has = true
			break
		}
	}
	f.Listed[dir] = has
}

// skippedDirs are never searched: dependencies, VCS data and build output
// (which holds copies of the skills it was built from).
var skippedDirs = map[string]bool{".git": true, "node_modules": true, "dist": true, ".hg": true, ".svn": true}

// maxDepth bounds the search so a pathological tree cannot hang it.
const maxDepth = 32

// maxSearchFolders bounds the folders one search lists: far more than any
// library (a big monorepo has a few thousand outside node_modules), and
// what a home folder or / would otherwise have walked whole. A variable
// for the tests.
var maxSearchFolders = 50_000

// searchLooksAt reports whether the search reads or names skills by the
// file p: what makes a folder a skill or a repository (the names Detect,
// detectDir and findWith decide by; keep them together).
func searchLooksAt(p string) bool {
	base := path.Base(p)
	for _, name := range []string{"SKILL.md", "manifest.json", "module.ts", "index.json"} {
		if strings.EqualFold(base, name) {
			return true
		}
	}
	return strings.HasSuffix(strings.ToLower(base), ".xgs.js")
}

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

// detectListed is detectDir for a folder the search has just listed:
// the listing answers what a Stat per file name would.
func detectListed(fsys fs.FS, p string, entries []fs.DirEntry) (Candidate, bool) {
	has := func(name string) bool { return listedFile(fsys, p, entries, name) }
	if has("SKILL.md") || has("skill.md") {
		return Candidate{Format: model.FormatSkillMD, Path: p}, true
	}
	if has("manifest.json") && (has("module.ts") && !foreignManifest(fsys, p) || osloopManifest(fsys, p)) {
		return Candidate{Format: model.FormatOSLoop, Path: p}, true
	}
	return Candidate{}, false
}

// listedFile says whether folder dir, listed as entries, holds a file
// name, as hasFile would: a symlink is followed, and an entry that
// matches only by case is asked of the file system (which may not care).
func listedFile(fsys fs.FS, dir string, entries []fs.DirEntry, name string) bool {
	for _, e := range entries {
		switch {
		case e.Name() == name:
			if e.Type().IsRegular() {
				return true
			}
			if e.IsDir() {
				return false
			}
			return hasFile(fsys, dir, name) // a symlink: where does it lead?
		case strings.EqualFold(e.Name(), name):
			return hasFile(fsys, dir, name)
		}
	}
	return false
}

func hasFile(fsys fs.FS, dir, name string) bool {
	info, err := fs.Stat(fsys, path.Join(dir, name))
	return err == nil && !info.IsDir()
}

// isOSLoopDir: manifest.json beside module.ts, unless the manifest is
// plainly another format's, or a manifest.json that names OS Loop fields
// (an older package without its module).
func isOSLoopDir(fsys fs.FS, dir string) bool {
	if !hasFile(fsys, dir, "manifest.json") {
		return false
	}
	if hasFile(fsys, dir, "module.ts") && !foreignManifest(fsys, dir) {
		return true
	}
	return osloopManifest(fsys, dir)
}

// manifestHead is the first 64 KiB of dir's manifest.json (nil when it
// cannot be read): enough to tell whose manifest it is.
func manifestHead(fsys fs.FS, dir string) []byte {
	f, err := fsys.Open(path.Join(dir, "manifest.json"))
	if err != nil {
		return nil
	}
	defer f.Close()
	head := make([]byte, 64<<10)
	n, _ := f.Read(head)
	return head[:n]
}

// osloopManifest: dir's manifest.json names OS Loop fields.
func osloopManifest(fsys fs.FS, dir string) bool {
	head := manifestHead(fsys, dir)
	return bytes.Contains(head, []byte(`"schemaVersion"`)) || bytes.Contains(head, []byte(`"executionMode"`))
}

// foreignMarkers are fields that only other manifest.json formats have: a
// browser extension's manifest_version (developer.chrome.com and MDN
// WebExtensions), a web app manifest's start_url and short_name (W3C
// Web Application Manifest). A TypeScript project keeps a module.ts
// beside such a manifest as readily as an OS Loop package does.
var foreignMarkers = [][]byte{[]byte(`"manifest_version"`), []byte(`"start_url"`), []byte(`"short_name"`)}

// foreignManifest: dir's manifest.json names a field of another format
// and none of OS Loop's, so a module.ts beside it does not make the folder
// an OS Loop package (which would be reported as missing every required
// field). A manifest with no telling field at all, a package being
// written, is still OS Loop's.
func foreignManifest(fsys fs.FS, dir string) bool {
	head := manifestHead(fsys, dir)
	if bytes.Contains(head, []byte(`"schemaVersion"`)) || bytes.Contains(head, []byte(`"executionMode"`)) {
		return false
	}
	for _, m := range foreignMarkers {
		if bytes.Contains(head, m) {
			return true
		}
	}
	return false
}

// Find searches root (a folder or a single skill file) for skills. Skill
// folders are not searched further; symlinked folders are followed once.
func Find(fsys fs.FS, root string) Found { return FindFunc(fsys, root, nil) }

// FindFunc is Find that also hands each candidate to emit as soon as it is
// found (in search order, before the sort), so reading can start while the
// search runs; emit returning false stops the search (what was found so far
// is returned).
func FindFunc(fsys fs.FS, root string, emit func(Candidate) bool) Found {
	return findWith(fsys, root, emit, nil, scope{})
}

// findWith is FindFunc that also hands left(index, packages) each OS Loop
// repository as soon as the search leaves its folder, with the number of
// its packages, every one of them already given to emit. A repository
// with a symlinked folder in it is not handed over (the links are
// followed after the whole search); nor is one searched as a single
// skill. Found.Repositories has them all the same. top.skip, when not
// nil, leaves out the files and folders below root it says are excluded:
// a folder is not entered, a file not looked at; a folder whose listing
// holds a project file gets the scope top.below gives it, for everything
// below it.
func findWith(fsys fs.FS, root string, emit func(Candidate) bool, left func(index string, packages int), top scope) Found {
	var f Found
	stopped := false
	add := func(cs ...Candidate) {
		for _, c := range cs {
			if emit != nil && !stopped && !emit(c) {
				stopped = true
			}
			c.listed, c.noModule = nil, false // the reader has them; Found outlives the reads
			f.Candidates = append(f.Candidates, c)
		}
	}
	if c, ok := Detect(fsys, root); ok {
		sc := top
		if sc.below != nil && c.Path == root && c.Format != model.FormatXGS && hasFile(fsys, root, model.ProjectFileName) {
			// A skill folder named as a PATH beside the first: its own
			// file (the first's is the one Load read, which Below skips).
			sc = sc.below(root, sc)
		}
		c.profile = sc.profile
		add(c)
		nested, stop := nestedSkills(fsys, c, 0, sc)
		add(nested...)
		f.Problems = append(f.Problems, stop...)
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
	firstPath := map[dirKey]string{} // where each folder was searched
	// Symlinked folders are followed after every real folder has been
	// searched, so a skill reached both directly and through an alias
	// (.agents/skills -> ../skills) is reported at its real path; an alias
	// of a folder already searched is skipped quietly, and only a link
	// back to one of its own parents is a loop.
	type link struct {
		p     string
		depth int
		sc    scope
	}
	var deferred []link
	following := false
	var walk func(dir string, entries []fs.DirEntry, depth int, sc scope)
	folders := 0
	full := false // maxSearchFolders listed
	visitDir := func(p string, isLink bool, depth int, sc scope) (osloop bool) {
		if folders == maxSearchFolders {
			if !full {
				full = true
				f.Problems = append(f.Problems, findRules.New("library/skipped-folder", p, 0, 0,
					fmt.Sprintf("the search stopped after %d folders, at %s: skills in it and in the folders after it are not checked", maxSearchFolders, p),
					"Lint a narrower folder: the one holding your skills, not a home folder or the file system's root."))
			}
			return false
		}
		folders++
		// One open lists the folder and says which folder it is.
		entries, info, err := listDir(fsys, p)
		if err != nil {
			if depth+1 <= maxDepth {
				f.Problems = append(f.Problems, findRules.New("library/unreadable", p, 0, 0, err.Error(), "Check the folder's permissions."))
			}
			return false
		}
		f.noteListed(p, entries)
		k := keyOfInfo(info, p)
		if seen[k] {
			if isLink && leadsToParent(fsys, root, p, k) {
				f.Problems = append(f.Problems, findRules.New("library/symlink-loop", p, 0, 0,
					fmt.Sprintf("%s leads back to a folder it is inside; not followed", p),
					"Remove the symlink or point it outside the library."))
			} else if isLink && firstPath[k] != "" {
				f.Aliases = append(f.Aliases, Alias{Link: p, Target: firstPath[k]})
			}
			return false
		}
		seen[k] = true
		firstPath[k] = p
		sc = sc.enter(p, entries)
		if c, ok := detectListed(fsys, p, entries); ok && (sc.skip == nil || !mainFileExcluded(c, sc.skip)) {
			if c.Format == model.FormatSkillMD && !top.templates && templatePath(root, top.rootName, p) {
				rule, msg, hint := templateFinding(p)
				f.Problems = append(f.Problems, findRules.New(rule, path.Join(p, "SKILL.md"), 0, 0, msg, hint))
				return false // a template's folder is not searched further, as a skill's is not
			}
			var listed listings
			if emit != nil && !isLink {
				listed = listings{p: {entries: entries, info: info}}
				c.listed = &listed
			}
			c.profile = sc.profile
			nested, stop := nestedSkillsListed(fsys, c, depth+1, entries, listed, sc)
			add(c)
			add(nested...)
			f.Problems = append(f.Problems, stop...)
			return c.Format == model.FormatOSLoop
		}
		walk(p, entries, depth+1, sc)
		return false
	}
	tooDeepReported := false
	walk = func(dir string, entries []fs.DirEntry, depth int, sc scope) {
		skip := sc.skip
		if depth > maxDepth && !tooDeepReported && len(entries) > 0 && !stopped {
			// Not in silence: the first folder past the limit is named.
			tooDeepReported = true
			f.Problems = append(f.Problems, findRules.New("library/skipped-folder", dir, 0, 0,
				fmt.Sprintf("%s is more than %d folders deep; the search goes no deeper, so skills under it are not checked", dir, maxDepth),
				"Lint that folder itself, or move the skills nearer the top."))
		}
		if depth > maxDepth || stopped {
			return
		}
		hasIndex, hasModule := false, false
		for _, e := range entries {
			if e.Name() == "index.json" && !e.IsDir() {
				hasIndex = true
			}
			if strings.EqualFold(e.Name(), "module.ts") {
				hasModule = true // or may be, on a file system that ignores case
			}
		}
		packages, linked := 0, false
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
					if skip != nil && (skip(p, false) || skip(p, true)) {
						continue
					}
					rule, msg, hint := skippedLink(fsys, p, err)
					f.Problems = append(f.Problems, findRules.New(rule, p, 0, 0, msg, hint))
					continue
				}
				isDir = target.IsDir()
			}
			if skip != nil && skip(p, isDir) {
				continue
			}
			if !isDir {
				if strings.HasSuffix(name, ".xgs.js") {
					add(Candidate{Format: model.FormatXGS, Path: p, noModule: !hasModule, profile: sc.profile})
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
				deferred = append(deferred, link{p, depth, sc})
				linked = true
				continue
			}
			if visitDir(p, isLink, depth, sc) {
				packages++
			}
		}
		if hasIndex && packages > 0 {
			index := path.Join(dir, "index.json")
			f.Repositories = append(f.Repositories, Repository{Index: index})
			if left != nil && !linked && !stopped {
				left(index, packages)
			}
		}
	}
	entries, rootInfo, err := listDir(fsys, root)
	if err != nil {
		f.Problems = append(f.Problems, findRules.New("library/unreadable", root, 0, 0, err.Error(), "Check the folder's permissions."))
		return f
	}
	seen[keyOfInfo(rootInfo, root)] = true
	firstPath[keyOfInfo(rootInfo, root)] = root
	f.noteListed(root, entries)
	walk(root, entries, 0, top.enter(root, entries))
	following = true
	for _, l := range deferred {
		visitDir(l.p, true, l.depth, l.sc)
	}
	sort.SliceStable(f.Candidates, func(i, j int) bool { return f.Candidates[i].Path < f.Candidates[j].Path })
	return f
}

// mainFileExcluded: a pattern names the skill folder's SKILL.md or
// manifest.json, which leaves the folder no skill (it is searched as a
// plain folder), as if the file were not there.
func mainFileExcluded(c Candidate, skip func(string, bool) bool) bool {
	switch c.Format {
	case model.FormatSkillMD:
		return skip(path.Join(c.Path, "SKILL.md"), false) || skip(path.Join(c.Path, "skill.md"), false)
	case model.FormatOSLoop:
		return skip(path.Join(c.Path, "manifest.json"), false)
	}
	return false
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
	return keyOfInfo(info, p), true
}

func keyOfInfo(info fs.FileInfo, p string) dirKey {
	if dev, ino, ok := inode(info); ok {
		return dirKey{dev: dev, ino: ino}
	}
	return dirKey{path: p}
}
