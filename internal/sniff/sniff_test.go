package sniff

import (
	"strings"
	"testing"
)

func TestNUL(t *testing.T) {
	for in, want := range map[string]int{"": -1, "text": -1, "a\x00b": 1, "\x00": 0} {
		if got := NUL([]byte(in)); got != want {
			t.Errorf("NUL(%q) = %d, want %d", in, got, want)
		}
	}
	late := strings.Repeat("a", HeadLen) + "\x00"
	if NULInHead([]byte(late)) != -1 || NUL([]byte(late)) != HeadLen {
		t.Error("NULInHead looked past the head, or NUL stopped at it")
	}
}

func TestBinary(t *testing.T) {
	cases := map[string]bool{
		"":                      false,
		"# Markdown\n":          false,
		"caf\xe9 au lait, ok":   false, // Latin-1: one bad byte in many
		"\x89PNG\r\n\x1a\n\x00": true,
		"\xff\xfe\xfd\xfc\xfb":  true,
		"text\x00":              true,
		strings.Repeat("a", HeadLen) + "\xff\xff\xff": false, // past the head
	}
	for in, want := range cases {
		if got := Binary([]byte(in)); got != want {
			t.Errorf("Binary(%q) = %v, want %v", in[:min(len(in), 20)], got, want)
		}
	}
}
