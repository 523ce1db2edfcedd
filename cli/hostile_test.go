package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The hostile library: skills written the way a hostile author would,
// generated here because most of the attack is invisible or unprintable
// (escape sequences in names, FIFOs, symlinks out of the tree).
const (
	osc52 = "\x1b]52;c;aGk=\x07"         // write the clipboard
	title = "\x1b]0;pwned\x1b\\"         // retitle the terminal
	c1CSI = "\u009b2J"                   // clear the screen, 8-bit form
	bidi  = "\u202eevil\u202c"           // Trojan Source override
	evil  = osc52 + title + c1CSI + bidi // all of them at once
)

// hostileLibrary builds the library in a temporary folder and returns it.
func hostileLibrary(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	lib := filepath.Join(root, "lib")
	// A SKILL.md whose folder, name and description carry escapes.
	write(t, filepath.Join(lib, "e"+osc52+"vil", "SKILL.md"),
		"---\nname: e"+osc52+"vil\ndescription: Use when "+evil+" happens\u0085 and \x1b[31mred\x1b[0m.\n---\n# "+title+"Heading\n\nBody "+evil+"\n")
	// A fixable SKILL.md (colon in the description) in a hostile folder,
	// so lint --fix names it in its fixed/not fixed lines.
	copyTreeTo(t, "testdata/lint/fixable/skillmd/colon-desc", filepath.Join(lib, "c"+title+"olon"))
	// The broken quiz, renamed to carry an escape: quiz --answers prints
	// the name when a branch cannot resolve.
	quiz := filepath.Join(lib, "quizbad")
	copyTreeTo(t, brokenQuiz, quiz)
	md := readFile(t, filepath.Join(quiz, "SKILL.md"))
	write(t, filepath.Join(quiz, "SKILL.md"), strings.Replace(md, "name: broken-webhook-verification", "name: quizbad"+osc52, 1))
	// .xgs.js files with hostile file names and header fields.
	xgs := readFile(t, "testdata/lint/clean/xgs/recipe-box.xgs.js")
	write(t, filepath.Join(lib, "r"+title+".xgs.js"), strings.Replace(xgs, "Recipe", "Recipe "+evil, 1))
	copyFile(t, "testdata/lint/fixable/xgs/no-version.xgs.js", filepath.Join(lib, "n"+osc52+".xgs.js"))
	// A FIFO inside a skill folder: nothing may block on it.
	tide := filepath.Join(lib, "tide-tables")
	copyTreeTo(t, "testdata/lint/clean/skillmd/tide-tables", tide)
	mkfifo(t, filepath.Join(tide, "pipe.md"))
	mkfifo(t, filepath.Join(lib, "pipe.xgs.js"))
	// Symlinks out of the tree: to / and to ../.. (which holds a skill
	// that must not be read, let alone fixed).
	copyTreeTo(t, "testdata/lint/fixable/skillmd/colon-desc", filepath.Join(root, "outside"))
	must(t, os.Symlink("/", filepath.Join(lib, "to-root")))
	must(t, os.Symlink("..", filepath.Join(lib, "up")))
	return lib
}

// assertNoForeignEscape fails when out holds anything a terminal would
// act on: ESC, C1 controls, BEL, bidi overrides, or JSON escapes that
// `jq -r` would turn back into them.
func assertNoForeignEscape(t *testing.T, what, out string) {
	t.Helper()
	bads := []string{"\x1b", "\x07", "\u009b", "\u009d", "\u0085", "\u202e", "\u202c"}
	// In JSON, escaped controls matter too: `jq -r` makes them live. (In
	// text, a %q-quoted "\u009b" is harmless characters.)
	if t := strings.TrimSpace(out); strings.HasPrefix(t, "{") || strings.HasPrefix(t, "[") {
		bads = append(bads, `\u001b`, `\u001B`, `\u0007`, `\u009b`, `\u009d`, `\u202e`)
	}
	for _, bad := range bads {
		if i := strings.Index(out, bad); i >= 0 {
			t.Errorf("%s: %q reached the output at byte %d:\n%q", what, bad, i, out[max(0, i-80):min(len(out), i+80)])
			return
		}
	}
}

// runBounded runs the CLI and fails the test if it takes longer than a
// hang would allow.
func runBounded(t *testing.T, limit time.Duration, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	type result struct {
		code     int
		out, err string
	}
	done := make(chan result, 1)
	go func() {
		var out, errb bytes.Buffer
		c := run(context.Background(), args, &out, &errb)
		done <- result{c, out.String(), errb.String()}
	}()
	select {
	case r := <-done:
		return r.code, r.out, r.err
	case <-time.After(limit):
		t.Fatalf("%v did not finish within %v (a hang)", args, limit)
		return 0, "", ""
	}
}

// Every command, run over the hostile library, prints no foreign escape,
// does not hang on the FIFO and does not leave the folder through links.
func TestHostileLibraryThroughEveryCommand(t *testing.T) {
	isolateConfig(t)
	lib := hostileLibrary(t)
	outside := filepath.Join(filepath.Dir(lib), "outside", "SKILL.md")
	before := readFile(t, outside)
	xgsFile := filepath.Join(lib, "r"+title+".xgs.js")
	dist := filepath.Join(t.TempDir(), "dist")
	cmds := [][]string{
		{"list", lib},
		{"list", "--json", lib},
		{"lint", lib},
		{"lint", "--format", "json", lib},
		{"lint", "--format", "sarif", lib},
		{"lint", "--format", "github", lib},
		{"lint", "--fix", lib},
		{"review", lib},
		{"review", "--json", lib},
		{"listing", lib},
		{"listing", "--json", lib},
		{"listing", "--raw", lib},
		{"route", "evil recipe", lib},
		{"route", "--json", "evil recipe", lib},
		{"describe", xgsFile},
		{"describe", "--json", xgsFile},
		{"quiz", filepath.Join(lib, "quizbad"), "--answers", "2,2,1,1"},
		{"quiz", filepath.Join(lib, "quizbad"), "--answers", "2,2,1,1", "--json"},
		{"quiz", filepath.Join(lib, "quizbad"), "--walk"},
		{"quiz", filepath.Join(lib, "quizbad"), "--walk", "--json"},
		{"show", "--style", "notty", filepath.Join(lib, "e"+osc52+"vil")},
		{"show", "--style", "notty", xgsFile},
		{"show", "--style", "notty", filepath.Join(lib, "tide-tables")},
		{"build", "--out", dist, lib},
		{"build", "--out", dist, filepath.Join(lib, "n"+osc52+".xgs.js")},
		{"build", "--out", dist, filepath.Join(lib, "pipe.xgs.js")},
		{"rules"},
		{"rules", "--json"},
		{"new", "skillmd", "--name", "e" + osc52 + "vil", "--description", "Use when " + evil, "--dir", filepath.Join(t.TempDir(), "new"), "--yes"},
		{"new", "xgs", "--name", "x" + title, "--description", evil, "--match", "*://" + bidi + "/*", "--dir", filepath.Join(t.TempDir(), "new"), "--yes"},
		{"new", "osloop", "--name", "o" + c1CSI, "--description", evil, "--author", evil, "--dir", filepath.Join(t.TempDir(), "new"), "--yes"},
	}
	for _, args := range cmds {
		_, out, errOut := runBounded(t, 60*time.Second, args...)
		what := strings.Join(args[:min(3, len(args))], " ")
		assertNoForeignEscape(t, what+" (stdout)", out)
		assertNoForeignEscape(t, what+" (stderr)", errOut)
	}
	if got := readFile(t, outside); got != before {
		t.Errorf("lint --fix rewrote %s, outside the folder it was given", outside)
	}
}

func write(t *testing.T, p, s string) {
	t.Helper()
	must(t, os.MkdirAll(filepath.Dir(p), 0o755))
	must(t, os.WriteFile(p, []byte(s), 0o644))
}

func readFile(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	must(t, err)
	return string(b)
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	write(t, to, readFile(t, from))
}

func copyTreeTo(t *testing.T, from, to string) {
	t.Helper()
	must(t, filepath.WalkDir(from, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		copyFile(t, p, filepath.Join(to, rel))
		return nil
	}))
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// Files read beside the skills — a project's .skillstudio.yaml, a build's
// registry.json — pass the same opener: a FIFO there is refused, not
// waited on.
func TestFIFOsBesideTheSkillsDoNotHang(t *testing.T) {
	isolateConfig(t)
	dir := t.TempDir()
	copyTreeTo(t, "testdata/lint/clean/skillmd/tide-tables", filepath.Join(dir, "tide-tables"))
	mkfifo(t, filepath.Join(dir, ".skillstudio.yaml"))
	code, out, errOut := runBounded(t, 30*time.Second, "lint", dir)
	if code != 2 || !strings.Contains(errOut, "named pipe") {
		t.Errorf("config FIFO: exit %d\n%s%s", code, out, errOut)
	}

	src, _ := buildSource(t)
	dist := filepath.Join(t.TempDir(), "dist")
	must(t, os.MkdirAll(dist, 0o755))
	mkfifo(t, filepath.Join(dist, "registry.json"))
	if code, out, errOut := runBounded(t, 60*time.Second, "build", "--out", dist, src); code == 0 {
		t.Errorf("registry.json FIFO: exit 0\n%s%s", out, errOut)
	}
}

// Every JSON a command prints goes through internal/jsonout, so a new
// --json flag cannot forget to clean its strings (review, route and
// listing once did: `jq -r` turned their \u001b back into escapes).
func TestJSONOutputsUseJsonout(t *testing.T) {
	files, err := filepath.Glob("*.go")
	must(t, err)
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src := readFile(t, f)
		for _, raw := range []string{"json.NewEncoder(", "json.Marshal("} {
			if strings.Contains(src, raw) {
				t.Errorf("%s calls %s: print JSON through jsonout.Encode", f, raw)
			}
		}
	}
}
