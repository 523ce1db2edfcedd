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

func FuzzOutline(f *testing.F) {
	f.Add("# A\n\n[x](references/a.md)\n\n## B\n\n```\n# not a heading\n```\n")
	f.Add("[a](../../etc/passwd) [b](https://x) [c](#top) [d](<references/a b.md>)")
	f.Add("#\n##\n### \x1b]0;t\x07 title\n")
	fsys := fstest.MapFS{"s/references/a.md": {Data: []byte("x")}}
	f.Fuzz(func(t *testing.T, md string) {
		o := outline(md, fsys, "s", "s")
		for _, l := range o.links {
			if l.target != "s" && !strings.HasPrefix(l.target, "s/") {
				t.Errorf("link %q leaves the skill folder", l.target)
			}
		}
		_ = headingLines(md, o.headings)
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
