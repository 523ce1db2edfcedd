package depmanifest

import (
	"runtime"
	"strings"
	"testing"
	"time"
	"unicode/utf16"
)

// Red team 21: hostile manifests of every kind, each in a small and a sixteen
// times larger size. Parse must not panic, and the larger must cost about
// sixteen times the smaller (a ratio, never a deadline: the machine is
// shared), whether the size is entries, nesting or one long line.
func TestHostileManifestsScaleLinearly(t *testing.T) {
	rep := strings.Repeat
	cases := []struct {
		name string
		make func(n int) string
	}{
		{"requirements.txt", func(n int) string { return rep("reqeusts==1.0 ; python_version > '3'\r\n", n) }},
		{"requirements.txt", func(n int) string { return "\ufeff" + rep("-r requirements.txt\n-c ../../etc/passwd\n", n) }},
		{"requirements.txt", func(n int) string { return rep("x", n*40) + "\\\n" }},
		{"requirements.txt", func(n int) string { return rep("a \\\n", n) }},
		{"requirements.txt", func(n int) string { return rep("pkg\x00==1\n", n) }},
		{"package.json", func(n int) string { return `{"dependencies":{` + rep(`"lodsah":"1",`, n) + `"x":"1"}}` }},
		{"package.json", func(n int) string { return `{"a":` + rep("[", n) + rep("]", n) + `,"dependencies":{"lodsah":"1"}}` }},
		{"package.json", func(n int) string { return `{"dependencies":{"` + rep("\\u001b", n) + `":"1"}}` }},
		{"pyproject.toml", func(n int) string { return "[project]\ndependencies = [" + rep(`"reqeusts>=1",`, n) + "]\n" }},
		{"pyproject.toml", func(n int) string { return "[tool.poetry.dependencies]\n" + rep("reqeusts = \"1\"\n", n) }},
		{"pyproject.toml", func(n int) string { return "a = " + rep("[", n) + rep("]", n) + "\n" }},
		{"pyproject.toml", func(n int) string { return "a = \"" + rep("\\u001b", n) + "\"\n[project]\ndependencies=[\"x\"]\n" }},
		{"Pipfile", func(n int) string { return "[packages]\n" + rep("reqeusts = \"*\"\n", n) }},
		{"Cargo.toml", func(n int) string { return "[dependencies]\n" + rep("serd = \"1\"\n", n) }},
		{"Cargo.toml", func(n int) string { return rep("[dependencies.serd]\nversion = \"1\"\n", n) }},
		{"Gemfile", func(n int) string { return rep("gem 'rials', '~> 7'\n", n) }},
		{"Gemfile", func(n int) string { return "gem '" + rep("'", n) + "\n" }},
		{"go.mod", func(n int) string { return "module x\n\nrequire (\n" + rep("github.com/x/y v1.0.0\n", n) + ")\n" }},
		{"go.mod", func(n int) string { return "module x\n" + rep("require (\n", n) }},
	}
	for _, c := range cases {
		cost := func(n int) time.Duration {
			text := []byte(c.make(n))
			best := time.Duration(1 << 62)
			for range 3 {
				runtime.GC() // the larger input's garbage is not charged to the next run
				start := time.Now()
				Parse(c.name, text)
				ParseRequirements(text)
				Includes(text)
				best = min(best, time.Since(start))
			}
			return best
		}
		// Sixteen times the input: linear is about 16x and quadratic 256x.
		// The larger inputs (about 1 MB, and their dependency lists) no
		// longer fit the caches, so a quiet machine already measures up to
		// 50x for some shapes, and a clean-clone CI running packages side
		// by side measured 46-58x for ten times; the bound of 120 leaves
		// room for that and still catches the square.
		small, large := cost(3000), cost(48000)
		t.Logf("%s %-32q %5.1fx (%v, %v)", c.name, c.make(1)[:min(30, len(c.make(1)))], float64(large)/float64(max(small, time.Microsecond)), small, large)
		if ratio := float64(large) / float64(max(small, time.Microsecond)); ratio > 120 {
			t.Errorf("%s %q…: 16x the input took %.0fx as long (%v against %v)", c.name, c.make(1)[:min(30, len(c.make(1)))], ratio, large, small)
		}
	}
}

// UTF-16 and NUL-filled manifests are not text a parser reads: they give
// no dependency rather than a misread one, and no panic.
func TestUTF16ManifestsGiveNothingWrong(t *testing.T) {
	for _, name := range []string{"requirements.txt", "package.json", "pyproject.toml", "Cargo.toml", "Gemfile", "go.mod", "Pipfile"} {
		text := "\ufeffreqeusts==1\n"
		u := utf16.Encode([]rune(text))
		b := make([]byte, 0, 2*len(u))
		for _, r := range u {
			b = append(b, byte(r), byte(r>>8))
		}
		for _, d := range Parse(name, b) {
			if strings.ContainsRune(d.Name, 0) {
				t.Errorf("%s in UTF-16: a name holding NUL: %q", name, d.Name)
			}
		}
	}
}
