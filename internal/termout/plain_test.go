package termout

import (
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// FuzzPlain holds Plain's fast path to ansi.Strip: the same text out,
// whether or not it holds escapes.
func FuzzPlain(f *testing.F) {
	for _, s := range []string{
		"  plain text\n\tand tab\n", "ünï ✓ 日本 🧑‍💻\n", "a\x1b[1mbold\x1b[0m", "a\x1b]8;;x\x07link\x1b]8;;\x07",
		"\u009b2J", "a\x1b[38;5;1mx\x1b]8;id=1;https://x\x1b\\y\x1b]8;;\x07z", "\x1b[1;\x07m", "\x1b]8;ü\x07", "del\x7f", "bell\a", "\xff\xfe", "cr\r\n", "\x18\x1a",
		"\x1b[ 0A", // a parameter byte after an intermediate one (found by CI)
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := Plain(s), ansi.Strip(s); got != want {
			t.Fatalf("Plain(%q) = %q, ansi.Strip = %q", s, got, want)
		}
	})
}
