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

func TestWideText(t *testing.T) {
	const text = "---\nname: demo\n---\n"
	le, be := utf16Bytes(text, false), utf16Bytes(text, true)
	cases := []struct {
		name string
		in   []byte
		want string // "" = not wide text
	}{
		{"UTF-16 LE with BOM", append([]byte{0xFF, 0xFE}, le...), "UTF-16 LE"},
		{"UTF-16 BE with BOM", append([]byte{0xFE, 0xFF}, be...), "UTF-16 BE"},
		{"UTF-16 LE, no BOM", le, "UTF-16 LE"},
		{"UTF-16 BE, no BOM", be, "UTF-16 BE"},
		{"UTF-32 LE with BOM", []byte{0xFF, 0xFE, 0, 0, '-', 0, 0, 0}, "UTF-32 LE"},
		{"UTF-32 BE with BOM", []byte{0, 0, 0xFE, 0xFF, 0, 0, 0, '-'}, "UTF-32 BE"},
		{"UTF-8", []byte(text), ""},
		{"text with one NUL", []byte(text + "\x00" + text), ""},
		{"PNG", []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x00"), ""},
		{"short", []byte{'a', 0, 'b', 0}, ""},
	}
	for _, c := range cases {
		w, ok := WideText(c.in)
		if ok != (c.want != "") || w.Name != c.want {
			t.Errorf("%s: WideText = %q, %v; want %q", c.name, w.Name, ok, c.want)
			continue
		}
		if !ok {
			continue
		}
		got, err := w.Decode(c.in)
		if err != nil || !strings.HasPrefix(string(got), "-") {
			t.Errorf("%s: Decode = %q, %v; want the text from its first dash", c.name, got, err)
		}
	}
}

// utf16Bytes is s (ASCII) in UTF-16, big- or little-endian, without a BOM.
func utf16Bytes(s string, bigEndian bool) []byte {
	var b []byte
	for _, c := range []byte(s) {
		if bigEndian {
			b = append(b, 0, c)
		} else {
			b = append(b, c, 0)
		}
	}
	return b
}

// FuzzWideText: any bytes are sniffed and, when wide, decoded without a
// panic, and UTF-8 text with at most one NUL is never called wide.
func FuzzWideText(f *testing.F) {
	f.Add([]byte{0xFF, 0xFE, '-', 0, '-', 0})
	f.Add(utf16Bytes("---\nname: x\n---\n", true))
	f.Add([]byte("---\nname: x\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		if w, ok := WideText(b); ok {
			_, _ = w.Decode(b)
		} else if w.Name != "" {
			t.Fatalf("not wide but named %q", w.Name)
		}
	})
}
