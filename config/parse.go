package config

import (
	"fmt"
	"github.com/skillstudio/skillstudio/internal/suggest"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"github.com/skillstudio/skillstudio/internal/exclude"
	"github.com/skillstudio/skillstudio/internal/lazyre"
	"github.com/skillstudio/skillstudio/model"
)

// Error is a problem in a configuration file, with its position.
type Error struct {
	File         string
	Line, Column int
	Msg          string
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Column, e.Msg)
}

// keys are the top-level keys a configuration file may hold, each with the
// function that reads its value. Adding a setting is one entry here.
var keys = map[string]func(p *parser, v *yaml.Node, c *Config) error{
	"profile": (*parser).profile,
	"rules":   (*parser).rules,
	"sources": (*parser).sources,
	"theme":   (*parser).theme,
	"agents":  (*parser).agents,
	"context": (*parser).context,
	"exclude": (*parser).exclude,
}

// KeyNames lists the top-level keys, sorted, for messages and docs.
func KeyNames() []string {
	names := make([]string, 0, len(keys))
	for k := range keys {
		names = append(names, k)
	}
	slices.Sort(names)
	return names
}

// parser reads one file; known is the rule catalogue its rules: may name
// (nil: any id in a known family, for tools that only edit sources:).
type parser struct {
	file  string
	known model.RuleSet
}

func (p *parser) errorf(n *yaml.Node, format string, a ...any) error {
	line, col := 1, 1
	if n != nil && n.Line > 0 {
		line, col = n.Line, n.Column
	}
	for i, v := range a {
		if s, ok := v.(string); ok {
			a[i] = clip(s)
		}
	}
	return &Error{File: p.file, Line: line, Column: col, Msg: fmt.Sprintf(format, a...)}
}

// maxQuoted bounds a value quoted in an error: a megabyte-long profile or
// exclude pattern made a megabyte-long message; its line and column say
// where the rest is.
const maxQuoted = 120

// clip is s cut to maxQuoted runes, with how much was left out.
func clip(s string) string {
	if utf8.RuneCountInString(s) <= maxQuoted {
		return s
	}
	cut := 0
	for range maxQuoted {
		_, n := utf8.DecodeRuneInString(s[cut:])
		cut += n
	}
	return fmt.Sprintf("%s… (%d more bytes)", s[:cut], len(s)-cut)
}

// yamlLine pulls the line number out of a yaml.v3 syntax error, which
// carries it only in its text ("yaml: line 3: …").
var yamlLine = lazyre.New(`^yaml: line (\d+): (.*)$`)

// Parse reads one configuration file's content; name is used in errors.
// An empty file is an empty configuration.
func Parse(name string, data []byte, known model.RuleSet) (*Config, error) {
	p := &parser{file: name, known: known}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		msg := strings.TrimPrefix(err.Error(), "yaml: ")
		line := 1
		if m := yamlLine.FindStringSubmatch(err.Error()); m != nil {
			line, _ = strconv.Atoi(m[1])
			msg = m[2]
		}
		return nil, &Error{File: name, Line: line, Column: 1, Msg: "not valid YAML: " + msg}
	}
	c := &Config{Files: []string{name}}
	if doc.Kind == 0 || len(doc.Content) == 0 {
		return c, nil
	}
	root := doc.Content[0]
	if root.Kind == yaml.ScalarNode && root.Tag == "!!null" {
		return c, nil
	}
	if root.Kind != yaml.MappingNode {
		return nil, p.errorf(root, "the config must be a map of settings (%s), not a %s", strings.Join(KeyNames(), ", "), kindName(root))
	}
	seen := map[string]bool{}
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		read, ok := keys[k.Value]
		if !ok || k.Kind != yaml.ScalarNode {
			return nil, p.errorf(k, "unknown setting %q (known: %s)", k.Value, strings.Join(KeyNames(), ", "))
		}
		if seen[k.Value] {
			return nil, p.errorf(k, "%q is set twice; keep one", k.Value)
		}
		seen[k.Value] = true
		if err := read(p, v, c); err != nil {
			return nil, err
		}
	}
	return c, nil
}

func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.SequenceNode:
		return "list"
	case yaml.MappingNode:
		return "map"
	case yaml.AliasNode:
		return "alias"
	}
	return "single value"
}

func (p *parser) scalar(n *yaml.Node, what string) (string, error) {
	if n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		return "", p.errorf(n, "%s must be a single value, not a %s", what, kindName(n))
	}
	return n.Value, nil
}

func (p *parser) profile(n *yaml.Node, c *Config) error {
	v, err := p.scalar(n, "profile")
	if err != nil {
		return err
	}
	for _, known := range model.Profiles {
		if string(known) == v {
			c.Profile = known
			return nil
		}
	}
	names := make([]string, len(model.Profiles))
	for i, known := range model.Profiles {
		names[i] = string(known)
	}
	return p.errorf(n, "unknown profile %q (want one of %s)", v, strings.Join(names, ", "))
}

func (p *parser) theme(n *yaml.Node, c *Config) error {
	v, err := p.scalar(n, "theme")
	if err != nil {
		return err
	}
	c.Theme = v
	return nil
}

func (p *parser) sources(n *yaml.Node, c *Config) error {
	if n.Kind == yaml.ScalarNode && n.Tag == "!!null" {
		return nil
	}
	if n.Kind != yaml.SequenceNode {
		return p.errorf(n, "sources must be a list of folders or URLs, not a %s", kindName(n))
	}
	for _, item := range n.Content {
		v, err := p.scalar(item, "each source")
		if err != nil {
			return err
		}
		if strings.TrimSpace(v) == "" {
			return p.errorf(item, "a source is empty; remove the line or name a folder or URL")
		}
		c.Sources = append(c.Sources, v)
	}
	return nil
}

// exclude reads exclude:, a list of gitignore-like patterns relative to
// the config file's folder; each is checked here so a bad one is an error
// at its own line.
func (p *parser) exclude(n *yaml.Node, c *Config) error {
	c.excludeLine, c.excludeCol = n.Line, n.Column
	if n.Kind == yaml.ScalarNode && n.Tag == "!!null" {
		return nil
	}
	if n.Kind != yaml.SequenceNode {
		return p.errorf(n, "exclude must be a list of glob patterns (fixtures/, **/testdata/**, *.draft.xgs.js), not a %s", kindName(n))
	}
	dir := "."
	if abs, err := filepath.Abs(p.file); err == nil {
		dir = filepath.Dir(abs)
	}
	c.Exclude = make([]exclude.Pattern, 0, min(len(n.Content), exclude.MaxPatterns))
	for i, item := range n.Content {
		if i == exclude.MaxPatterns {
			return p.errorf(item, "exclude lists %d patterns: at most %d (each is tried on every path searched); use folder patterns (fixtures/) that cover several", len(n.Content), exclude.MaxPatterns)
		}
		v, err := p.scalar(item, "each exclude pattern")
		if err != nil {
			return err
		}
		if err := exclude.Check(v); err != nil {
			return p.errorf(item, "exclude pattern %q: %v", v, err)
		}
		c.Exclude = append(c.Exclude, exclude.Pattern{Glob: v, Dir: dir})
	}
	return nil
}

func (p *parser) rules(n *yaml.Node, c *Config) error {
	if n.Kind == yaml.ScalarNode && n.Tag == "!!null" {
		return nil
	}
	if n.Kind != yaml.MappingNode {
		return p.errorf(n, "rules must be a map of rule id (or prefix ending in /) to error, warning, info or off, not a %s", kindName(n))
	}
	c.Rules = map[string]model.Severity{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind != yaml.ScalarNode {
			return p.errorf(k, "a rule id must be a single value")
		}
		id := k.Value
		if _, dup := c.Rules[id]; dup {
			return p.errorf(k, "rule %q is set twice; keep one", id)
		}
		if err := checkRuleKey(p.known, id); err != nil {
			return p.errorf(k, "%v", err)
		}
		sv, err := p.scalar(v, "a rule's severity")
		if err != nil {
			return err
		}
		sev, err := model.ParseSeverity(sv)
		if err != nil {
			return p.errorf(v, "rule %s: %v", id, err)
		}
		c.Rules[id] = sev
	}
	return nil
}

// families are the rule id prefixes, known even before a reader defines
// its first rule, so a config file stays valid while rules are added.
var families = []string{"xgs/", "skillmd/", "quiz/", "osloop/", "library/", "remote/", "evals/", "review/"}

// checkRuleKey accepts a known rule id, or a prefix ending in "/" that is
// a rule family or the start of at least one known id.
func checkRuleKey(known model.RuleSet, id string) error {
	if known == nil {
		return checkFamily(id)
	}
	if strings.HasSuffix(id, "/") {
		if slices.Contains(families, id) {
			return nil
		}
		for _, r := range known {
			if strings.HasPrefix(r.ID, id) {
				return nil
			}
		}
		return fmt.Errorf("no rule id starts with %q (families: %s)", id, strings.Join(families, ", "))
	}
	if _, ok := known.Get(id); ok {
		return nil
	}
	msg := fmt.Sprintf("unknown rule %q", id)
	if s := closest(known, id); s != "" {
		msg += fmt.Sprintf("; did you mean %q?", s)
	}
	return fmt.Errorf("%s (`skillstudio rules` lists every id; a prefix needs a trailing /)", msg)
}

// checkFamily accepts an id or prefix in one of the rule families, for
// when the caller passed no catalogue of ids.
func checkFamily(id string) error {
	for _, f := range families {
		if strings.HasPrefix(id, f) {
			return nil
		}
	}
	return fmt.Errorf("unknown rule %q (families: %s)", id, strings.Join(families, ", "))
}

// closest suggests the known id nearest to id by edit distance, if close.
func closest(known model.RuleSet, id string) string {
	ids := make([]string, len(known))
	for i, r := range known {
		ids[i] = r.ID
	}
	return suggest.Closest(id, ids, len(id)/3+1)
}
