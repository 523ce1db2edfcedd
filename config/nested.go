package config

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/skillstudio/skillstudio/internal/safefs"
	"github.com/skillstudio/skillstudio/model"
)

// nested finds the project files below the linted roots: each file is
// linted under the rules: of every .skillstudio.yaml between its folder
// and its root, the nearest deciding per rule (model.RuleConfig.Nested).
// Only folders that hold a finding are asked about, each once: one stat
// per folder, its answer and its whole chain cached.
type nested struct {
	roots []string // absolute folders; the lookup stops at the deepest holding a file
	skip  string   // the project file Load applied already
	known model.RuleSet

	mu     sync.Mutex
	chains map[string][]map[string]model.Severity // folder → its layers, nearest first
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
	root := ""
	for _, r := range n.roots {
		if len(r) > len(root) && inside(dir, r) {
			root = r
		}
	}
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
	if rules := n.read(dir, root); rules != nil {
		ls = append([]map[string]model.Severity{rules}, up...)
	}
	if n.chains == nil {
		n.chains = map[string][]map[string]model.Severity{}
	}
	n.chains[dir] = ls
	return ls
}

// read is dir's own project file's rules:, or nil. A file that fails to
// read is remembered (NestedFiles) and adds nothing.
//
// The file is opened inside root, as the skills beside it are: a nested
// file that is a link leading out of the linted folder is not read (the
// search names it, library/symlink-skipped). It was read, and a checkout
// linking it to a file of the machine's had that file's values quoted in
// the errors a CI log shows ("unknown agent "ghp_…"").
func (n *nested) read(dir, root string) map[string]model.Severity {
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
		if n.err == nil {
			n.err = err
		}
		return nil
	}
	n.files = append(n.files, p)
	// The settings that shape the whole run (what is searched, for which
	// agents, with which profile) come from the file found for the
	// linted path; here only rules: apply, since this file is read only
	// when a finding lands below it, after the search (exclude:) and the
	// readers (profile:, one per run in model.Options) are done. Said,
	// not silently dropped: lint's stderr note, the studio's Lint tab.
	var ignored []string
	if c.Profile != "" {
		ignored = append(ignored, "profile:")
	}
	if len(c.Exclude) > 0 {
		ignored = append(ignored, "exclude:")
	}
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
	if c.Rules == nil {
		return nil
	}
	return c.Rules
}

// inside reports whether dir is root or below it.
func inside(dir, root string) bool {
	return dir == root || strings.HasPrefix(dir, root) && (strings.HasSuffix(root, string(filepath.Separator)) || dir[len(root)] == filepath.Separator)
}

// readIn is ReadFile for a file of fsys (p is its OS path, for messages).
func readIn(fsys *safefs.FS, rel, p string, known model.RuleSet) (*Config, error) {
	f, err := fsys.Open(rel)
	if err != nil {
		return nil, fmt.Errorf("cannot read config %s: %w", p, unwrapPathError(err))
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("cannot read config %s: %w", p, err)
	}
	data, err := safefs.ReadSized(f, p, info.Size(), maxConfigBytes)
	if err != nil {
		return nil, fmt.Errorf("cannot read config %s: %w", p, unwrapPathError(err))
	}
	return Parse(p, data, known)
}
