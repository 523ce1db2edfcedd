// Package osloop reads and checks OS Loop skills: a folder with
// manifest.json and module.ts (plus docs.md and config-schema.json), listed
// in a repository's skills/index.json. Nothing is executed: module.ts is
// lexed for facts (exports, host.* uses, LLM purposes, fetched URLs).
package osloop

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/dustin/go-humanize"
	"github.com/skillstudio/skillstudio/internal/sniff"
	"github.com/skillstudio/skillstudio/model"
)

// Load reads the skill folder dir inside fsys. It never returns nil and
// never panics on bad input: what cannot be read becomes a diagnostic.
func Load(fsys fs.FS, dir string, opts model.Options) *model.Skill {
	dir = path.Clean(dir)
	l := &loader{fsys: fsys, dir: dir, pkg: &Package{Dir: dir}, findingsOnly: opts.FindingsOnly}
	l.s = &model.Skill{
		Format: model.FormatOSLoop,
		Name:   path.Base(dir),
		Location: model.Location{
			Dir:  dir,
			File: path.Join(dir, "manifest.json"),
			FS:   fsys,
		},
	}
	l.s.Files, l.listed = listFiles(fsys, dir)
	l.readManifest()
	l.readModule()
	l.readDocs()
	l.readConfigSchema()
	if l.pkg.Manifest != nil {
		l.checkManifest()
		l.checkModule()
	}
	l.checkSecrets()
	l.checkWindowsNames()
	if opts.FindingsOnly {
		// Lint prints findings only: skip the display side, and keep of the
		// package just what CheckIndex reads.
		l.pkg.cutForIndex()
	} else {
		l.describe()
	}
	l.s.Doc = l.pkg
	model.SortDiagnostics(l.s.Diagnostics)
	return l.s
}

type loader struct {
	fsys fs.FS
	dir  string
	s    *model.Skill
	pkg  *Package
	// listed is true when s.Files is the folder's real listing, so a file
	// not in it need not be opened (a missing docs.md costs no syscall).
	listed bool
	// findingsOnly: the package is cut down to ForIndex after the checks,
	// so what only the display side reads (schemas as JSON text) is not
	// made.
	findingsOnly bool
}

func (l *loader) file(name string) string {
	if name == "manifest.json" {
		return l.s.Location.File // joined once
	}
	return path.Join(l.dir, name)
}

// read reads one file of the package (see readCapped); file is its FS
// path, "" when the listing says it is absent.
func (l *loader) read(name string) (file string, data []byte, exists bool, err error) {
	if l.listed && !hasAny(l.s.Files, name) {
		return "", nil, false, nil
	}
	file = l.file(name)
	data, exists, err = readCapped(l.fsys, file)
	return file, data, exists, err
}

func (l *loader) add(id, file string, line, col int, msg, hint string) {
	l.s.Diagnostics = append(l.s.Diagnostics, newDiag(id, file, line, col, msg, hint))
}

// at reports a finding in manifest.json at byte offset off.
func (l *loader) at(off int, id, msg, hint string) {
	line, col := l.pkg.ManifestDoc.Pos(off)
	l.add(id, l.s.Location.File, line, col, msg, hint)
}

// keyAt is the offset of key in object n (the object's own offset when the
// key is absent), so a finding points at the field it is about.
func keyAt(n *Node, key string) int {
	if m := n.Member(key); m != nil {
		return m.KeyStart
	}
	if n != nil {
		return n.Start
	}
	return 0
}

// valueAt is the offset of key's value in n (else the key or n).
func valueAt(n *Node, key string) int {
	if v := n.Get(key); v != nil {
		return v.Start
	}
	return keyAt(n, key)
}

// readJSONFile reads and parses one JSON file of the package, reporting
// size, syntax and duplicate-key problems. It returns nil when absent.
func (l *loader) readJSONFile(name string) (*Doc, bool) {
	file, data, exists, err := l.read(name)
	if !exists {
		return nil, false
	}
	if err != nil {
		if errors.Is(err, errTooLarge) {
			l.add("osloop/file-too-large", file, 1, 1, fmt.Sprintf("%s is larger than %d MiB and was not read", name, MaxFileSize>>20),
				"Keep package files small; no real manifest or schema comes near this size.")
		} else {
			l.add("osloop/json", file, 1, 1, fmt.Sprintf("%s cannot be read: %v", name, err), "Check the file's permissions.")
		}
		return nil, true
	}
	d, serr := ParseJSON(data)
	if serr != nil {
		line, col := d.Pos(serr.Offset)
		l.add("osloop/json", file, line, col, fmt.Sprintf("%s is not valid JSON: %s", name, serr.Msg), JSONHint(data, serr))
		return nil, true
	}
	for _, dup := range d.Duplicates {
		fl, _ := d.Pos(dup.First)
		line, col := d.Pos(dup.Second)
		l.add("osloop/duplicate-key", file, line, col, fmt.Sprintf("key %q is repeated (first on line %d); JSON.parse keeps this later value", dup.Key, fl),
			"Keep one of the two: parsers disagree on which one wins.")
	}
	if d.Root.Kind != KindObject {
		l.add("osloop/json", file, 1, 1, fmt.Sprintf("%s holds %s; want a JSON object", name, article(d.Root.Kind)),
			"Make the file one JSON object: { … }.")
		return nil, true
	}
	return d, true
}

// JSONHint is how to fix data, which failed to parse with e: a UTF-16
// file, a byte-order mark, a binary file, else the JSON at e's offset.
func JSONHint(data []byte, e *SyntaxError) string {
	if w, ok := sniff.WideText(data); ok {
		return "The file is " + w.Name + " text (Windows' \"Unicode\"); JSON.parse reads UTF-8: save it as UTF-8 (PowerShell: Set-Content -Encoding utf8)."
	}
	switch {
	case bytes.HasPrefix(data, []byte("\xef\xbb\xbf")):
		return "Save the file as UTF-8 without a byte-order mark."
	case !utf8.Valid(data) || sniff.NUL(data) >= 0:
		return "This is not a text file; replace it with the JSON document."
	}
	return "Fix the JSON at this position (a missing comma or quote, or a trailing comma, is the usual cause)."
}

func (l *loader) readManifest() {
	d, exists := l.readJSONFile("manifest.json")
	if !exists {
		l.add("osloop/manifest-missing", l.s.Location.File, 0, 0, fmt.Sprintf("%s has no manifest.json", l.dir),
			"Create manifest.json with the fields the OS Loop spec requires (schemaVersion \"2.0\", name, version…).")
		return
	}
	if d == nil {
		return
	}
	l.pkg.ManifestDoc = d
	l.pkg.Manifest = decodeManifest(d, !l.findingsOnly)
	m := l.pkg.Manifest
	if m.Name != "" {
		l.s.Name = m.Name
	}
	l.s.Version = m.Version
	l.s.Description = m.Description
	l.s.Author = m.Author
	l.s.Keywords = m.Capabilities
	// The skill outlives the manifest's text, which these strings are cut
	// from: give them one string of their own.
	own := []*string{&l.s.Name, &l.s.Version, &l.s.Description, &l.s.Author}
	for i := range l.s.Keywords {
		own = append(own, &l.s.Keywords[i])
	}
	ownStrings(own...)
}

// ownStrings copies the strings *ps into one new string and points each
// at its part, so they no longer hold on to the text they were cut from.
func ownStrings(ps ...*string) {
	n := 0
	for _, p := range ps {
		n += len(*p)
	}
	if n == 0 {
		return
	}
	var b strings.Builder
	b.Grow(n)
	for _, p := range ps {
		b.WriteString(*p)
	}
	all := b.String()
	for _, p := range ps {
		k := len(*p)
		*p, all = all[:k], all[k:]
	}
}

func (l *loader) readModule() {
	file, data, exists, err := l.read("module.ts")
	switch {
	case !exists:
		if l.pkg.ManifestDoc != nil || l.pkg.Manifest != nil || hasAny(l.s.Files, "manifest.json") {
			l.add("osloop/module-missing", l.s.Location.File, 1, 1, fmt.Sprintf("%s has no module.ts", l.dir),
				"Add module.ts exporting `async function execute(args, host)`.")
		}
		return
	case errors.Is(err, errTooLarge):
		l.add("osloop/file-too-large", file, 1, 1, fmt.Sprintf("module.ts is larger than %d MiB and was not read", MaxFileSize>>20),
			"Split generated data out of module.ts.")
		return
	case err != nil:
		l.add("osloop/module-syntax", file, 1, 1, fmt.Sprintf("module.ts cannot be read: %v", err), "Check the file's permissions.")
		return
	}
	if i := sniff.NUL(data); i >= 0 || !utf8.Valid(data) {
		if i < 0 {
			i = invalidUTF8At(data)
		}
		line, col := (&lineIndex{src: string(data)}).Pos(i)
		msg := "module.ts is not UTF-8 text (a NUL byte or invalid UTF-8); module checks skipped"
		if w, ok := sniff.WideText(data); ok {
			line, col, msg = 1, 1, "module.ts is "+w.Name+" text, not UTF-8; module checks skipped"
		}
		l.add("osloop/module-syntax", file, line, col, msg,
			"Save module.ts as UTF-8 TypeScript source.")
		return
	}
	l.pkg.ModuleSource = string(data)
	if l.pkg.Module = ReadModule(l.pkg.ModuleSource); l.pkg.Module == nil {
		l.add("osloop/file-too-large", file, 1, 1, fmt.Sprintf("module.ts holds more than %s tokens and was not checked", humanize.Comma(maxModuleTokens)),
			"A module is a few thousand tokens: move data into a file it reads, and the rest into the host's libraries.")
	}
}

func invalidUTF8At(b []byte) int {
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n == 1 {
			return i
		}
		i += n
	}
	return 0
}

func hasAny(files []string, name string) bool {
	for _, f := range files {
		if f == name {
			return true
		}
	}
	return false
}

// bridgeExecution says why m runs through the bridge (a skill that cannot
// run without it, or one that runs commands: system_tools), or "". An
// optional bridge skill that only reads files is not running commands.
func bridgeExecution(m *Manifest) string {
	switch {
	case m.BridgeRequirement == "required":
		return `bridgeRequirement is "required"`
	case slices.Contains(m.CompatibilityRequirements, "system_tools"):
		return `compatibilityRequirements lists "system_tools"`
	}
	return ""
}

func (l *loader) readDocs() {
	file, data, exists, err := l.read("docs.md")
	if !exists {
		if m := l.pkg.Manifest; m != nil {
			// A bridge skill owes its users the reason it runs commands on
			// their machine (spec: Bridge-Backed System Commands,
			// Documentation): a warning there, advice elsewhere.
			if why := bridgeExecution(m); why != "" {
				l.add("osloop/docs-missing", l.s.Location.File, 1, 1, fmt.Sprintf("no docs.md, and %s: the spec asks a skill that uses bridge-backed execution to explain in docs.md which commands it runs and why it needs system access", why),
					"Add docs.md naming the commands the skill runs through the bridge and why, with its inputs, outputs and permissions.")
				l.s.Diagnostics[len(l.s.Diagnostics)-1].Severity = model.SeverityWarning
			} else {
				l.add("osloop/docs-missing", l.s.Location.File, 1, 1, "no docs.md: users see no documentation in the skill detail view",
					"Add docs.md describing what the skill does, its inputs and outputs, permissions and an example.")
			}
		}
		return
	}
	if err != nil {
		if errors.Is(err, errTooLarge) {
			l.add("osloop/file-too-large", file, 1, 1, fmt.Sprintf("docs.md is larger than %d MiB and was not read", MaxFileSize>>20),
				"Keep docs.md to the documentation users need.")
		}
		return
	}
	l.pkg.HasDocs = true
	l.pkg.Docs = string(bytes.ToValidUTF8(data, []byte("\uFFFD")))
}

func (l *loader) readConfigSchema() {
	d, _ := l.readJSONFile("config-schema.json")
	if d == nil {
		return
	}
	if !l.findingsOnly {
		l.pkg.ConfigSchema = rawOf(d, d.Root)
	}
	l.jsonSecrets("config-schema.json", d)
	file := l.file("config-schema.json")
	if t := d.Root.Get("type"); t == nil || t.Kind != KindString || t.Str != "object" {
		line, col := d.Pos(valueAt(d.Root, "type"))
		l.add("osloop/schema-root", file, line, col, "config-schema.json's root type is not \"object\"",
			`Set "type": "object" at the root and describe each setting under "properties".`)
	}
	if p := checkSchemaNode(d, d.Root); p != nil {
		line, col := d.Pos(p.at(d.Root).Start)
		l.add("osloop/schema-invalid", file, line, col, "config-schema.json is not a valid JSON Schema"+p.where()+": "+p.msg,
			"Fix the schema keyword named in the message.")
	}
}
