package config

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/skillstudio/skillstudio/internal/exclude"
	"github.com/skillstudio/skillstudio/internal/safefs"
	"github.com/skillstudio/skillstudio/model"
)

// nested finds the project files below the linted roots: each file is
// linted under the rules: of every .skillstudio.yaml between its folder
// and its root, the nearest deciding per rule (model.RuleConfig.Nested).
// Only folders that hold a finding are asked about, each once: one stat
// per folder, its answer and its whole chain cached. The search tells it
// (Folders) of the files it sees in the folders it lists, whose exclude:
// and profile: then apply below them; each file is read once for both.
type nested struct {
	roots []string // absolute folders; the lookup stops at the deepest holding a file
	skip  string   // the project file Load applied already
	known model.RuleSet

	mu     sync.Mutex
	chains map[string][]map[string]model.Severity // folder → its layers, nearest first
	cfgs   map[string]*Config                     // folder → its own file, nil for none
	files  []string                               // nested files read, in the order found
	notes  []NestedNote
	err    error
	fs     map[string]*safefs.FS // root → its files, links confined to it
}

// AlsoUnder adds linted roots besides the path Load was given (lint's
// other PATHs), so a config in their subfolders is read too.
func (c *Config) AlsoUnder(paths []string) {
	if c == nil || c.nested == nil {
		return
	}
	for _, p := range paths {
		if r, ok := rootOf(p); ok && !slices.Contains(c.nested.roots, r) {
			c.nested.roots = append(c.nested.roots, r)
		}
	}
}

// rootOf is the folder a linted path stands for: itself, or a file's
// folder; false for what is not on disk (a remote spec).
func rootOf(p string) (string, bool) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", false
	}
	info, err := os.Stat(abs)
	if err != nil {
		return "", false
	}
	if !info.IsDir() {
		abs = filepath.Dir(abs)
	}
	return abs, true
}

// NestedNote names a project file found below a linted root and the
// settings of it that do not apply there.
type NestedNote struct {
	File    string
	Ignored []string // "profile:", "exclude:", …
}

// NestedFiles are the configuration files found below the linted roots
// so far, and the first error reading one: lint asks after loading, and
// a bad file fails the run as a bad project file does.
func (c *Config) NestedFiles() (files []string, notes []NestedNote, err error) {
	if c == nil || c.nested == nil {
		return nil, nil, nil
	}
	n := c.nested
	n.mu.Lock()
	defer n.mu.Unlock()
	return slices.Clone(n.files), slices.Clone(n.notes), n.err
}

// layers is model.RuleConfig.Nested.
func (n *nested) layers(dir string) []map[string]model.Severity {
	root := n.rootFor(dir)
	if root == "" {
		return nil
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.chain(dir, root)
}

// chain is dir's layers under root; the caller holds n.mu.
func (n *nested) chain(dir, root string) []map[string]model.Severity {
	if ls, ok := n.chains[dir]; ok {
		return ls
	}
	var up []map[string]model.Severity
	if dir != root {
		if parent := filepath.Dir(dir); parent != dir {
			up = n.chain(parent, root)
		}
	}
	ls := up
	if c := n.read(dir, root); c != nil && c.Rules != nil {
		ls = append([]map[string]model.Severity{c.Rules}, up...)
	}
	if n.chains == nil {
		n.chains = map[string][]map[string]model.Severity{}
	}
	n.chains[dir] = ls
	return ls
}

// rootFor is the deepest linted root holding dir, or "".
func (n *nested) rootFor(dir string) string {
	root := ""
	for _, r := range n.roots {
		if len(r) > len(root) && inside(dir, r) {
			root = r
		}
	}
	return root
}

// read is dir's own project file, or nil; each folder is read once (the
// rules: lookup and the search share the answer). A file that fails to
// read is remembered (NestedFiles) and adds nothing. The caller holds
// n.mu.
//
// The file is opened inside root, as the skills beside it are: a nested
// file that is a link leading out of the linted folder is not read (the
// search names it, library/symlink-skipped). It was read, and a checkout
// linking it to a file of the machine's had that file's values quoted in
// the errors a CI log shows ("unknown agent "ghp_…"").
func (n *nested) read(dir, root string) *Config {
	if c, ok := n.cfgs[dir]; ok {
		return c
	}
	if n.cfgs == nil {
		n.cfgs = map[string]*Config{}
	}
	c := n.readFile(dir, root)
	n.cfgs[dir] = c
	return c
}

func (n *nested) readFile(dir, root string) *Config {
	p := filepath.Join(dir, ProjectFileName)
	if p == n.skip {
		return nil
	}
	rel, err := filepath.Rel(root, p)
	if err != nil {
		return nil
	}
	if n.fs == nil {
		n.fs = map[string]*safefs.FS{}
	}
	fsys := n.fs[root]
	if fsys == nil {
		fsys = safefs.Dir(root)
		n.fs[root] = fsys
	}
	rel = filepath.ToSlash(rel)
	if info, err := fsys.Stat(rel); err != nil || info.IsDir() {
		return nil
	}
	c, err := readIn(fsys, rel, p, n.known)
	if err != nil {
		n.fail(err)
		return nil
	}
	n.files = append(n.files, p)
	// rules: apply below the folder (chain), and so do exclude: and
	// profile: when the search asks (Below). What shapes the whole run
	// (sources, the studio's theme, the listing simulated over the whole
	// library) comes from the file found for the linted path: said, not
	// silently dropped (lint's stderr note, the studio's Lint tab).
	var ignored []string
	if len(c.Sources) > 0 {
		ignored = append(ignored, "sources:")
	}
	if c.Theme != "" {
		ignored = append(ignored, "theme:")
	}
	if c.Agents != nil {
		ignored = append(ignored, "agents:")
	}
	if c.Context != 0 {
		ignored = append(ignored, "context:")
	}
	if len(ignored) > 0 {
		n.notes = append(n.notes, NestedNote{File: p, Ignored: ignored})
	}
	return c
}

// fail remembers the first problem; the caller holds n.mu.
func (n *nested) fail(err error) {
	if n.err == nil {
		n.err = err
	}
}

// folders is model.FolderConfigs over the nested files: the search tells
// it of each folder whose listing holds a project file.
type folders struct {
	n           *nested
	keepProfile bool // --profile was given: it wins over every file
}

// Folders is what the search asks about the project files it finds below
// the linted roots, so their exclude: and profile: apply below their
// folders; nil with --config (nothing nested). keepProfile: a --profile
// flag wins over them, as it wins over the project file.
func (c *Config) Folders(keepProfile bool) model.FolderConfigs {
	if c == nil || c.nested == nil {
		return nil
	}
	return folders{n: c.nested, keepProfile: keepProfile}
}

// Below is model.FolderConfigs.Below: the file's exclude: patterns come
// after its parents' (relative to its folder, so they match only below
// it; the last match decides, so the nearer file wins, as a nested
// .gitignore does) and its profile: replaces theirs.
func (f folders) Below(dir string, parent model.Scope) model.Scope {
	n := f.n
	root := n.rootFor(dir)
	if root == "" {
		return parent
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	c := n.read(dir, root)
	if c == nil {
		return parent
	}
	out := parent
	if c.Profile != "" && !f.keepProfile {
		out.Profile = c.Profile
	}
	if len(c.Exclude) > 0 {
		var pats []exclude.Pattern
		switch p := parent.Exclude.(type) {
		case nil:
		case *exclude.Set:
			pats = p.Patterns()
		default: // not ours: both apply
			own, err := exclude.New(c.Exclude)
			if err != nil {
				n.fail(fmt.Errorf("config %s: exclude: with the files above it: %w", filepath.Join(dir, ProjectFileName), err))
				return out
			}
			out.Exclude = either{p, own}
			return out
		}
		set, err := exclude.New(append(slices.Clone(pats), c.Exclude...))
		if err != nil {
			n.fail(fmt.Errorf("config %s: exclude: with the files above it: %w", filepath.Join(dir, ProjectFileName), err))
			return out
		}
		out.Exclude = set
	}
	return out
}

// ListedWithout is model.FolderConfigs.ListedWithout: the search's
// listing of dir held no project file, which read would otherwise open
// the folder to find out. What read already knows stays.
func (f folders) ListedWithout(dir string) {
	n := f.n
	n.mu.Lock()
	defer n.mu.Unlock()
	if _, ok := n.cfgs[dir]; ok {
		return
	}
	if n.cfgs == nil {
		n.cfgs = map[string]*Config{}
	}
	n.cfgs[dir] = nil
}

// ProfileAt is the profile: of the nearest nested file between dir
// (absolute) and its linted root, or "": for what asks about one file
// outside a search (the editor's completion). Each folder is looked at
// once, as for rules:.
func (c *Config) ProfileAt(dir string) model.Profile {
	if c == nil || c.nested == nil {
		return ""
	}
	n := c.nested
	root := n.rootFor(dir)
	if root == "" {
		return ""
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	for d := dir; ; d = filepath.Dir(d) {
		if f := n.read(d, root); f != nil && f.Profile != "" {
			return f.Profile
		}
		if d == root || filepath.Dir(d) == d {
			return ""
		}
	}
}

// either excludes what either filter does.
type either struct{ a, b model.PathFilter }

func (e either) Excluded(abs string, dir bool) bool {
	return e.a.Excluded(abs, dir) || e.b.Excluded(abs, dir)
}

// inside reports whether dir is root or below it.
func inside(dir, root string) bool {
	return dir == root || strings.HasPrefix(dir, root) && (strings.HasSuffix(root, string(filepath.Separator)) || dir[len(root)] == filepath.Separator)
}

// readIn is ReadFile for a file of fsys (p is its OS path, for messages).
func readIn(fsys *safefs.FS, rel, p string, known model.RuleSet) (*Config, error) {
	f, err := fsys.Open(rel)
	if err != nil {
		return nil, fmt.Errorf("cannot read config %s: %w", p, safefs.Cause(err))
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("cannot read config %s: %w", p, err)
	}
	data, err := safefs.ReadSized(f, p, info.Size(), maxConfigBytes)
	if err != nil {
		return nil, fmt.Errorf("cannot read config %s: %w", p, safefs.Cause(err))
	}
	return Parse(p, data, known)
}
