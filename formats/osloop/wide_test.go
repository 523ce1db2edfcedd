package osloop

import (
	"strings"
	"testing"
	"testing/fstest"
)

// toUTF16LE is s with a byte-order mark in UTF-16 little endian, as
// PowerShell 5's > writes it (ASCII input only).
func toUTF16LE(s string) string {
	b := []byte{0xFF, 0xFE}
	for _, c := range []byte(s) {
		b = append(b, c, 0)
	}
	return string(b)
}

// A manifest.json or module.ts saved as UTF-16 is named as such: the
// finding says which encoding and to save as UTF-8, where it used to call
// the file binary or "not valid JSON" with a hint to look for a comma.
func TestUTF16FilesAreNamed(t *testing.T) {
	for _, name := range []string{"manifest.json", "module.ts"} {
		ds := lintFixture(t, ruleCase{name: name, edit: func(t *testing.T, m fstest.MapFS) {
			put(m, name, toUTF16LE(file(m, name)))
		}})
		found := false
		for _, d := range ds {
			if strings.Contains(d.Message+d.Hint, "UTF-16 LE") && strings.Contains(d.Hint, "UTF-8") && d.Line == 1 && d.Column == 1 {
				found = true
			}
		}
		if !found {
			t.Errorf("%s in UTF-16: no finding at 1:1 naming UTF-16 LE with a UTF-8 hint:\n%s", name, dump(ds))
		}
	}
}
