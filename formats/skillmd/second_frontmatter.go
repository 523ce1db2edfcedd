package skillmd

import (
	"bytes"
	"strings"

	"github.com/skillstudio/skillstudio/model"
)

// Bounds of the look at the body's start for a second frontmatter block:
// the block is a handful of fields, so a longer run is prose.
const (
	secondFMMaxLines = 60
	secondFMMaxBytes = 16 << 10
)

// checkSecondFrontmatter reports a body that opens with another --- block
// of frontmatter fields. Multi-agent generators that wrap a file which
// already had frontmatter produce it (a stub block with an empty
// description, then the real one). Agents read only the first block, so
// the second's fields are lost and its YAML reaches the model as text.
// Markdown reads it as a rule and a setext heading, so nothing looks wrong
// in a preview either.
func (c *checker) checkSecondFrontmatter() {
	fm := c.doc.Frontmatter
	if fm.Node == nil || !fm.Closed {
		return
	}
	src := c.doc.Source
	off := fm.BodyStart
	limit := min(len(src), off+secondFMMaxBytes)
	// Skip blank lines, then expect a --- line.
	for off < limit {
		text, next := lineAt(src, off)
		if len(bytes.TrimSpace(text)) != 0 {
			break
		}
		off = next
	}
	if off >= limit {
		return
	}
	if text, _ := lineAt(src, off); !isDelimiter(text) {
		return
	}
	open := off
	_, off = lineAt(src, off)
	var keys []string
	closed := false
	for n := 0; off < limit && n < secondFMMaxLines; n++ {
		text, next := lineAt(src, off)
		if isDelimiter(text) {
			closed = true
			break
		}
		if k := topLevelKey(text); k != "" {
			keys = append(keys, k)
		}
		off = next
	}
	if !closed || !anyKnownField(keys) {
		return
	}
	line, col := c.lines.position(open)
	msg := "the body opens with a second frontmatter block (" + strings.Join(keys, ", ") + "); agents read only the first, so these fields are lost and the block is shown to the model as text"
	if lost := shadowedByEmpty(c.doc, keys); len(lost) > 0 {
		msg += " (the first block has no value for " + strings.Join(lost, " or ") + ")"
	}
	d := c.report("skillmd/frontmatter", line, col, msg,
		"Merge the two blocks into one frontmatter at the top of the file.")
	d.Severity = model.SeverityWarning
}

// topLevelKey is the key of a "key: value" line at column 1, or "".
func topLevelKey(line []byte) string {
	k, _, ok := bytes.Cut(line, []byte(":"))
	if !ok || len(k) == 0 || len(k) > 64 {
		return ""
	}
	for i, b := range k {
		letter := b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b == '_'
		if !letter && (i == 0 || !(b >= '0' && b <= '9' || b == '-')) {
			return ""
		}
	}
	return string(k)
}

// anyKnownField says whether one of keys is a field some agent reads:
// "Note: text" under a rule is prose, "name:" is frontmatter.
func anyKnownField(keys []string) bool {
	for _, k := range keys {
		if _, ok := fieldSpecs[k]; ok {
			return true
		}
	}
	return false
}

// shadowedByEmpty lists the keys of the second block that the first one
// lacks or leaves empty: the values the author meant agents to read.
func shadowedByEmpty(doc *Document, keys []string) []string {
	var out []string
	for _, k := range keys {
		if k != "name" && k != "description" {
			continue
		}
		if v := doc.Field(k); v == nil || strings.TrimSpace(scalarText(v)) == "" {
			out = append(out, k)
		}
	}
	return out
}
