package exclude

import (
	"strings"
	"testing"
)

func TestExcluded(t *testing.T) {
	const root = "/repo"
	cases := []struct {
		pattern string
		path    string
		dir     bool
		want    bool
	}{
		// A folder pattern (trailing slash) matches folders at any depth, not files.
		{"fixtures/", "/repo/fixtures", true, true},
		{"fixtures/", "/repo/a/b/fixtures", true, true},
		{"fixtures/", "/repo/fixtures", false, false},
		{"fixtures/", "/repo/fixtures2", true, false},
		// A bare name matches a file or a folder at any depth.
		{"scratch", "/repo/scratch", true, true},
		{"scratch", "/repo/x/scratch", false, true},
		{"scratch", "/repo/scratchy", true, false},
		{"*.draft.xgs.js", "/repo/a/b/c.draft.xgs.js", false, true},
		{"*.draft.xgs.js", "/repo/c.xgs.js", false, false},
		// ** patterns: the folder itself is excluded so it is never entered.
		{"**/testdata/**", "/repo/x/testdata", true, true},
		{"**/testdata/**", "/repo/testdata", true, true},
		{"**/testdata/**", "/repo/x/testdata/a.xgs.js", false, true},
		{"**/testdata/**", "/repo/x/testdatax", true, false},
		// A pattern with a slash is anchored to its folder.
		{"skills/old", "/repo/skills/old", true, true},
		{"skills/old", "/repo/x/skills/old", true, false},
		{"/scratch", "/repo/scratch", true, true},
		{"/scratch", "/repo/a/scratch", true, false},
		{"./scratch", "/repo/scratch", true, true},
		{"skills/*/draft", "/repo/skills/a/draft", true, true},
		{"skills/*/draft", "/repo/skills/a/b/draft", true, false},
		{"skills/**/draft", "/repo/skills/a/b/draft", true, true},
		// Nothing outside the pattern's folder, nor the folder itself.
		{"scratch", "/other/scratch", true, false},
		{"scratch", "/repository/scratch", true, false},
		{"**", "/repo", true, false},
	}
	for _, c := range cases {
		s, err := New([]Pattern{{Glob: c.pattern, Dir: root}})
		if err != nil {
			t.Fatalf("%q: %v", c.pattern, err)
		}
		if got := s.Excluded(c.path, c.dir); got != c.want {
			t.Errorf("pattern %q, path %s (dir %v): excluded %v, want %v", c.pattern, c.path, c.dir, got, c.want)
		}
	}
}

// A pattern from a config in a parent folder applies below it, relative
// to that folder, whatever folder the search starts in.
func TestParentConfig(t *testing.T) {
	s, err := New([]Pattern{{Glob: "pkg/fixtures/", Dir: "/repo"}, {Glob: "tmp", Dir: "/repo/pkg"}})
	if err != nil {
		t.Fatal(err)
	}
	for p, want := range map[string]bool{
		"/repo/pkg/fixtures":     true,
		"/repo/pkg/sub/fixtures": false,
		"/repo/pkg/a/tmp":        true,
		"/repo/tmp":              false, // above the second pattern's folder
	} {
		if got := s.Excluded(p, true); got != want {
			t.Errorf("%s: excluded %v, want %v", p, got, want)
		}
	}
}

// A leading ! re-includes: the last matching pattern decides, in the
// order written. dir/** before a ! pattern matches what is inside dir,
// not dir, so the ! pattern can reach inside; a folder left out itself
// keeps its contents out (the search never enters it), as in git.
func TestNegation(t *testing.T) {
	cases := []struct {
		patterns []string
		path     string
		dir      bool
		want     bool
	}{
		{[]string{"*.xgs.js", "!keep.xgs.js"}, "/repo/a/keep.xgs.js", false, false},
		{[]string{"*.xgs.js", "!keep.xgs.js"}, "/repo/a/other.xgs.js", false, true},
		{[]string{"!keep.xgs.js", "*.xgs.js"}, "/repo/a/keep.xgs.js", false, true}, // last match wins
		{[]string{"fixtures/", "!fixtures/"}, "/repo/fixtures", true, false},
		{[]string{"fixtures/", "!/fixtures/"}, "/repo/x/fixtures", true, true},
		{[]string{"!fixtures/", "fixtures/"}, "/repo/fixtures", true, true},
		// dir/** then a ! inside: dir is entered, its other contents are out.
		{[]string{"testdata/**", "!testdata/good/"}, "/repo/testdata", true, false},
		{[]string{"testdata/**", "!testdata/good/"}, "/repo/testdata/good", true, false},
		{[]string{"testdata/**", "!testdata/good/"}, "/repo/testdata/bad", true, true},
		{[]string{"testdata/**", "!testdata/good/"}, "/repo/testdata/x.xgs.js", false, true},
		// dir/** after the last ! still leaves dir itself out.
		{[]string{"!keep", "testdata/**"}, "/repo/testdata", true, true},
		// A ! pattern for files only does not re-include a folder.
		{[]string{"drafts", "!drafts/"}, "/repo/drafts", false, true},
		// A folder left out stays out; asked alone, a file below it is not
		// matched by the folder pattern (the search never asks).
		{[]string{"fixtures/", "!fixtures/keep.xgs.js"}, "/repo/fixtures", true, true},
	}
	for _, c := range cases {
		var ps []Pattern
		for _, p := range c.patterns {
			ps = append(ps, Pattern{Glob: p, Dir: "/repo"})
		}
		s, err := New(ps)
		if err != nil {
			t.Fatalf("%q: %v", c.patterns, err)
		}
		if got := s.Excluded(c.path, c.dir); got != c.want {
			t.Errorf("patterns %q, path %s (dir %v): excluded %v, want %v", c.patterns, c.path, c.dir, got, c.want)
		}
	}
}

func TestNilSet(t *testing.T) {
	s, err := New(nil)
	if s != nil || err != nil {
		t.Fatalf("New(nil) = %v, %v; want nil, nil", s, err)
	}
	if s.Excluded("/a", true) {
		t.Error("a nil set excluded a path")
	}
}

func TestCheck(t *testing.T) {
	for _, bad := range []string{"", "  ", "!", "!/", "!../x", "a/../b", "../x", "[abc", "/", ".", `a\b`} {
		if err := Check(bad); err == nil {
			t.Errorf("Check(%q) = nil, want an error", bad)
		}
	}
	for _, good := range []string{"fixtures/", "**/testdata/**", "scratch", "*.draft.xgs.js", "/top", "a/{b,c}/d", "!keep", "!fixtures/good/"} {
		if err := Check(good); err != nil {
			t.Errorf("Check(%q) = %v", good, err)
		}
	}
	if _, err := New([]Pattern{{Glob: "[x", Dir: "/"}}); err == nil || !strings.Contains(err.Error(), `"[x"`) {
		t.Errorf("New with a bad pattern: %v, want an error naming it", err)
	}
}

// FuzzExcluded: no pattern or path makes compiling or matching panic, and
// a path is never excluded by a pattern relative to a folder it is not in.
func FuzzExcluded(f *testing.F) {
	f.Add("fixtures/", "a/fixtures", true)
	f.Add("**/testdata/**", "x/testdata/y", false)
	f.Add("/a/{b,c}", "a/b", true)
	f.Fuzz(func(t *testing.T, pattern, rel string, dir bool) {
		s, err := New([]Pattern{{Glob: pattern, Dir: "/base"}})
		if err != nil {
			return
		}
		s.Excluded("/base/"+rel, dir)
		if s.Excluded("/elsewhere/"+rel, dir) {
			t.Errorf("pattern %q excluded a path outside its folder", pattern)
		}
	})
}

// A project's config comes with a checkout: a pattern whose {…} groups
// multiply into thousands of alternatives made every path of the search
// backtrack through all of them (14 groups of two: 85 ms a path, each
// group more doubling it), stalling lint, the studio and the language
// server on that checkout. Such a pattern is refused, saying why.
func TestBraceBombsAreRefused(t *testing.T) {
	for _, bad := range []string{
		"**/" + strings.Repeat("{a,a}/", 14) + "b",
		strings.Repeat("**/{a,a*,*a}/", 10) + "b",
		"{a,{b,{c,{d,{e,{f,{g,h}}}}}}}" + strings.Repeat("{x,y}", 5),
		"*.{" + strings.Repeat("a,", 70) + "b}",
		strings.Repeat("a", MaxPatternLen+1),
	} {
		err := Check(bad)
		if err == nil {
			t.Errorf("Check(%.40q…) = nil, want an error", bad)
			continue
		}
		if len(bad) <= MaxPatternLen && !strings.Contains(err.Error(), "combinations") {
			t.Errorf("Check(%.40q…) = %v, want it to say combinations", bad, err)
		}
	}
	for _, good := range []string{"*.{md,js,ts}", "{docs,examples}/**/*.{md,txt}", strings.Repeat("{a,b}", 6)} {
		if err := Check(good); err != nil {
			t.Errorf("Check(%q) = %v", good, err)
		}
	}
	if n := braceCombinations(strings.Repeat("{a,b,c}", 1000)); n != MaxBraceCombinations+1 {
		t.Errorf("braceCombinations saturates at %d, got %d", MaxBraceCombinations+1, n)
	}
}
