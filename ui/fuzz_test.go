package ui

import (
	"encoding/json"
	"path"
	"strings"
	"testing"
	"testing/fstest"
)

// The studio parses three things itself: JSON Schemas (for the Functions
// tab's trees), Markdown outlines (headings and links) and link
// destinations. Bad input must never panic or hang.

func FuzzSchemaTree(f *testing.F) {
	f.Add(`{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]}`)
	f.Add(`{"type":"array","items":{"anyOf":[{"type":"string"},{"const":1}]}}`)
	f.Add(`{"properties":{"x":{"properties":{"y":{"enum":[1,"b",null]}}}}}`)
	f.Add(`[1,2,{"$ref":"#/defs/x"}]`)
	f.Add(`{"type":`)
	f.Fuzz(func(t *testing.T, raw string) {
		lines, err := schemaTree(json.RawMessage(raw))
		if err == nil && json.Valid([]byte(raw)) && len(lines) == 0 {
			t.Errorf("valid JSON %q gave no lines", raw)
		}
		_ = typeSummary(nil)
	})
}

func FuzzReaderOutline(f *testing.F) {
	f.Add("# A\n\n[x](references/a.md)\n\n## B\n\n```\n# not a heading\n```\n")
	f.Add("[a](../../etc/passwd) [b](https://x) [c](#top) [d](<references/a b.md>)")
	f.Add("#\n##\n### \x1b]0;t\x07 title\n")
	f.Add("## Advanced setup\n\nText about setup\n\n## Setup\n\n[s](#setup) [t](references/a.md#x)\n")
	f.Add("# \u2063\u200b\u2063 spoofed marker\n\n## https://x.com\n")
	fsys := fstest.MapFS{"s/references/a.md": {Data: []byte("x")}}
	d := &readerDoc{fsys: fsys, dir: "s", skillDir: "s"}
	f.Fuzz(func(t *testing.T, md string) {
		k := renderKey{width: 60, style: "notty"}
		d.markdown = md
		rd, err := renderDoc(d, k)
		if err != nil {
			return
		}
		for _, l := range rd.links {
			if l.target != "" && l.target != "s" && !strings.HasPrefix(l.target, "s/") {
				t.Errorf("link %q leaves the skill folder", l.target)
			}
		}
		if len(rd.headings) != len(rd.outline.Headings) {
			t.Fatalf("%d heading lines for %d headings", len(rd.headings), len(rd.outline.Headings))
		}
		for i, l := range rd.headings {
			if l < 0 || l >= max(len(rd.lines), 1) || i > 0 && l < rd.headings[i-1] {
				t.Errorf("heading %d on line %d of %d (lines %v)", i, l, len(rd.lines), rd.headings)
			}
		}
		if strings.ContainsRune(rd.out, markDelim) {
			t.Errorf("a heading marker is left in the output")
		}
	})
}

func FuzzResolveLink(f *testing.F) {
	for _, s := range []string{"a.md", "../a.md", "./x/../../y", "%2e%2e/a", "a#b?c", "/abs", "http://h/p", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, dest string) {
		p, ok := resolveLink(dest, "skills/x/references", "skills/x")
		if ok && p != "skills/x" && !strings.HasPrefix(p, "skills/x/") {
			t.Errorf("%q resolved outside the skill: %q", dest, p)
		}
		if ok && path.Clean(p) != p {
			t.Errorf("%q resolved to an unclean path %q", dest, p)
		}
	})
}
