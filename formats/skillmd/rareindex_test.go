package skillmd

import (
	"bytes"
	"testing"
)

func TestIndexRare(t *testing.T) {
	cases := [][2]string{
		{"see scripts/run.py and scripts/x.py", "scripts/x.py"},
		{"run.py", "run.py"}, {"", "a"}, {"abc", ""}, {"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab", "aab"},
		{"/////////////////////////////////////////////////x/y", "x/y"},
		{"xx", "xxx"}, {"a.b.c.d", "c.d"}, {"tail ends with the pattern.md", "pattern.md"},
	}
	for _, c := range cases {
		if got, want := indexRare([]byte(c[0]), c[1]), bytes.Index([]byte(c[0]), []byte(c[1])); got != want {
			t.Errorf("indexRare(%q, %q) = %d, bytes.Index says %d", c[0], c[1], got, want)
		}
	}
}

// FuzzIndexRare: indexRare is bytes.Index.
func FuzzIndexRare(f *testing.F) {
	f.Add([]byte("see scripts/run.py here"), "run.py")
	f.Add([]byte("//////x//x/y"), "x/y")
	f.Add([]byte("ab"), "b")
	f.Fuzz(func(t *testing.T, text []byte, pat string) {
		if got, want := indexRare(text, pat), bytes.Index(text, []byte(pat)); got != want {
			t.Fatalf("indexRare(%q, %q) = %d, bytes.Index says %d", text, pat, got, want)
		}
	})
}
