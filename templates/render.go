package templates

import (
	"bytes"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"sort"
	"strings"
	"text/template"
)

// File is one file of a rendered skill.
type File struct {
	// Path is a slash path relative to the folder the skill is written
	// into (Plan.Root).
	Path string
	Data []byte
	// Executable files are written with mode 0755 (scripts).
	Executable bool
}

// Data is what a template sees. Values come as typed; templates quote
// them with js, json, yaml, line or md for where they land.
type Data struct {
	Name        string
	Description string
	Namespace   string
	Matches     []string
	Author      string
	Version     string
	// Title is the name as words ("web-summary" → "Web Summary").
	Title string
	// With holds the optional parts chosen, for {{if .With.scripts}}.
	With map[string]bool
}

// Limits on a user template, so a mistaken folder (a home directory, a
// node_modules) fails fast instead of copying the world.
const (
	maxTemplateFiles = 256
	maxTemplateBytes = 4 << 20
)

// Render renders the template for v (Normalized; Prepare validates) and
// returns its files sorted by path.
func (t *Template) Render(v Values) ([]File, error) {
	data := Data{
		Name: v.Name, Description: v.Description, Namespace: v.Namespace, Matches: v.Matches,
		Author: v.Author, Version: v.Version, Title: Title(v.Name), With: map[string]bool{},
	}
	for _, p := range t.Optional {
		data.With[p] = slices.Contains(v.With, p)
	}
	var files []File
	total := 0
	err := fs.WalkDir(t.fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || p == MetaFile {
			return nil
		}
		if !d.Type().IsRegular() {
			return fmt.Errorf("%s is not a regular file (templates hold plain files only)", p)
		}
		out := strings.TrimSuffix(p, ".tmpl")
		if top, _, _ := strings.Cut(out, "/"); slices.Contains(t.Optional, top) && !data.With[top] {
			return nil
		}
		if len(files) >= maxTemplateFiles {
			return fmt.Errorf("more than %d files; is this the right folder?", maxTemplateFiles)
		}
		src, err := fs.ReadFile(t.fsys, p)
		if err != nil {
			return err
		}
		if total += len(src); total > maxTemplateBytes {
			return fmt.Errorf("more than %d MiB of files; is this the right folder?", maxTemplateBytes>>20)
		}
		content := src
		if strings.HasSuffix(p, ".tmpl") {
			tmpl, err := template.New(p).Funcs(funcs).Option("missingkey=error").Parse(string(src))
			if err != nil {
				return err // text/template names the file and line
			}
			var b bytes.Buffer
			if err := tmpl.Execute(&b, data); err != nil {
				return err
			}
			if len(bytes.TrimSpace(b.Bytes())) == 0 {
				return nil // a conditional file left out
			}
			// Conditional sections leave blank lines at the end; a text
			// file ends with exactly one newline.
			content = append(bytes.TrimRight(b.Bytes(), " \t\r\n"), '\n')
		}
		files = append(files, File{
			Path:       strings.ReplaceAll(out, "__name__", v.Name),
			Data:       content,
			Executable: slices.Contains(t.Executable, out),
		})
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("template %s/%s (%s): %w", t.Format, t.Name, t.Origin(), err)
	}
	sort.Slice(files, func(i, j int) bool { return files[i].Path < files[j].Path })
	for i := 1; i < len(files); i++ {
		if files[i].Path == files[i-1].Path {
			return nil, fmt.Errorf("template %s/%s (%s): two files render to %s", t.Format, t.Name, t.Origin(), files[i].Path)
		}
	}
	for _, f := range files {
		if !fs.ValidPath(f.Path) || path.Clean(f.Path) != f.Path {
			return nil, fmt.Errorf("template %s/%s (%s): %q is not a path inside the skill", t.Format, t.Name, t.Origin(), f.Path)
		}
	}
	return files, nil
}
