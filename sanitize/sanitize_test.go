package sanitize

import (
	"strings"
	"testing"
)

func TestString(t *testing.T) {
	cases := map[string]struct{ in, want string }{
		"plain":        {"hello, world\n\tok", "hello, world\n\tok"},
		"sgr":          {"a\x1b[31mred\x1b[0m b", "ared b"},
		"osc52 bel":    {"x\x1b]52;c;aGVsbG8=\x07y", "xy"},
		"osc52 st":     {"x\x1b]52;c;aGVsbG8=\x1b\\y", "xy"},
		"title":        {"\x1b]0;pwned\x07Title", "Title"},
		"osc8":         {"\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\", "link"},
		"cursor":       {"a\x1b[2J\x1b[Hb", "ab"},
		"c1 csi":       {"a\u009b31mb", "ab"},
		"c1 osc":       {"a\u009d0;t\u009cb", "ab"},
		"bidi":         {"a\u202egnp.exe\u202c", "agnp.exe"},
		"isolates":     {"\u2066x\u2069", "x"},
		"c0":           {"a\x00b\x07c\x08d", "abcd"},
		"crlf":         {"a\r\nb\rc", "a\nb\nc"},
		"invalid utf8": {"a\xffb", "a\uFFFDb"},
		"dcs":          {"a\x1bPq#0;2;0;0;0\x1b\\b", "ab"},
		"unicode kept": {"héllo ★ 日本", "héllo ★ 日本"},
		"truncated":    {"abc\x1b]52;c;", "abc"},
		"two byte esc": {"a\x1bcb", "ab"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			if got := String(c.in); got != c.want {
				t.Errorf("String(%q) = %q, want %q", c.in, got, c.want)
			}
		})
	}
}

func TestLine(t *testing.T) {
	if got := Line("a\nb\tc\x1b[1m"); got != "a b c" {
		t.Errorf("Line = %q", got)
	}
}

func FuzzString(f *testing.F) {
	for _, s := range []string{"plain", "\x1b]52;c;x\x07", "\x1b[31m", "\u009b1m", "\u202e", "\xff\xfe"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := String(s)
		if strings.ContainsRune(out, 0x1b) || strings.ContainsRune(out, 0x9b) || strings.ContainsRune(out, 0x9d) || strings.ContainsRune(out, '\u202e') {
			t.Fatalf("control survived: %q -> %q", s, out)
		}
		if String(out) != out {
			t.Fatalf("not idempotent: %q -> %q -> %q", s, out, String(out))
		}
	})
}
