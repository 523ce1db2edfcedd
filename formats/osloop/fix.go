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

// renderAt renders n to replace old, a member value of the index entry
// obj, in the entry's own style (inline or one item per line).
func (c *indexChecker) renderAt(obj, old *Node, src *Doc, n *Node) string {
	var b strings.Builder
	if inlineStyle(c.idx.Doc, obj, old) {
		renderInline(&b, src, n)
	} else {
		render(&b, src, n, lineIndent(c.idx.Doc, old.Start), c.unit())
	}
	return b.String()
}

// renderInline writes n (from src) as JSON on one line, the way an entry
// written on one line (or with its arrays on one line) holds its values.
func renderInline(b *strings.Builder, src *Doc, n *Node) {
	switch n.Kind {
	case KindString:
		b.WriteString(quoteJSON(n.Str))
	case KindArray:
		b.WriteByte('[')
		for i, it := range n.Items {
			if i > 0 {
				b.WriteString(", ")
			}
			renderInline(b, src, it)
		}
		b.WriteByte(']')
	case KindObject:
		b.WriteByte('{')
		for i, m := range n.Members {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(quoteJSON(m.Key) + ": ")
			renderInline(b, src, m.Value)
		}
		b.WriteByte('}')
	default:
		b.Write(src.Src[n.Start:n.End])
	}
}

// oneLine reports whether n is written on one line of d.
func oneLine(d *Doc, n *Node) bool {
	return !bytes.ContainsAny(d.Src[n.Start:n.End], "\r\n")
}

// nonEmpty: an array or object with something in it, whose layout shows
// the author's style.
func nonEmpty(n *Node) bool {
	return n != nil && (len(n.Items) > 0 || len(n.Members) > 0)
}

// inlineStyle says whether a value going into the entry obj (replacing
// old, when not nil) is written on one line: obj is on one line, old is a
// non-empty value on one line, or the entry's first non-empty array or
// object is. A fix that spread a value over lines in an entry written
// compactly rewrote the author's layout.
func inlineStyle(d *Doc, obj, old *Node) bool {
	if oneLine(d, obj) {
		return true
	}
	if nonEmpty(old) {
		return oneLine(d, old)
	}
	for _, m := range obj.Members {
		if nonEmpty(m.Value) {
			return oneLine(d, m.Value)
		}
	}
	return false
}

// separators are the text an object written on one line puts between a
// key and its value and between members, as its first members show
// (": " and ", " when they do not).
func separators(d *Doc, obj *Node) (keySep, memberSep string) {
	keySep, memberSep = ": ", ", "
	if len(obj.Members) > 0 {
		m := obj.Members[0]
		seg := string(d.Src[m.KeyStart:m.Value.Start])
		if i := strings.LastIndexByte(seg, ':'); i >= 0 {
			keySep = seg[i:]
		}
	}
	if len(obj.Members) > 1 {
		memberSep = string(d.Src[obj.Members[0].Value.End:obj.Members[1].KeyStart])
	}
	return keySep, memberSep
}

// insertMemberFix adds "key": value as the last member of obj.
func (c *indexChecker) insertMemberFix(obj *Node, key string, src *Doc, v *Node) *model.Fix {
	d := c.idx.Doc
	unit := c.unit()
	var at int
	var indent string
	var b strings.Builder
	switch {
	case len(obj.Members) > 0 && oneLine(d, obj):
		// An entry on one line gets its new member on that line.
		last := obj.Members[len(obj.Members)-1]
		at = last.Value.End
		keySep, memberSep := separators(d, obj)
		b.WriteString(memberSep + quoteJSON(key) + keySep)
		renderInline(&b, src, v)
	case len(obj.Members) == 0:
		at = obj.Start + 1
		indent = lineIndent(d, obj.Start) + unit
		b.WriteString("\n" + indent + quoteJSON(key) + ": ")
		render(&b, src, v, indent, unit)
		b.WriteString("\n" + lineIndent(d, obj.Start))
	default:
		last := obj.Members[len(obj.Members)-1]
		at = last.Value.End
		indent = lineIndent(d, last.KeyStart)
		b.WriteString(",\n" + indent + quoteJSON(key) + ": ")
		if inlineStyle(d, obj, nil) {
			renderInline(&b, src, v)
		} else {
			render(&b, src, v, indent, unit)
		}
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
	// The new entry follows the one it is written after: one written on
	// one line gets it on one line too (an index may mix the two).
	var last *Node
	if len(root.Items) > 0 {
		last = root.Items[len(root.Items)-1]
	}
	inline := last != nil && last.Kind == KindObject && oneLine(d, last)
	keySep, memberSep := ": ", ",\n"+in
	if inline {
		in = ""
		keySep, memberSep = separators(d, last)
	}
	var b strings.Builder
	first := true
	member := func(key, text string) {
		if !first {
			b.WriteString(memberSep)
		}
		first = false
		b.WriteString(quoteJSON(key) + keySep + text)
	}
	fromManifest := func(key string) {
		if v := md.Get(key); v != nil {
			var vb strings.Builder
			if inline {
				renderInline(&vb, pkg.ManifestDoc, v)
			} else {
				render(&vb, pkg.ManifestDoc, v, in, unit)
			}
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
	entry := entryIndent + "{\n" + in + b.String() + "\n" + entryIndent + "}"
	if inline {
		entry = entryIndent + "{" + b.String() + "}"
	}

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
