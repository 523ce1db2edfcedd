// Package model is skillstudio's vocabulary: the format-neutral types that
// readers produce and every consumer (lint printers, the studio, the quiz
// engine, the builder, the scaffolder) speaks. It imports nothing of ours.
package model

import (
	"encoding/json"
	"io/fs"
	"path"
	"path/filepath"
	"strings"
)

// Format names one of the three skill formats.
type Format string

const (
	FormatXGS     Format = "xgs"     // one NAME.xgs.js file
	FormatSkillMD Format = "skillmd" // a folder with SKILL.md
	FormatOSLoop  Format = "osloop"  // a folder with manifest.json + module.ts
)

// Formats lists every format in display order.
var Formats = []Format{FormatXGS, FormatSkillMD, FormatOSLoop}

// Label is the badge a person reads.
func (f Format) Label() string {
	switch f {
	case FormatXGS:
		return "xgs"
	case FormatSkillMD:
		return "SKILL.md"
	case FormatOSLoop:
		return "OS Loop"
	}
	return string(f)
}

// Skill is one skill of any format, as read from its source.
type Skill struct {
	Format      Format   `json:"format"`
	Name        string   `json:"name"`
	Namespace   string   `json:"namespace,omitempty"` // xgs @namespace
	Version     string   `json:"version,omitempty"`
	Description string   `json:"description,omitempty"`
	Author      string   `json:"author,omitempty"`
	License     string   `json:"license,omitempty"`
	Homepage    string   `json:"homepage,omitempty"`
	Keywords    []string `json:"keywords,omitempty"` // xgs @keyword, skillli tags, OS Loop tags
	Requires    []string `json:"requires,omitempty"` // xgs @require: other skill names loaded first
	// Declared is where the skill's own file declares the fields library
	// and listing findings point at (name, namespace, description, each
	// require), kept by the reader so those findings need neither the
	// parsed document nor a second read of the file.
	Declared []Declaration `json:"-"`

	Location Location `json:"location"`
	// Files lists the skill's files, slash paths relative to Location.Dir.
	Files []string `json:"files,omitempty"`

	// Body is the Markdown that matters to a reader: the SKILL.md body,
	// docs.md, or for xgs the description plus the top-of-file comment block.
	Body string `json:"-"`
	// BodyFile is the FS path Body was read from; BodyLine the 1-based line
	// of that file where Body starts (so a heading maps back to the file).
	BodyFile string `json:"-"`
	BodyLine int    `json:"-"`

	Functions []Function  `json:"functions,omitempty"`
	Quizzes   []QuizBlock `json:"quizzes,omitempty"`

	// Digest is the sha256:… digest a remote index promised for this
	// skill and its fetched content matched; "" for local skills and for
	// remote ones whose index gave no digest (unverified).
	Digest string `json:"digest,omitempty"`

	// Fields is the parsed header / frontmatter / manifest as an ordered
	// table for display (the studio's Info tab, `show`).
	Fields []Field `json:"-"`

	// Doc is the format's own parsed document (*xgs.File, *skillmd.Document,
	// *osloop.Package) for format-specific views. Nil when parsing failed.
	Doc any `json:"-"`

	Diagnostics []Diagnostic `json:"diagnostics"`

	// Unmarked are files of the skill known to hold no suppression
	// comment: its reader read them whole and met no marker, or the
	// search's listing showed them absent. Applying suppressions
	// (package suppress) does not read them again.
	Unmarked []string `json:"-"`

	// Built says the file is a build's output (an .xgs.js listed in a
	// registry.json beside it), not a source: a copy of its source's
	// name and namespace, never a second skill of that name.
	Built bool `json:"-"`
}

// Declaration is one field as written: its key, value and where the
// value starts (1-based line, 1-based byte column of Location.File).
type Declaration struct {
	Key, Value   string
	Line, Column int
}

// DeclaredAt is where the skill declares key: the declaration with that
// value when the key repeats (require), else the first; ok is false when
// the reader recorded none.
func (s *Skill) DeclaredAt(key, value string) (line, col int, ok bool) {
	var first *Declaration
	for i := range s.Declared {
		d := &s.Declared[i]
		if d.Key != key {
			continue
		}
		if d.Value == value {
			return d.Line, d.Column, true
		}
		if first == nil {
			first = d
		}
	}
	if first == nil {
		return 0, 0, false
	}
	return first.Line, first.Column, true
}

// Primary returns the ★ primary function, or nil.
func (s *Skill) Primary() *Function {
	for i := range s.Functions {
		if s.Functions[i].Primary {
			return &s.Functions[i]
		}
	}
	return nil
}

// Counts returns how many diagnostics of each severity the skill carries.
func (s *Skill) Counts() (errors, warnings, infos int) {
	return CountDiagnostics(s.Diagnostics)
}

// Location says where a skill lives.
type Location struct {
	// Source is what the user named: a folder, a file, a URL, or "embedded".
	Source string `json:"source"`
	// Root is the OS directory that FS is rooted at for local sources, or a
	// base URL for remote ones; empty for the embedded library.
	Root string `json:"root,omitempty"`
	// Local is true when the files are on this machine's disk and editable.
	Local bool `json:"local"`
	// Dir is the skill's folder inside FS (slash path, "." for the root).
	Dir string `json:"dir"`
	// File is the skill's main file inside FS: NAME.xgs.js, DIR/SKILL.md or
	// DIR/manifest.json.
	File string `json:"file"`
	// FS holds the skill's files. Readers never go outside it.
	FS fs.FS `json:"-"`
	// Aliases are other folders inside FS the skill's folder is reached
	// through, by a symlink to it or to a folder above it
	// (.claude/skills/x when .claude/skills -> ../.agents/skills): an
	// agent that reads one of those folders loads this skill.
	Aliases []string `json:"aliases,omitempty"`
}

// Path turns an FS path into the path or URL a person (or an editor) uses.
func (l Location) Path(fsPath string) string {
	switch {
	case l.Root == "":
		return fsPath
	case l.Local:
		return filepath.Join(l.Root, filepath.FromSlash(fsPath))
	default:
		return strings.TrimSuffix(l.Root, "/") + "/" + strings.TrimPrefix(fsPath, "/")
	}
}

// Join returns the FS path of a file relative to the skill folder.
func (l Location) Join(rel string) string { return path.Join(l.Dir, rel) }

// Field is one row of a skill's metadata table. Value holds scalars; List
// holds repeatable values; Children nest objects (permissions, bindings…).
type Field struct {
	Name     string   `json:"name"`
	Value    string   `json:"value,omitempty"`
	List     []string `json:"list,omitempty"`
	Children []Field  `json:"children,omitempty"`
}

// Function is one callable a skill exports (xgs fn, OS Loop execute/tool).
type Function struct {
	Name    string `json:"name"`
	Summary string `json:"summary,omitempty"`
	Primary bool   `json:"primary,omitempty"`
	// Signature is a one-line TypeScript-ish shape, e.g.
	// `searchTopics({ query: string, page?: number }): Promise<…>`.
	Signature string `json:"signature,omitempty"`
	// Invocation is a copy-pasteable call, e.g.
	// `await xgoose.skills.discourse.searchTopics({ query: "…" })`.
	Invocation string `json:"invocation,omitempty"`
	// Input and Output are JSON Schema documents (key order preserved).
	Input    json.RawMessage `json:"input,omitempty"`
	Output   json.RawMessage `json:"output,omitempty"`
	Examples []Example       `json:"examples,omitempty"`
	// Line and Column locate the function's definition in Location.File.
	Line   int `json:"-"`
	Column int `json:"-"`
}

// Example is one authored call of a function.
type Example struct {
	Args    json.RawMessage `json:"args"`
	Note    string          `json:"note,omitempty"`
	Returns json.RawMessage `json:"returns,omitempty"`
}

// Library is everything loaded from one or more sources, plus findings that
// belong to no single skill (a dangling index.json entry, say).
type Library struct {
	Skills      []*Skill     `json:"skills"`
	Diagnostics []Diagnostic `json:"diagnostics,omitempty"`
}

// Lookup finds a skill by name.
func (l *Library) Lookup(name string) *Skill {
	for _, s := range l.Skills {
		if s.Name == name {
			return s
		}
	}
	return nil
}
