package xgs

import (
	"testing"

	"github.com/skillstudio/skillstudio/model"
)

// fixOf loads src and returns the fix of the first finding of rule.
func fixOf(t *testing.T, src, rule string) *model.Fix {
	t.Helper()
	a := Analyze("x.xgs.js", []byte(src), false)
	for _, d := range a.Diagnostics {
		if d.Rule == rule {
			if d.Fix == nil {
				t.Fatalf("%s has no fix", rule)
			}
			for _, e := range d.Fix.Edits {
				if e.File != "x.xgs.js" {
					t.Errorf("edit file %q", e.File)
				}
			}
			return d.Fix
		}
	}
	t.Fatalf("no %s finding", rule)
	return nil
}

func TestFixVersionMissing(t *testing.T) {
	cases := []struct{ name, before, after string }{
		{"after namespace",
			"// ==XGooseSkill==\n// @name x\n// @namespace x\n// @match *://x.test/*\n// ==/XGooseSkill==\n",
			"// ==XGooseSkill==\n// @name x\n// @namespace x\n// @version 0.0.0\n// @match *://x.test/*\n// ==/XGooseSkill==\n"},
		{"aligned values and CRLF",
			"// ==XGooseSkill==\r\n// @name        x\r\n// @namespace   x\r\n// ==/XGooseSkill==\r\n",
			"// ==XGooseSkill==\r\n// @name        x\r\n// @namespace   x\r\n// @version     0.0.0\r\n// ==/XGooseSkill==\r\n"},
		{"no name or namespace",
			"// ==XGooseSkill==\n// @match *://x.test/*\n// ==/XGooseSkill==\n",
			"// ==XGooseSkill==\n// @version 0.0.0\n// @match *://x.test/*\n// ==/XGooseSkill==\n"},
		{"unclosed at end of file",
			"// ==XGooseSkill==\n// @name x",
			"// ==XGooseSkill==\n// @name x\n// @version 0.0.0"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := string(ApplyEdits([]byte(c.before), fixOf(t, c.before, "xgs/version-missing").Edits))
			if got != c.after {
				t.Errorf("after fix:\n%q\nwant\n%q", got, c.after)
			}
			if h, _ := ParseHeader([]byte(got)); h.Get("version") != "0.0.0" {
				t.Errorf("fixed header has no version")
			}
		})
	}
}

func TestFixHeaderOrder(t *testing.T) {
	before := "// ==XGooseSkill==\r\n" +
		"// @match   *://a.test/*\r\n" +
		"// @grant   none\r\n" +
		"// @name    x\r\n" +
		"//\r\n" +
		"// @keyword b\r\n" +
		"// @match   *://b.test/*\r\n" +
		"// @keyword a\r\n" +
		"// @namespace x\r\n" +
		"// ==/XGooseSkill==\r\n" +
		"export default 1;\r\n"
	after := "// ==XGooseSkill==\r\n" +
		"// @name    x\r\n" +
		"// @namespace x\r\n" +
		"// @match   *://a.test/*\r\n" +
		"//\r\n" +
		"// @match   *://b.test/*\r\n" +
		"// @keyword b\r\n" +
		"// @keyword a\r\n" +
		"// @grant   none\r\n" +
		"// ==/XGooseSkill==\r\n" +
		"export default 1;\r\n"
	got := string(ApplyEdits([]byte(before), fixOf(t, before, "xgs/header-order").Edits))
	if got != after {
		t.Errorf("after fix:\n%s\nwant\n%s", got, after)
	}
	a := Analyze("x.xgs.js", []byte(got), false)
	for _, d := range a.Diagnostics {
		if d.Rule == "xgs/header-order" {
			t.Errorf("still out of order: %s", d)
		}
	}
}
