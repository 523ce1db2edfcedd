package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// Fresh attacks of the wave-15 red-team round that held, kept as tests so
// they keep holding.

// TestJSONOutputsParseInRealClients: skill text and file names holding
// C0 and C1 controls, invalid UTF-8 and U+2028/U+2029 (which older
// JavaScript took for line ends inside strings) give JSON and SARIF that
// python3's json.tool and node's JSON.parse both read.
func TestJSONOutputsParseInRealClients(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("file names with controls")
	}
	isolateConfig(t)
	lib := t.TempDir()
	for _, name := range []string{"osc\x1b]52;c;aGk=\x07x", "c1\u009b31m", "bad\xff", "sep\u2028x", "para\u2029x"} {
		write(t, filepath.Join(lib, name, "SKILL.md"), "---\nname: x\ndescription: \"Use when \\u2028 and \\u0001 and \\u009b text\"\n---\n\n# T\u2028itle \x01\u0085\n\nSee [a](gone\u2028.md).\n")
	}
	var clients [][]string
	if _, err := exec.LookPath("python3"); err == nil {
		clients = append(clients, []string{"python3", "-m", "json.tool"})
	}
	if _, err := exec.LookPath("node"); err == nil {
		clients = append(clients, []string{"node", "-e", `let s="";process.stdin.on("data",d=>s+=d).on("end",()=>JSON.parse(s))`})
	}
	if len(clients) == 0 {
		t.Skip("neither python3 nor node is installed")
	}
	for _, args := range [][]string{
		{"lint", "--format", "json", lib},
		{"lint", "--format", "sarif", lib},
		{"list", "--json", lib},
		{"review", "--json", lib},
		{"listing", "--json", lib},
		{"route", "--json", "text title", lib},
	} {
		_, out, _ := runBounded(t, 60*time.Second, args...)
		if strings.TrimSpace(out) == "" {
			t.Errorf("%v: no output", args)
			continue
		}
		for _, c := range clients {
			cmd := exec.Command(c[0], c[1:]...)
			cmd.Stdin = strings.NewReader(out)
			if msg, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("%v | %s: %v\n%s", args, c[0], err, msg)
			}
		}
	}
}

// TestQuizLoadSkillCycleEnds: two skills whose gates load each other
// (a → b → a) and a load-skill or load-reference naming a path outside
// the library: the quiz and its walk end, the escape is refused, and
// nothing is read outside.
func TestQuizLoadSkillCycleEnds(t *testing.T) {
	isolateConfig(t)
	lib := t.TempDir()
	for _, pair := range [][2]string{{"a", "b"}, {"b", "a"}} {
		write(t, filepath.Join(lib, pair[0], "SKILL.md"), `---
name: `+pair[0]+`
description: Use when testing quiz gates that load each other.
quiz:
  - title: "Gate"
    gate: true
    passing-score: 100
    questions:
      - question: "Pick one"
        options:
          - label: "right"
            correct: true
          - label: "wrong"
        on-correct:
          load-skill: "`+pair[1]+`"
        on-incorrect:
          load-skill: "`+pair[1]+`"
      - question: "And now?"
        options:
          - label: "yes"
            correct: true
          - label: "no"
        on-correct:
          load-skill: "../../../etc/passwd"
        on-incorrect:
          load-reference: "../../../../etc/passwd"
---

# `+pair[0]+`
`)
	}
	for _, args := range [][]string{
		{"quiz", filepath.Join(lib, "a"), "--answers", "2,1,2,1,1"},
		{"quiz", filepath.Join(lib, "a"), "--answers", "1,1"},
		{"quiz", filepath.Join(lib, "a"), "--walk"},
		{"quiz", filepath.Join(lib, "a"), "--walk", "--json"},
	} {
		_, out, errOut := runBounded(t, 30*time.Second, args...)
		all := out + errOut
		if strings.Contains(all, "root:") {
			t.Errorf("%v read /etc/passwd:\n%s", args, all)
		}
		if strings.Contains(strings.Join(args, " "), "--walk") && !strings.Contains(all, "outside the skill folder") {
			t.Errorf("%v: the escaping load-reference is not refused:\n%s", args, all)
		}
	}
}

// TestPullLockFileLinkIsNotWrittenThrough: a skillstudio.lock in --dir
// that is a symlink, to a file that is not a lock or to nothing, is never
// written through: the file it points to is left as it was, or not made.
func TestPullLockFileLinkIsNotWrittenThrough(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symlinks")
	}
	isolateConfig(t)
	src := t.TempDir()
	write(t, filepath.Join(src, "skills", "pdf", "SKILL.md"), "---\nname: pdf\ndescription: Use when testing pull next to a linked lock file.\n---\n\n# PDF\n")
	victim := t.TempDir()
	precious := filepath.Join(victim, "precious")
	write(t, precious, "precious\n")
	for _, target := range []string{precious, filepath.Join(victim, "made")} {
		dir := t.TempDir()
		must(t, os.Symlink(target, filepath.Join(dir, "skillstudio.lock")))
		_, out, errOut := runBounded(t, 60*time.Second, "pull", "--yes", src, "pdf", "--dir", dir)
		if !strings.Contains(out+errOut, "pulled") {
			t.Errorf("pull did not run: %s%s", out, errOut)
		}
		if got := readFile(t, precious); got != "precious\n" {
			t.Errorf("pull wrote through the lock file's link into %s: %q", precious, got)
		}
		if _, err := os.Lstat(filepath.Join(victim, "made")); err == nil {
			t.Errorf("pull made %s through a dangling lock file link", filepath.Join(victim, "made"))
		}
	}
}
