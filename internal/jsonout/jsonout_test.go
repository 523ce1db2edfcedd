package jsonout

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func TestEncodeStripsControlsEverywhere(t *testing.T) {
	v := map[string]any{
		"name\u202e":  "evil\x1b]52;c;aGk=\x07name",
		"list":        []string{"a\u009b2Jb", "plain", "tab\tnew\nline"},
		"nested":      map[string]string{"k": "\x1b[31mred\u2066"},
		`quote"slash`: `back\slash`,
	}
	var b bytes.Buffer
	if err := Encode(&b, v); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, bad := range []string{`\u001b`, `\u0007`, "\u202e", "\u009b", "\u2066", "\x1b"} {
		if strings.Contains(out, bad) {
			t.Errorf("%q survived: %s", bad, out)
		}
	}
	var back map[string]any
	if err := json.Unmarshal(b.Bytes(), &back); err != nil {
		t.Fatalf("not JSON any more: %v\n%s", err, out)
	}
	if back["nested"].(map[string]any)["k"] != "red" || back[`quote"slash`] != `back\slash` {
		t.Errorf("content changed: %s", out)
	}
	if back["list"].([]any)[2] != "tab\tnew\nline" {
		t.Errorf("newline/tab not kept: %s", out)
	}
}

func FuzzClean(f *testing.F) {
	f.Add("a\x1b]0;t\x07b")
	f.Add("\u202e\u009b")
	f.Fuzz(func(t *testing.T, s string) {
		var b bytes.Buffer
		if err := Encode(&b, []string{s, s}); err != nil {
			t.Fatal(err)
		}
		var back []string
		if err := json.Unmarshal(b.Bytes(), &back); err != nil {
			t.Fatalf("invalid JSON: %v", err)
		}
		for _, r := range back[0] + back[1] {
			if r < 0x20 && r != '\n' && r != '\t' || r >= 0x7f && r <= 0x9f || r == 0x202e || r == 0x1b {
				t.Fatalf("%U survived in %q", r, back)
			}
		}
	})
}
