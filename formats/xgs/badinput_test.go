package xgs

import (
	"bytes"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/skillstudio/skillstudio/model"
)

// TestBadInput: nothing panics, and each input gets a finding that names
// the file and says what is wrong.
func TestBadInput(t *testing.T) {
	big := bytes.Repeat([]byte("// a line of padding in a far too large skill\n"), 50<<20/46)
	cases := map[string]struct {
		data []byte
		rule string
	}{
		"empty":          {nil, "xgs/header-markers"},
		"binary":         {[]byte{0x7f, 'E', 'L', 'F', 0, 0, 1, 2, 0xff}, "xgs/encoding"},
		"50 MB":          {append([]byte(specLikeHeader), big...), "xgs/too-large"},
		"invalid UTF-8":  {[]byte(specLikeHeader + "const s = \"\xc3\x28\";\n"), "xgs/encoding"},
		"header only":    {[]byte(specLikeHeader), "xgs/define-skill"},
		"markers only":   {[]byte("// ==XGooseSkill==\n// ==/XGooseSkill==\n"), "xgs/name"},
		"unclosed block": {[]byte(specLikeHeader + "/* never closed\n"), "xgs/syntax"},
		"CRLF and BOM":   {[]byte("\ufeff" + strings.ReplaceAll(specLikeHeader, "\n", "\r\n") + "export default 1;\r\n"), "xgs/define-skill"},
		"lone CR":        {[]byte("// ==XGooseSkill==\r// @name x\r// ==/XGooseSkill==\rexport default 1;"), "xgs/header-markers"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			s := Load(fstest.MapFS{"x.xgs.js": {Data: c.data}}, "x.xgs.js", model.Options{})
			found := false
			for _, d := range s.Diagnostics {
				if d.File != "x.xgs.js" {
					t.Errorf("finding without the file: %s", d)
				}
				if d.Rule == c.rule {
					found = true
				}
			}
			if !found {
				t.Errorf("no %s finding; got:\n%s", c.rule, diagList(s.Diagnostics))
			}
			if s.Format != model.FormatXGS || s.Name == "" || s.Version == "" {
				t.Errorf("skill not filled: %+v", s)
			}
		})
	}
}

func TestLoadFolderIsUnreadable(t *testing.T) {
	fsys := fstest.MapFS{"dir.xgs.js/a": {Data: []byte("x")}}
	s := Load(fsys, "dir.xgs.js", model.Options{})
	if len(s.Diagnostics) != 1 || s.Diagnostics[0].Rule != "xgs/unreadable" {
		t.Fatalf("got %v", s.Diagnostics)
	}
}

const specLikeHeader = "// ==XGooseSkill==\n// @name x\n// @namespace x\n// @version 1.0.0\n// @match *://x.test/*\n// @primary f\n// ==/XGooseSkill==\n"
