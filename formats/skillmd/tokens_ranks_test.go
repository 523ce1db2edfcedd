package skillmd

import (
	"sync"
	"testing"

	tiktokenloader "github.com/pkoukk/tiktoken-go-loader"
)

var (
	loaderOnce  sync.Once
	loaderRanks map[string]int
)

// referenceRanks is the loader's own map, which bpeRanks must answer as.
func referenceRanks(t testing.TB) map[string]int {
	loaderOnce.Do(func() {
		m, err := tiktokenloader.NewOfflineLoader().LoadTiktokenBpe("cl100k_base.tiktoken")
		if err != nil {
			t.Fatal(err)
		}
		loaderRanks = m
	})
	return loaderRanks
}

// TestBPERanksMatchLoader looks up every token alone (the byte-by-byte
// load) and inside a longer text (the one-load path), and a few
// non-tokens built from tokens.
func TestBPERanksMatchLoader(t *testing.T) {
	want := referenceRanks(t)
	rk, err := loadRanks()
	if err != nil {
		t.Fatal(err)
	}
	for tok, r := range want {
		if got, ok := rk.rank(tok, 0, len(tok)); !ok || got != r {
			t.Fatalf("rank(%q) alone = %d, %v; want %d", tok, got, ok, r)
		}
		padded := "\x00" + tok + "\x00\x00\x00\x00\x00\x00\x00\x00"
		if got, ok := rk.rank(padded, 1, 1+len(tok)); !ok || got != r {
			t.Fatalf("rank(%q) in a text = %d, %v; want %d", tok, got, ok, r)
		}
		for _, s := range []string{tok + "\x00", "\x00" + tok, tok + tok + tok} {
			_, inMap := want[s]
			if _, ok := rk.rank(s, 0, len(s)); ok != inMap {
				t.Fatalf("rank(%q) found %v, the loader's map %v", s, ok, inMap)
			}
		}
	}
}

// FuzzBPERanks: any slice of any text is a token for bpeRanks exactly when
// it is one for the loader's map, with the same rank.
func FuzzBPERanks(f *testing.F) {
	f.Add("hello world", 0, 5)
	f.Add(" the quick brown fox jumps", 4, 10)
	f.Add("\x00\x00", 0, 1)
	f.Add("references/checklist.md", 0, 23)
	f.Fuzz(func(t *testing.T, s string, i, j int) {
		if i < 0 || j > len(s) || i > j {
			return
		}
		want, inMap := referenceRanks(t)[s[i:j]]
		rk, err := loadRanks()
		if err != nil {
			t.Fatal(err)
		}
		if got, ok := rk.rank(s, i, j); ok != inMap || (ok && got != want) {
			t.Fatalf("rank(%q) = %d, %v; the loader's map says %d, %v", s[i:j], got, ok, want, inMap)
		}
	})
}

// TestParseRanks: ranks in any order, gaps, CRLF lines; malformed files
// are refused.
func TestParseRanks(t *testing.T) {
	rk, err := parseRanks([]byte("YWI= 3\r\nYQ== 0\n\nYg== 1\n"))
	if err != nil {
		t.Fatal(err)
	}
	for tok, want := range map[string]int{"ab": 3, "a": 0, "b": 1} {
		if got, ok := rk.rank(tok, 0, len(tok)); !ok || got != want {
			t.Errorf("rank(%q) = %d, %v; want %d", tok, got, ok, want)
		}
	}
	if _, ok := rk.rank("ba", 0, 2); ok {
		t.Error(`"ba" is not a token`)
	}
	for _, bad := range []string{"YQ==\n", "YQ== x\n", "YQ== -1\n", "!!!! 0\n", "YQ== 0\nYg== 0\n"} {
		if _, err := parseRanks([]byte(bad)); err == nil {
			t.Errorf("parseRanks(%q) accepted", bad)
		}
	}
}
