package pathname

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRelProblem(t *testing.T) {
	for p, want := range map[string]string{
		"references/a.md":   "",
		"../x":              "leaves the skill folder",
		"/etc/passwd":       "leaves the skill folder",
		"a\\b":              "leaves the skill folder",
		"a/\u202egpj.exe":   "bidi control U+202E",
		"a\x1b]0;t\x07":     "control character U+001B",
		"a\u0085b":          "control character U+0085",
		"a\xffb":            "not valid UTF-8",
		".":                 "names the folder itself",
		"":                  "is empty",
		"a/./b/../../../..": "leaves the skill folder",
		// Version-control folders, in every spelling a disk takes for one.
		".git/config":                  "version-control folder (.git)",
		"sub/.git/hooks/post-checkout": "version-control folder (.git)",
		".GIT/config":                  "version-control folder (.git)",
		".git./config":                 "version-control folder (.git)",
		".git /config":                 "version-control folder (.git)",
		"GIT~1/config":                 "version-control folder (git~1)",
		".g\u200cit/config":            "version-control folder (.git)",
		".\ufeffgit/config":            "version-control folder (.git)",
		".hg/hgrc":                     "version-control folder (.hg)",
		".svn/entries":                 "version-control folder (.svn)",
		".gitignore":                   "",
		".github/workflows/x.yml":      "",
		"references/git.md":            "",
		// Names Windows cannot hold, or takes for another file or a device.
		"SKILL.md.":           "ends in a dot or space",
		"references /a.md":    "ends in a dot or space",
		"a:b":                 "a Windows file name cannot",
		"SKILL.md::$DATA":     "a Windows file name cannot",
		"what?.md":            "a Windows file name cannot",
		"references/CON":      "device name on Windows (CON)",
		"nul.md":              "device name on Windows (NUL)",
		"scripts/com1.sh":     "device name on Windows (COM1)",
		"lpt\u00b9.txt":       "device name on Windows (LPT\u00b9)",
		"console.md":          "",
		"references/.../a.md": "ends in a dot or space",
	} {
		got := RelProblem(p)
		if want == "" && got != "" || want != "" && !strings.Contains(got, want) {
			t.Errorf("RelProblem(%q) = %q, want %q", p, got, want)
		}
	}
}

func TestRel(t *testing.T) {
	for _, c := range []struct {
		base, p, rel string
		ok           bool
	}{
		{"/a", "/a/b", "b", true},
		{"/a", "/a", ".", true},
		{"/a", "/ab", "", false},
		{"/a", "/a/../b", "", false},
		{"/a", "/a/..b", "..b", true},
	} {
		rel, ok := Rel(c.base, c.p)
		if rel != c.rel || ok != c.ok {
			t.Errorf("Rel(%q, %q) = %q %v", c.base, c.p, rel, ok)
		}
	}
}

func TestLinkOnTheWay(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	if err := os.MkdirAll(filepath.Join("real", "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(t.TempDir(), "out"); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("real", "inner"); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		p    string
		last bool
		link string
	}{
		{"out/x.sarif", false, "out"},
		{"out", false, ""},
		{"out", true, "out"},
		{"real/sub/x.sarif", false, ""},
		{"inner/sub/x", false, "inner"},
		{"./out/x", false, "out"},
		{"../x/out/y", false, ""},
		{filepath.Join(dir, "out", "x"), false, ""},
		{"missing/x", false, ""},
	} {
		link, _, ok := LinkOnTheWay(c.p, c.last)
		if link != c.link || ok != (c.link != "") {
			t.Errorf("LinkOnTheWay(%q, %v) = %q, %v; want %q", c.p, c.last, link, ok, c.link)
		}
	}
}

// TestRelCleanTakesTheCommonCase: a finding's file inside or outside
// the working folder, as lint prints it, is answered without
// filepath.Rel; what is not clean and absolute is left to it.
func TestRelCleanTakesTheCommonCase(t *testing.T) {
	if filepath.Separator != '/' {
		t.Skip("the fast path is for slash paths")
	}
	for _, c := range []struct {
		base, p, rel string
		inside       bool
	}{
		{"/work/lib", "/work/lib/group-000/skills-md/guide-00001/SKILL.md", "group-000/skills-md/guide-00001/SKILL.md", true},
		{"/w", "/w/..b/c", "..b/c", true},
		{"/w", "/w", ".", true},
		{"/work/wt/x", "/tmp/lib/a/SKILL.md", "", false},
		{"/a/b", "/a", "", false},
		{"/a", "/ab", "", false},
	} {
		if rel, inside, decided := relClean(c.base, c.p); !decided || rel != c.rel || inside != c.inside {
			t.Errorf("relClean(%q, %q) = %q %v %v, want %q %v", c.base, c.p, rel, inside, decided, c.rel, c.inside)
		}
	}
	for _, c := range [][2]string{{"/", "/a"}, {"/a/", "/a/b"}, {"/a", "/a//b"}, {"/a", "/a/./b"}, {"/a", "/a/b/"}, {"/a/../c", "/a/../c/d"}, {"a", "a/b"}, {"/a", "b"}} {
		if _, _, decided := relClean(c[0], c[1]); decided {
			t.Errorf("relClean(%q, %q) took a pair it must leave to filepath.Rel", c[0], c[1])
		}
	}
}

// FuzzRelFast: Rel with its fast path answers as filepath.Rel does.
func FuzzRelFast(f *testing.F) {
	for _, s := range [][2]string{{"/a", "/a/b"}, {"/a", "/a"}, {"/a", "/ab"}, {"/a", "/a/../b"}, {"/", "/x"}, {"/a/.", "/a/b"}, {"/a", "/a//b/"}, {"/a/b", "/a/b/../../c"}, {"/work/x", "/tmp/y/z"}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, base, p string) {
		gotRel, gotOK := Rel(base, p)
		wantRel, wantOK := relGeneral(base, p)
		if gotRel != wantRel || gotOK != wantOK {
			t.Fatalf("Rel(%q, %q) = %q %v, filepath.Rel gives %q %v", base, p, gotRel, gotOK, wantRel, wantOK)
		}
	})
}

// TestWindowsProblem: what git for Windows refuses to check out, and
// names that only start like it.
func TestWindowsProblem(t *testing.T) {
	bad := []string{"con", "CON", "aux.md", "Nul.tar.gz", "prn", "com1", "COM9.txt", "lpt3", "lpt¹", "conin$", "nul .txt",
		"notes.", "notes ", "a:b", "why?", "a*b", "a<b", "a>b", `say"hi"`, "a|b", "tab\there"}
	for _, n := range bad {
		if WindowsProblem(n) == "" {
			t.Errorf("%q: no problem found", n)
		}
	}
	good := []string{"console", "auxiliary.md", "com", "com10", "lpt0", "con-tips", "nul-check", ".", "..", "", ".hidden", "a.b.c", "com1x"}
	for _, n := range good {
		if p := WindowsProblem(n); p != "" {
			t.Errorf("%q: %s", n, p)
		}
	}
	if WindowsPathProblem("references/aux/notes.md") == "" {
		t.Error("a device folder inside a path was missed")
	}
	if p := WindowsPathProblem("references/guide.md"); p != "" {
		t.Error(p)
	}
}

func FuzzWindowsProblem(f *testing.F) {
	for _, s := range []string{"con", "a.b", "lpt¹.x", "x ", "a/b/aux"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		_ = WindowsPathProblem(s)
		if WindowsDevice(s) != "" && WindowsProblem(s) == "" {
			t.Errorf("%q is a device but has no problem", s)
		}
		if WindowsProblem(s) != "" && SegmentProblem(s) == "" && !strings.ContainsFunc(s, func(r rune) bool { return r < 0x20 }) {
			t.Errorf("%q: a Windows problem that pull would write", s)
		}
	})
}
