package xgs

import (
	"encoding/json"
	"io"
	"io/fs"
	"path"

	"github.com/skillstudio/skillstudio/internal/lazyre"
	"github.com/skillstudio/skillstudio/model"
)

// A built skill is what `skillstudio build` writes: the header block as
// written, then an esbuild IIFE, listed in a registry.json beside it with
// the functions __describe__ returned at build time. Its body is
// generated code with no defineSkill export, so the source checks would
// only report false errors (xgs/define-skill on every skill, an empty
// Functions tab); it is read as built instead: the header is checked, the
// functions come from registry.json, and xgs/built-bundle says so.

// maxRegistrySize bounds the registry.json read beside a built skill.
const maxRegistrySize = 8 << 20

// exportDefault finds an ES module default export; a built IIFE has none.
var exportDefault = lazyre.New(`(?m)^\s*export\s+default\b`)

// builtEntry returns the functions registry.json (next to file) lists for
// it, and whether file is a built skill: listed there and without a
// default export.
func builtEntry(fsys fs.FS, file string, src []byte) ([]model.Function, bool) {
	if exportDefault.Match(src) {
		return nil, false
	}
	f, err := fsys.Open(path.Join(path.Dir(file), "registry.json"))
	if err != nil {
		return nil, false
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxRegistrySize+1))
	if err != nil || len(data) > maxRegistrySize {
		return nil, false
	}
	var reg struct {
		Skills []struct {
			File      string           `json:"file"`
			Functions []model.Function `json:"functions"`
		} `json:"skills"`
	}
	if json.Unmarshal(data, &reg) != nil {
		return nil, false
	}
	for _, s := range reg.Skills {
		if s.File == path.Base(file) {
			return s.Functions, true
		}
	}
	return nil, false
}

// asBuilt keeps the header's findings (those on the header's lines) and
// notes that the body is a build's output.
func (a *Analysis) asBuilt(file string) {
	h := a.File.Header
	last := 0
	if h != nil && h.End > 0 {
		last, _ = a.lines.pos(h.End - 1)
	}
	kept := a.Diagnostics[:0]
	for _, d := range a.Diagnostics {
		if d.Line >= 1 && d.Line <= last {
			kept = append(kept, d)
		}
	}
	a.Diagnostics = append(kept, Rules.New("xgs/built-bundle", file, 1, 1,
		"this is a built skill (header and IIFE, listed in registry.json): the header is checked, the functions are registry.json's, and the generated body is not linted as source",
		"Lint the .xgs.js source the build read for the full checks."))
}
