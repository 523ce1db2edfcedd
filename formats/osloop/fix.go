package osloop

import (
	"bytes"
	"encoding/json"
	"path"
	"strings"

	"github.com/skillstudio/skillstudio/model"
)

// Fixes edit index.json in place with ranged TextEdits so the rest of the
// file — other entries, their order, the author's formatting — is kept.
// New text follows the file's own indentation (two spaces, one array item
// per line, as the OS Loop repository writes it, when it cannot tell).

// maxIndent bounds the indentation read from a line: a fix is made per
// entry and field, and each once walked the line back to its start, so an
// index written on one line cost its length per finding.
const maxIndent = 64

// lineIndent returns the leading whitespace of the line holding off (at
// most maxIndent bytes), finding the line's start in the line table.
func lineIndent(d *Doc, off int) string {
	off = max(0, min(off, len(d.Src)))
	_, col := d.Pos(off)
	start := off - (col - 1)
	end := start
	for end < len(d.Src) && end-start < maxIndent && (d.Src[end] == ' ' || d.Src[end] == '\t') {
		end++
	}
	return string(d.Src[start:end])
}

// maxIndentLook is how many entries indentUnit looks at: entries on one
// line show no indentation, and looking through all of them for each fix
// made a one-line index of n entries cost n² per finding.
const maxIndentLook = 8

// indentUnit guesses one level of indentation from the index's first
// object members, defaulting to two spaces. indexChecker.unit keeps it.
func indentUnit(d *Doc) string {
	if d.Root != nil && d.Root.Kind == KindArray {
		looked := 0
		for _, it := range d.Root.Items {
			if it.Kind == KindObject && len(it.Members) > 0 {
				outer := lineIndent(d, it.Start)
				inner := lineIndent(d, it.Members[0].KeyStart)
				if len(inner) > len(outer) && strings.HasPrefix(inner, outer) {
					return inner[len(outer):]
				}
				if looked++; looked == maxIndentLook {
					break
				}
			}
		}
	}
	return "  "
}

// unit is indentUnit of the index, worked out once per check.
func (c *indexChecker) unit() string {
	if c.indent == "" {
		c.indent = indentUnit(c.idx.Doc)
	}
	return c.indent
}

// render writes n (from src) as JSON, multi-line, with indent as the
// indentation of the line it starts on.
func render(b *strings.Builder, src *Doc, n *Node, indent, unit string) {
	switch n.Kind {
	case KindString:
		b.WriteString(quoteJSON(n.Str))
	case KindArray:
		if len(n.Items) == 0 {
			b.WriteString("[]")
			return
		}
		b.WriteString("[\n")
		for i, it := range n.Items {
			b.WriteString(indent + unit)
			render(b, src, it, indent+unit, unit)
			if i < len(n.Items)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		b.WriteString(indent + "]")
	case KindObject:
		if len(n.Members) == 0 {
			b.WriteString("{}")
			return
		}
		b.WriteString("{\n")
		for i, m := range n.Members {
			b.WriteString(indent + unit + quoteJSON(m.Key) + ": ")
			render(b, src, m.Value, indent+unit, unit)
			if i < len(n.Members)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		b.WriteString(indent + "}")
	default:
		b.Write(src.Src[n.Start:n.End])
	}
}

func quoteJSON(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	return strings.TrimSuffix(b.String(), "\n")
}

// renderAt renders n for the position off of the index.
func (c *indexChecker) renderAt(off int, src *Doc, n *Node) string {
	var b strings.Builder
	render(&b, src, n, lineIndent(c.idx.Doc, off), c.unit())
	return b.String()
}

// insertMemberFix adds "key": value as the last member of obj.
func (c *indexChecker) insertMemberFix(obj *Node, key string, src *Doc, v *Node) *model.Fix {
	d := c.idx.Doc
	unit := c.unit()
	var at int
	var indent string
	var b strings.Builder
	if len(obj.Members) == 0 {
		at = obj.Start + 1
		indent = lineIndent(d, obj.Start) + unit
		b.WriteString("\n" + indent + quoteJSON(key) + ": ")
		render(&b, src, v, indent, unit)
		b.WriteString("\n" + lineIndent(d, obj.Start))
	} else {
		last := obj.Members[len(obj.Members)-1]
		at = last.Value.End
		indent = lineIndent(d, last.KeyStart)
		b.WriteString(",\n" + indent + quoteJSON(key) + ": ")
		render(&b, src, v, indent, unit)
	}
	return &model.Fix{Description: "add " + key + " to the index entry, copied from manifest.json",
		Edits: []model.TextEdit{{File: c.path, Start: at, End: at, NewText: b.String()}}}
}

// addEntryFix appends an index entry built from the skill's manifest after
// the last entry, in the field order the spec's example uses.
func (c *indexChecker) addEntryFix(s *model.Skill, pkg *Package) *model.Fix {
	d := c.idx.Doc
	root := d.Root
	unit := c.unit()
	m := pkg.Manifest
	md := pkg.ManifestDoc.Root

	entryIndent := unit
	if len(root.Items) > 0 {
		entryIndent = lineIndent(d, root.Items[0].Start)
	}
	in := entryIndent + unit
	var b strings.Builder
	first := true
	member := func(key, text string) {
		if !first {
			b.WriteString(",\n")
		}
		first = false
		b.WriteString(in + quoteJSON(key) + ": " + text)
	}
	fromManifest := func(key string) {
		if v := md.Get(key); v != nil {
			var vb strings.Builder
			render(&vb, pkg.ManifestDoc, v, in, unit)
			member(key, vb.String())
		}
	}
	name := m.Name
	if name == "" {
		name = path.Base(s.Location.Dir)
	}
	member("name", quoteJSON(name))
	fromManifest("description")
	fromManifest("version")
	fromManifest("author")
	member("folderPath", quoteJSON(c.folderPathFor(s.Location.Dir)))
	member("tags", "[]")
	fromManifest("supportedPlatforms")
	fromManifest("bridgeRequirement")
	fromManifest("workspaceSupport")
	if v := md.Get("workspaceSchemaVersion"); v != nil && v.Kind == KindString {
		fromManifest("workspaceSchemaVersion")
	}
	if len(m.CompatibilityRequirements) > 0 {
		fromManifest("compatibilityRequirements")
	}
	fromManifest("longRunningSupport")
	fromManifest("userInputSupport")
	fromManifest("artifactVersioningSupport")
	fromManifest("executionMode")
	entry := entryIndent + "{\n" + b.String() + "\n" + entryIndent + "}"

	var edit model.TextEdit
	if len(root.Items) == 0 {
		edit = model.TextEdit{File: c.path, Start: root.Start, End: root.End, NewText: "[\n" + entry + "\n" + lineIndent(d, root.Start) + "]"}
	} else {
		last := root.Items[len(root.Items)-1]
		edit = model.TextEdit{File: c.path, Start: last.End, End: last.End, NewText: ",\n" + entry}
	}
	return &model.Fix{Description: "list " + name + " in " + path.Base(c.path) + " (fill in its tags)", Edits: []model.TextEdit{edit}}
}

// folderPathFor writes dir as a folderPath relative to the repository
// root, the folder above the index's.
func (c *indexChecker) folderPathFor(dir string) string {
	indexDir := path.Dir(c.path)
	if indexDir != "." {
		repo := path.Dir(indexDir)
		if repo == "." {
			return dir
		}
		return strings.TrimPrefix(dir, repo+"/")
	}
	// The repository root is above the FS: borrow the skills directory
	// name from an existing entry, else the spec's default "skills".
	prefix := "skills"
	for _, e := range c.idx.Entries {
		if i := strings.IndexByte(e.FolderPath, '/'); i > 0 {
			prefix = e.FolderPath[:i]
			break
		}
	}
	return prefix + "/" + dir
}
