package templates

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
)

func TestYAMLScalar(t *testing.T) {
	cases := []struct{ in, want string }{
		{"hello world", "hello world"},
		{"Résumé naïve", "Résumé naïve"},
		{"Greets: the user", `"Greets: the user"`},
		{"yes", `"yes"`},
		{"No", `"No"`},
		{"1.0", `"1.0"`},
		{"0755", `"0755"`},
		{"- item", `"- item"`},
		{"a # b", `"a # b"`},
		{`say "hi"`, `"say \"hi\""`},
		{`back\slash`, `"back\\slash"`},
		{"tab\there", `"tab\there"`},
		{"", `""`},
		{" padded", `" padded"`},
		{"bom\ufeff", `"bom\ufeff"`},
		{"bell\a", `"bell\x07"`},
	}
	for _, c := range cases {
		if got := YAMLScalar(c.in); got != c.want {
			t.Errorf("YAMLScalar(%q) = %s, want %s", c.in, got, c.want)
		}
		checkYAMLRoundTrip(t, c.in)
	}
}

func checkYAMLRoundTrip(t *testing.T, s string) {
	t.Helper()
	out := YAMLScalar(s)
	var m map[string]string
	if err := yaml.Unmarshal([]byte("k: "+out+"\n"), &m); err != nil {
		t.Fatalf("YAMLScalar(%q) = %s does not parse: %v", s, out, err)
	}
	if m["k"] != s {
		t.Fatalf("YAMLScalar(%q) = %s reads back as %q", s, out, m["k"])
	}
	if !strings.HasPrefix(out, `"`) && (strings.Contains(out, ": ") || strings.Contains(out, " #")) {
		t.Fatalf("YAMLScalar(%q) = %s: a plain value with ': ' or ' #'", s, out)
	}
}

func TestJSONAndJSString(t *testing.T) {
	for _, s := range []string{"plain", `q"uote`, `b\s`, "nl\n", "<script>&", "\u2028\u2029", "ünï 📄", "\x00"} {
		out := JSONString(s)
		var back string
		if err := json.Unmarshal([]byte(out), &back); err != nil || back != s {
			t.Errorf("JSONString(%q) = %s reads back as %q (%v)", s, out, back, err)
		}
		if strings.ContainsAny(out, "\n\u2028\u2029") {
			t.Errorf("JSString(%q) = %s holds a raw line terminator", s, out)
		}
	}
	if got := JSONString("<a&b>"); got != `"<a&b>"` {
		t.Errorf("HTML characters escaped: %s", got)
	}
}

func TestOneLineAndMarkdown(t *testing.T) {
	if got := OneLine("  a\nb\t\tc\r\n\u2028d  "); got != "a b c d" {
		t.Errorf("OneLine = %q", got)
	}
	cases := map[string]string{
		"*bold* [link](x) <b> #tag": `\*bold\* \[link\]\(x\) \<b\> \#tag`,
		"- item":                    `\- item`,
		"1. first":                  `1\. first`,
		"plain text, fine.":         "plain text, fine.",
		"a_b `c`":                   "a\\_b \\`c\\`",
	}
	for in, want := range cases {
		if got := MarkdownText(in); got != want {
			t.Errorf("MarkdownText(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestNameHelpers(t *testing.T) {
	for in, want := range map[string]string{"web-summary": "webSummary", "a": "a", "3d-viewer": "skill3dViewer", "x-1-y": "x1Y", "": ""} {
		if got := Camel(in); got != want {
			t.Errorf("Camel(%q) = %q, want %q", in, got, want)
		}
	}
	if got := Title("web-summary"); got != "Web Summary" {
		t.Errorf("Title = %q", got)
	}
	if got := Tags("a-b-a-c"); got != "a, b, c" {
		t.Errorf("Tags = %q", got)
	}
}

func FuzzYAMLScalar(f *testing.F) {
	for _, s := range []string{"", "yes", "a: b", "- x", "#", "'", "\"", "\\", "ü", "\t", "0x1F", "~", "null", "1e3", "@x", "%x", "&a", "*a", "!t", "|", ">", "{}", "[]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			t.Skip()
		}
		checkYAMLRoundTrip(t, s)
	})
}

func FuzzJSONString(f *testing.F) {
	f.Add("\u2028")
	f.Add(`"\`)
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			t.Skip()
		}
		var back string
		if err := json.Unmarshal([]byte(JSONString(s)), &back); err != nil || back != s {
			t.Fatalf("JSONString(%q) reads back as %q (%v)", s, back, err)
		}
	})
}

func FuzzOneLine(f *testing.F) {
	f.Add("a\nb")
	f.Add("\u2029\u0085x")
	f.Fuzz(func(t *testing.T, s string) {
		out := OneLine(s)
		for _, r := range out {
			if unicode.IsControl(r) || r == 0x2028 || r == 0x2029 {
				t.Fatalf("OneLine(%q) = %q holds %U", s, out, r)
			}
		}
		if md := MarkdownText(s); strings.ContainsAny(md, "\n\r") {
			t.Fatalf("MarkdownText(%q) = %q spans lines", s, md)
		}
	})
}
