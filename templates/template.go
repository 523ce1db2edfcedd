package templates

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/skillstudio/skillstudio/model"
)

//go:embed all:builtin
var builtinFS embed.FS

// MetaFile describes a template: its description and optional parts.
const MetaFile = "template.yaml"

// Template is one scaffold for one format.
type Template struct {
	Format      model.Format
	Name        string
	Description string
	// Optional are the parts (a top-level folder or file of the template,
	// such as "scripts" or "references") a user may leave out. Parts not
	// chosen are not written, and templates ask {{if .With.scripts}}.
	Optional []string
	// Executable are template paths (after the .tmpl suffix is dropped,
	// before __name__ is replaced) written with mode 0755.
	Executable []string
	// Dir is the user template's folder; "" for a built-in one.
	Dir  string
	fsys fs.FS // rooted at the template's folder
}

// Builtin reports whether the template ships inside skillstudio.
func (t *Template) Builtin() bool { return t.Dir == "" }

// Origin names where the template comes from, for lists and errors.
func (t *Template) Origin() string {
	if t.Builtin() {
		return "built in"
	}
	return t.Dir
}

type meta struct {
	Description string   `yaml:"description"`
	Optional    []string `yaml:"optional"`
	Executable  []string `yaml:"executable"`
}

// readTemplate reads the template folder at dir of fsys.
func readTemplate(fsys fs.FS, dir string, format model.Format, name, origin string) (*Template, error) {
	sub, err := fs.Sub(fsys, dir)
	if err != nil {
		return nil, err
	}
	data, err := fs.ReadFile(sub, MetaFile)
	if err != nil {
		return nil, fmt.Errorf("template %s/%s (%s) has no %s: %w", format, name, origin, MetaFile, err)
	}
	var m meta
	if err := yaml.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Join(origin, MetaFile), err)
	}
	if strings.TrimSpace(m.Description) == "" {
		return nil, fmt.Errorf("%s: description is empty; say in one line what the template makes", filepath.Join(origin, MetaFile))
	}
	t := &Template{Format: format, Name: name, Description: strings.TrimSpace(m.Description), Optional: m.Optional, Executable: m.Executable, fsys: sub}
	if origin != "built in" {
		t.Dir = origin
	}
	return t, nil
}

// ParseFormat reads a format name as the CLI takes it.
func ParseFormat(s string) (model.Format, error) {
	switch strings.ToLower(s) {
	case "xgs", "xgs.js", ".xgs.js":
		return model.FormatXGS, nil
	case "skillmd", "skill.md", "skill-md":
		return model.FormatSkillMD, nil
	case "osloop", "os-loop":
		return model.FormatOSLoop, nil
	}
	return "", fmt.Errorf("unknown format %q (want xgs, skillmd or osloop)", s)
}

// List returns the templates of a format: the built-in ones in their
// intended order, then the user's from userDir (none when "" is passed;
// a missing folder is not an error). The caller picks the folder (the CLI
// uses config.TemplatesDir()) so templates need not know about config. A user template with a
// built-in's name replaces it. Problems with user templates come back as
// errors beside the templates that did load.
func List(format model.Format, userDir string) ([]*Template, []error) {
	var out []*Template
	var errs []error
	for _, name := range builtinOrder[format] {
		t, err := readTemplate(builtinFS, path.Join("builtin", string(format), name), format, name, "built in")
		if err != nil {
			errs = append(errs, err) // a packaging bug; the tests catch it
			continue
		}
		out = append(out, t)
	}
	if userDir == "" {
		return out, errs
	}
	dir := filepath.Join(userDir, string(format))
	entries, err := os.ReadDir(dir)
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			errs = append(errs, err)
		}
		return out, errs
	}
	names := make([]string, 0, len(entries))
	for _, e := range entries {
		if e.IsDir() && !strings.HasPrefix(e.Name(), ".") {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	for _, name := range names {
		origin := filepath.Join(dir, name)
		t, err := readTemplate(os.DirFS(origin), ".", format, name, origin)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if i := slices.IndexFunc(out, func(b *Template) bool { return b.Name == name }); i >= 0 {
			out[i] = t
		} else {
			out = append(out, t)
		}
	}
	return out, errs
}

// builtinOrder lists the built-in templates of each format, the one to
// start from first.
var builtinOrder = map[model.Format][]string{
	model.FormatXGS:     {"basic", "multi"},
	model.FormatSkillMD: {"minimal", "claude", "registry", "quiz"},
	model.FormatOSLoop:  {"declarative", "flow", "agentic", "workspace"},
}

// Lookup finds a template by name ("" means the format's first one).
func Lookup(format model.Format, name, userDir string) (*Template, error) {
	ts, errs := List(format, userDir)
	if len(ts) == 0 {
		return nil, errors.Join(append([]error{fmt.Errorf("no templates for %s", format)}, errs...)...)
	}
	if name == "" {
		return ts[0], nil
	}
	var names []string
	for _, t := range ts {
		if t.Name == name {
			return t, nil
		}
		names = append(names, t.Name)
	}
	return nil, fmt.Errorf("no %s template named %q (have %s)", format, name, strings.Join(names, ", "))
}
