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
	for _, bad := range []string{"", "  ", "!keep", "a/../b", "../x", "[abc", "/", ".", `a\b`} {
		if err := Check(bad); err == nil {
			t.Errorf("Check(%q) = nil, want an error", bad)
		}
	}
	for _, good := range []string{"fixtures/", "**/testdata/**", "scratch", "*.draft.xgs.js", "/top", "a/{b,c}/d"} {
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
