// Package config reads skillstudio's configuration: a user file at
// $XDG_CONFIG_HOME/skillstudio/config.yaml (default ~/.config/…) and a
// project file .skillstudio.yaml found by walking up from the first path a
// command is given. The project file wins over the user file, key by key.
//
//	profile: claude-code          # which frontmatter fields count as known
//	rules:                        # rule id or prefix ending in "/" → severity
//	  skillmd/: warning
//	  library/duplicate-name: off
//	sources:                      # extra skill sources (folders, URLs)
//	  - ~/skills
//	theme: dark                   # the studio's colours
//	agents: [claude-code, codex]  # whose skill listing lint simulates
//	context: 200k                 # the model's context window in tokens
//	exclude:                      # paths the search leaves out (gitignore-like,
//	  - fixtures/                 # relative to this file's folder; project files only)
//
// A .skillstudio.yaml in a folder below the linted path adds its rules:
// to the files under it, and its exclude: and profile: apply below it
// when the search finds it (Folders); --config turns that off (nested.go).
//
// Unknown keys, rule ids and values are errors that name file:line:col, so
// a typo never silently changes what lint reports.
package config

import (
	"fmt"
	"github.com/skillstudio/skillstudio/internal/safefs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/skillstudio/skillstudio/internal/exclude"
	"github.com/skillstudio/skillstudio/internal/sourcespec"
	"github.com/skillstudio/skillstudio/internal/sourcetrust"
	"github.com/skillstudio/skillstudio/model"
)

// ProjectFileName is the project configuration file looked for in a path's
// folder and every folder above it.
const ProjectFileName = model.ProjectFileName

// Config is the merged configuration. Zero values mean "not set".
type Config struct {
	// Profile decides which frontmatter fields count as known; "" leaves it
	// to the command (whose default is model.ProfileAll).
	Profile model.Profile
	// Rules maps a rule id, or a prefix ending in "/", to a severity.
	Rules map[string]model.Severity
	// Sources are extra skill sources in the same syntax as a SOURCE
	// argument; they are exposed here and opened by registry. They are the
	// user's own (their config file, or a file named with --config).
	Sources []string
	// Pending are the sources: of a project file found by walking up from
	// the path given: they came with the checkout, so they are not in
	// Sources until the user trusts them (AllowPending).
	Pending *ProjectSources
	// Theme names the studio's colour theme (for example dark or light).
	Theme string
	// Agents are the agents whose skill listing the library checks
	// simulate (listing profile ids, "all" or "none"); nil leaves it to
	// the command. Context is the model's context window in tokens (0:
	// the command's default).
	Agents  []string
	Context int
	// Exclude are the paths searches leave out, each pattern with the
	// folder it is relative to (its config file's).
	Exclude []exclude.Pattern
	// excludeAt is where exclude: was set, for the error when a user
	// file sets it.
	excludeLine, excludeCol int
	// LinkedOut is the project file found that was not read, as it is a
	// link leading outside its checkout (nil when none): commands say so
	// with its Note.
	LinkedOut *LinkedOut
	// Files lists the configuration files read, lowest precedence first.
	Files []string
	// found is the project file Load found by walking up from the path
	// given (not one named with --config), and userRules the rules set
	// before it: see ReviewFormats.
	found     *Config
	userRules map[string]model.Severity
	known     model.RuleSet
	// nested reads the project files below the linted path (nil with
	// --config, which names the one file to apply, as eslint's -c and
	// ruff's --config do).
	nested *nested
	// digest is the SHA-256 of the bytes this file was parsed from.
	digest string
	// written are Sources as the file spells them (ReadFile resolves
	// relative folders).
	written []string
}

// ProjectSources are a found project file's sources: waiting for consent.
type ProjectSources struct {
	// File is the project file's absolute path; Digest the SHA-256 (hex)
	// of the bytes read, so consent is for exactly what was parsed.
	File, Digest string
	// Sources are the entries not already among the user's own, relative
	// folders resolved against File's folder; Written are the same
	// entries as the file spells them (../other), for the prompt.
	Sources, Written []string
}

// AllowPending adds the pending sources to Sources (consent was given).
func (c *Config) AllowPending() {
	if c.Pending == nil {
		return
	}
	c.Merge(&Config{Sources: c.Pending.Sources})
	c.Pending = nil
}

// Formats returns the rule configuration the readers (package formats)
// apply, or nil when no rule is configured.
func (c *Config) Formats() *model.RuleConfig {
	if c == nil || len(c.Rules) == 0 && c.nested == nil {
		return nil
	}
	rc := &model.RuleConfig{Rules: maps.Clone(c.Rules)}
	rc.Nested = c.nestedLayers()
	return rc
}

// Merge lays o over c: o's profile and theme win when set, o's rules win
// key by key, and o's sources are added after c's (without repeats).
func (c *Config) Merge(o *Config) {
	if o == nil {
		return
	}
	if o.Profile != "" {
		c.Profile = o.Profile
	}
	if o.Theme != "" {
		c.Theme = o.Theme
	}
	if o.Agents != nil {
		c.Agents = o.Agents
	}
	if o.Context != 0 {
		c.Context = o.Context
	}
	for k, v := range o.Rules {
		if c.Rules == nil {
			c.Rules = map[string]model.Severity{}
		}
		c.Rules[k] = v
	}
	seen := map[string]bool{}
	for _, s := range c.Sources {
		seen[s] = true
	}
	for _, s := range o.Sources {
		if !seen[s] {
			seen[s] = true
			c.Sources = append(c.Sources, s)
		}
	}
	c.Exclude = append(c.Exclude, o.Exclude...)
	c.Files = append(c.Files, o.Files...)
}

// Dir is skillstudio's folder of user settings: $XDG_CONFIG_HOME/
// skillstudio, or ~/.config/skillstudio when XDG_CONFIG_HOME is unset or
// not absolute (as the XDG Base Directory specification says). It is ""
// when there is no home. The config file and user templates live here.
func Dir() string {
	base := os.Getenv("XDG_CONFIG_HOME")
	if base == "" || !filepath.IsAbs(base) {
		home, err := os.UserHomeDir()
		if err != nil || home == "" {
			return ""
		}
		base = filepath.Join(home, ".config")
	}
	return filepath.Join(base, "skillstudio")
}

// UserPath is where the user configuration file lives: Dir()/config.yaml,
// or "" when there is no home.
func UserPath() string {
	if d := Dir(); d != "" {
		return filepath.Join(d, "config.yaml")
	}
	return ""
}

// FindProject looks for ProjectFileName in start's folder (start itself
// when it is a folder) and then in each parent, and returns the first one
// found.
func FindProject(start string) (string, bool) {
	abs, err := filepath.Abs(start)
	if err != nil {
		return "", false
	}
	if info, err := os.Stat(abs); err != nil || !info.IsDir() {
		abs = filepath.Dir(abs)
	}
	for dir := abs; ; {
		p := filepath.Join(dir, ProjectFileName)
		if info, err := os.Stat(p); err == nil && !info.IsDir() {
			return p, true
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", false
		}
		dir = parent
	}
}

// maxConfigBytes is the most a configuration file may hold.
const maxConfigBytes = 1 << 20

// ReadFile reads and checks one configuration file; known is the rule
// catalogue (formats.Rules()) its rules: are checked against — the caller
// passes it, since config depends on model only.
func ReadFile(path string, known model.RuleSet) (*Config, error) {
	// A project's config comes with the project: a FIFO or a huge file
	// there must not hang or fill memory.
	data, err := safefs.ReadFile(path, maxConfigBytes)
	if err != nil {
		return nil, fmt.Errorf("cannot read config %s: %w", path, safefs.Cause(err))
	}
	c, err := Parse(path, data, known)
	if err != nil {
		return nil, err
	}
	c.digest = sourcetrust.Digest(data)
	// A relative folder in sources: is the file's neighbour, as its
	// exclude: patterns are, wherever the command runs (the user file,
	// --config and a checkout's file alike).
	c.written = slices.Clone(c.Sources)
	if dir, err := filepath.Abs(filepath.Dir(path)); err == nil {
		for i, s := range c.Sources {
			c.Sources[i] = sourcespec.ResolveIn(dir, s)
		}
	}
	return c, nil
}

// Load reads the user file (when it exists) and then either explicit (the
// --config flag; it must exist) or the project file found from start.
func Load(explicit, start string, known model.RuleSet) (*Config, error) {
	c := &Config{}
	if p := UserPath(); p != "" {
		if _, err := os.Stat(p); err == nil {
			u, err := ReadFile(p, known)
			if err != nil {
				return nil, err
			}
			if u.Exclude != nil {
				// Patterns are relative to their file's folder, which for
				// the user file is no project's.
				return nil, &Error{File: p, Line: u.excludeLine, Column: u.excludeCol,
					Msg: "exclude: belongs in a project's " + ProjectFileName + " (its patterns are relative to that file's folder); use --exclude for a one-off"}
			}
			c.Merge(u)
		}
	}
	project, searched := explicit, false
	if project == "" {
		if p, ok := FindProject(start); ok {
			project, searched = p, true
			if lo := linkedOut(p); lo != nil {
				// Not read, and no file above stands in for it: the
				// checkout's own file marks the project.
				c.LinkedOut, project = lo, ""
			}
		}
	}
	if project != "" {
		pc, err := ReadFile(project, known)
		if err != nil {
			return nil, err
		}
		// Found from a remote spec, the file is the user's own project's.
		if _, err := os.Stat(start); searched && err == nil {
			c.found, c.known = pc, known
			c.userRules = maps.Clone(c.Rules)
		}
		if searched && len(pc.Sources) > 0 {
			// Remote sources are a beacon on open and folders may lie
			// outside the checkout: held until the user trusts the file.
			abs, _ := filepath.Abs(project)
			var pend, written []string
			for i, s := range pc.Sources {
				if !slices.Contains(c.Sources, s) {
					pend, written = append(pend, s), append(written, pc.written[i])
				}
			}
			if len(pend) > 0 {
				c.Pending = &ProjectSources{File: abs, Digest: pc.digest, Sources: pend, Written: written}
			}
			pc.Sources = nil
		}
		c.Merge(pc)
	}
	if explicit == "" {
		if root, ok := rootOf(start); ok {
			c.nested = &nested{roots: []string{root}, known: known}
			if project != "" {
				c.nested.skip, _ = filepath.Abs(project)
			} else if c.LinkedOut != nil {
				c.nested.skip = c.LinkedOut.File
			}
		}
	}
	return c, nil
}

// ReviewFormats is the rule configuration the security review applies.
// A project file found from the reviewed path came with the skills under
// review (a pulled or cloned checkout), so its rules: may raise a review
// finding but never lower it or turn it off: `review/: off` in a hostile
// checkout silenced the review of that checkout. The user file and a file
// named with --config apply in full.
func (c *Config) ReviewFormats() *model.RuleConfig {
	if c == nil || c.found == nil || len(c.found.Rules) == 0 {
		rc := c.Formats()
		if rc != nil {
			rc.NestedRaiseOnly = true
		}
		return rc
	}
	return &model.RuleConfig{Rules: maps.Clone(c.userRules), RaiseOnly: maps.Clone(c.found.Rules), Nested: c.nestedLayers(), NestedRaiseOnly: true}
}

func (c *Config) nestedLayers() func(string) []map[string]model.Severity {
	if c.nested == nil {
		return nil
	}
	return c.nested.layers
}

// ReviewExcludeFilter is ExcludeFilter without a found project file's
// exclude: a checkout must not hide its own skills from their review.
func (c *Config) ReviewExcludeFilter(extra []string) (model.PathFilter, error) {
	if c == nil || c.found == nil || len(c.found.Exclude) == 0 {
		return c.ExcludeFilter(extra)
	}
	trusted := *c
	trusted.Exclude = slices.DeleteFunc(slices.Clone(c.Exclude), func(p exclude.Pattern) bool {
		return slices.Contains(c.found.Exclude, p)
	})
	return trusted.ExcludeFilter(extra)
}

// ReviewIgnored names a found project file and what of it the review
// does not apply (its exclude: and the rules: entries that would lower a
// review finding; its exclude: too when excludes); what is empty when
// nothing.
func (c *Config) ReviewIgnored(excludes bool) (file string, what []string) {
	if c == nil || c.found == nil {
		return "", nil
	}
	var parts []string
	keys := slices.Sorted(maps.Keys(c.found.Rules))
	for _, k := range keys {
		v := c.found.Rules[k]
		for _, r := range c.known {
			if (r.ID == k || strings.HasSuffix(k, "/") && strings.HasPrefix(r.ID, k)) && v < r.Severity {
				parts = append(parts, fmt.Sprintf("rules: %s: %s", k, v))
				break
			}
		}
	}
	if n := len(c.found.Exclude); n > 0 && excludes {
		parts = append(parts, fmt.Sprintf("exclude: (%d %s)", n, plural(n, "pattern")))
	}
	return c.found.Files[len(c.found.Files)-1], parts
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// ExcludeFilter compiles the exclude: patterns and extra ones (--exclude,
// relative to the working directory) into the search's filter. It is a
// nil interface, never a typed nil, when there is no pattern, so the
// search's hot path is unchanged.
func (c *Config) ExcludeFilter(extra []string) (model.PathFilter, error) {
	pats := append([]exclude.Pattern(nil), c.Exclude...)
	if len(extra) > 0 {
		cwd, err := os.Getwd()
		if err != nil {
			return nil, err
		}
		for _, f := range extra {
			pats = append(pats, exclude.Pattern{Glob: f, Dir: cwd})
		}
	}
	set, err := exclude.New(pats)
	if err != nil || set == nil {
		return nil, err
	}
	return set, nil
}
