package xgs

import (
	"strings"
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

// A note between directives belongs to one of them; reordering would
// leave it beside another, so the order finding comes without a fix, and
// says what to do first. Blank `//` lines do not stop the fix.
func TestFixHeaderOrderKeepsNotesWithTheirDirective(t *testing.T) {
	src := "// ==XGooseSkill==\n" +
		"// @name x\n" +
		"// @namespace x\n" +
		"// @version 1.0.0\n" +
		"// @description Orders things for the note test.\n" +
		"// @match *://a.test/*\n" +
		"// @author someone\n" +
		"//   who keeps this skill up to date\n" +
		"// @homepage https://a.test/\n" +
		"// ==/XGooseSkill==\n" +
		"export default 1;\n"
	a := Analyze("x.xgs.js", []byte(src), false)
	found := false
	for _, d := range a.Diagnostics {
		if d.Rule == "xgs/header-order" {
			found = true
			if d.Fix != nil {
				t.Errorf("a fix that moves @author away from its note: %+v", d.Fix)
			}
			if !strings.Contains(d.Hint, "notes") {
				t.Errorf("the hint does not say to move the notes first: %s", d.Hint)
			}
		}
	}
	if !found {
		t.Fatal("no header-order finding")
	}
	blank := strings.Replace(src, "//   who keeps this skill up to date\n", "//\n", 1)
	if fixOf(t, blank, "xgs/header-order") == nil {
		t.Error("a blank // line stopped the fix")
	}
}
