//go:build unix

package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Plain lint names a load-reference that is in the skill folder but is
// never read — a symlink leading out of the skill (relative or absolute,
// or a folder link above the file) or a named pipe — with the rule,
// severity, message and hint quiz --walk gives it, and without opening the
// pipe (that would hang lint).
func TestLintNamesRefusedQuizReferencesAsWalkDoes(t *testing.T) {
	isolateConfig(t)
	root := t.TempDir()
	dir := filepath.Join(root, "lib", "gated")
	refs := filepath.Join(dir, "references")
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.MkdirAll(refs, 0o755))
	must(os.MkdirAll(filepath.Join(root, "outside"), 0o755))
	must(os.WriteFile(filepath.Join(root, "outside", "notes.md"), []byte("# Notes\n"), 0o644))
	must(os.Symlink("../../../outside/notes.md", filepath.Join(refs, "up.md")))
	must(os.Symlink(filepath.Join(root, "outside", "notes.md"), filepath.Join(refs, "abs.md")))
	must(os.Symlink("../../outside", filepath.Join(dir, "shared")))
	must(syscall.Mkfifo(filepath.Join(refs, "pipe.md"), 0o644))
	must(os.WriteFile(filepath.Join(refs, "ok.md"), []byte("# Fine\n"), 0o644))
	src := "---\nname: gated\ndescription: A gated skill whose quiz sends the agent to files it never reads.\nquiz:\n  gate: true\n  questions:\n" +
		"    - question: Which one?\n      options:\n        - label: A\n          correct: true\n        - label: B\n" +
		"      on-incorrect:\n        load-reference: references/up.md\n" +
		"    - question: And this?\n      options:\n        - label: A\n          correct: true\n        - label: B\n" +
		"      on-incorrect:\n        load-reference: references/abs.md\n" +
		"    - question: And that?\n      options:\n        - label: A\n          correct: true\n        - label: B\n" +
		"      on-incorrect:\n        load-reference: shared/notes.md\n" +
		"    - question: Last?\n      options:\n        - label: A\n          correct: true\n        - label: B\n" +
		"      on-incorrect:\n        load-reference: references/pipe.md\n" +
		"    - question: Really last?\n      options:\n        - label: A\n          correct: true\n        - label: B\n" +
		"      on-incorrect:\n        load-reference: references/ok.md\n" +
		"---\n# Gated\n\nSee [ok](references/ok.md).\n"
	must(os.WriteFile(filepath.Join(dir, "SKILL.md"), []byte(src), 0o644))

	done := make(chan string, 1)
	go func() { _, out, _ := runCLI(t, "lint", "--format", "text", dir); done <- out }()
	var lintOut string
	select {
	case lintOut = <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("lint hung: it opened the named pipe")
	}
	_, walkOut, _ := runCLI(t, "quiz", dir, "--walk")

	finding := regexp.MustCompile(`SKILL\.md:(\d+):\d+: (\w+) (quiz/reference-[a-z]+): (.*)\n\s+hint: (.*)`)
	type f struct{ sev, rule, msg, hint string }
	collect := func(out string) map[string]f {
		got := map[string]f{}
		for _, m := range finding.FindAllStringSubmatch(out, -1) {
			got[m[1]] = f{m[2], m[3], m[4], m[5]}
		}
		return got
	}
	lint, walk := collect(lintOut), collect(walkOut)
	want := map[string]struct{ rule, msg string }{
		"13": {"quiz/reference-escapes", "leading outside the skill folder"},
		"20": {"quiz/reference-escapes", "outside the skill folder; not followed"},
		"27": {"quiz/reference-escapes", "shared/notes.md is a symlink leading outside"},
		"34": {"quiz/reference-missing", "named pipe (FIFO) is never read"},
	}
	for line, w := range want {
		l, ok := lint[line]
		if !ok {
			t.Errorf("lint has no finding on line %s (%s):\n%s", line, w.rule, lintOut)
			continue
		}
		if l.rule != w.rule || l.sev != "error" || !strings.Contains(l.msg, w.msg) {
			t.Errorf("lint line %s: %s %s %q; want error %s with %q", line, l.sev, l.rule, l.msg, w.rule, w.msg)
		}
		wk, ok := walk[line]
		if !ok {
			t.Errorf("walk has no finding on line %s:\n%s", line, walkOut)
			continue
		}
		if wk.rule != l.rule || wk.sev != l.sev || wk.hint != l.hint || !strings.HasSuffix(wk.msg, l.msg) {
			t.Errorf("line %s: lint says %s %s %q (hint %q), the walk %s %s %q (hint %q)", line, l.sev, l.rule, l.msg, l.hint, wk.sev, wk.rule, wk.msg, wk.hint)
		}
	}
	if _, ok := lint["41"]; ok {
		t.Errorf("lint reports the regular reference on line 41:\n%s", lintOut)
	}
}
