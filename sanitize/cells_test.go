package sanitize

import (
	"runtime"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

func TestCellsAgreeBothWays(t *testing.T) {
	cases := map[string]string{
		"plain ascii":            "plain ascii",
		"全角 ë 🇺🇸 a\u200b":        "全角 ë 🇺🇸 a\u200b",
		"👨\u200d👩\u200d👧\u200d👦": "👨",
		"👍🏽":                     "👍",
		"\u2764\ufe0f":           "\u2764",
		"#\ufe0f\u20e3":          "#",
		"x\U0001F1FAy":           "x\ufffdy",
	}
	for in, want := range cases {
		got := Cells(in)
		if got != want {
			t.Errorf("Cells(%q) = %q, want %q", in, got, want)
		}
		if ansi.StringWidth(got) != ansi.StringWidthWc(got) {
			t.Errorf("Cells(%q) = %q: %d cells by cluster, %d by code point", in, got, ansi.StringWidth(got), ansi.StringWidthWc(got))
		}
	}
}

func FuzzCells(f *testing.F) {
	for _, s := range []string{"👨\u200d👩\u200d👧\u200d👦 x", "\u2764\ufe0f", "\U0001F1FA\U0001F1F8\U0001F1FA", "e\u0301\u0301", "\u1100\u1161\u11a8", "a\u200db", "\U000E0041"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := Cells(Line(s))
		if w, wc := ansi.StringWidth(got), ansi.StringWidthWc(got); w != wc {
			t.Fatalf("Cells(Line(%q)) = %q: %d cells by cluster, %d by code point", s, got, w, wc)
		}
	})
}

// Cells is linear: 2 MB of clusters it replaces took minutes when each
// replacement copied the rest of the text.
func TestCellsIsLinear(t *testing.T) {
	s := strings.Repeat("\U0001F468\u200d\U0001F469\u200d\U0001F467 \u2764\ufe0f\u5168", 100_000)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	got := Cells(s)
	runtime.ReadMemStats(&after)
	// Work, not the clock, which a busy machine or the race detector
	// slows: a copy of the rest per replacement allocates terabytes here,
	// a linear pass a few times the text.
	work := after.TotalAlloc - before.TotalAlloc
	t.Logf("%d bytes: %d allocated", len(s), work)
	if work > 64*uint64(len(s)) {
		t.Errorf("Cells of %d bytes allocated %d MB", len(s), work>>20)
	}
	if ansi.StringWidth(got) != ansi.StringWidthWc(got) {
		t.Error("widths disagree")
	}
}
