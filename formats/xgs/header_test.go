package xgs

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestHeaderRoundTrip(t *testing.T) {
	cases := map[string]string{
		"plain":         "// ==XGooseSkill==\n// @name a-b\n// @namespace ab\n// ==/XGooseSkill==\n",
		"crlf":          "// ==XGooseSkill==\r\n// @name a-b\r\n// @match *://x.org/*\r\n// ==/XGooseSkill==\r\n",
		"odd spacing":   "  //   ==XGooseSkill==  \n//@name\ta-b \t\n  //  @match    *://x.org/*   \n//\n// a note\n// @all-frames\n//    ==/XGooseSkill==\n",
		"mixed endings": "// ==XGooseSkill==\n// @name a\r\n// @x-custom  1 2 3\n// ==/XGooseSkill==\r\n",
	}
	for name, src := range cases {
		t.Run(name, func(t *testing.T) {
			h, _ := ParseHeader([]byte(src + "export default 1;\n"))
			if h == nil {
				t.Fatal("no header")
			}
			if got := h.String(); got != src {
				t.Fatalf("round trip:\n got %q\nwant %q", got, src)
			}
			if h.End != len(src) {
				t.Fatalf("End = %d, want %d", h.End, len(src))
			}
		})
	}
}

func TestHeaderValues(t *testing.T) {
	src := "\ufeff// ==XGooseSkill==\r\n// @name  a-b \r\n//@match *://x.org/*\n// @match <all_urls>\n// @all-frames\n// @foo:fr bar baz\n// ==/XGooseSkill==\nbody"
	h, diags := ParseHeader([]byte(src))
	if len(diags) != 0 {
		t.Fatalf("diags: %v", diags)
	}
	if h.Get("name") != "a-b" {
		t.Errorf("name = %q", h.Get("name"))
	}
	if got := h.All("match"); len(got) != 2 || got[1] != "<all_urls>" {
		t.Errorf("match = %q", got)
	}
	if !h.Has("all-frames") || h.Get("all-frames") != "" {
		t.Errorf("all-frames missing or not empty")
	}
	if ex := h.Extras(); len(ex) != 1 || ex[0].Key != "foo:fr" || ex[0].Value != "bar baz" {
		t.Errorf("extras = %v", ex)
	}
	d := h.Find("match")
	if d.Line != 3 || d.Column != 3 || d.ValueColumn != 10 {
		t.Errorf("match at %d:%d value col %d", d.Line, d.Column, d.ValueColumn)
	}
	if h.Start != 3 || src[h.End:] != "body" {
		t.Errorf("Start %d End %d", h.Start, h.End)
	}
}

func TestHeaderMarkerProblems(t *testing.T) {
	for name, src := range map[string]string{
		"missing":     "export default 1;\n",
		"not first":   "import x from 'y';\n// ==XGooseSkill==\n// @name a\n// ==/XGooseSkill==\n",
		"unclosed":    "// ==XGooseSkill==\n// @name a\nexport default 1;\n",
		"empty input": "",
	} {
		t.Run(name, func(t *testing.T) {
			_, diags := ParseHeader([]byte(src))
			if len(diags) != 1 || diags[0].Rule != "xgs/header-markers" {
				t.Fatalf("diags = %v", diags)
			}
		})
	}
	h, _ := ParseHeader([]byte("// ==XGooseSkill==\n// @name a\nexport default 1;\n"))
	if h.Closed || h.End != len("// ==XGooseSkill==\n// @name a\n") {
		t.Errorf("unclosed header: Closed %v End %d", h.Closed, h.End)
	}
}

// TestUserscriptHeadersRoundTrip prints real third-party userscript headers
// back byte-for-byte.
func TestUserscriptHeadersRoundTrip(t *testing.T) {
	dir := sharedPath(t, "corpus", "Mottie__GitHub-userscripts", "_headers-only")
	files, _ := filepath.Glob(filepath.Join(dir, "*.header.txt"))
	if len(files) == 0 {
		t.Skip("no userscript headers in " + dir)
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		h, diags := ParseHeaderMarker(src, "UserScript")
		if h == nil || len(diags) != 0 {
			t.Errorf("%s: header %v diags %v", f, h != nil, diags)
			continue
		}
		if got := h.String(); got != string(src) {
			t.Errorf("%s: round trip differs", f)
		}
		if h.Get("name") == "" || len(h.Directives) < 3 {
			t.Errorf("%s: directives not read", f)
		}
		for _, l := range h.Lines {
			if l.Kind == LineOther && strings.TrimSpace(l.Text) != "" {
				t.Errorf("%s:%d: line not read as a directive: %q", f, l.Line, l.Text)
			}
		}
	}
}
