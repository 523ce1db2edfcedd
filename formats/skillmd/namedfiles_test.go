package skillmd

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/skillstudio/skillstudio/model"
)

// A command that runs or reads a missing file of the skill is a warning;
// a span that only names one is an info; each near miss says "did you
// mean" and --fix writes the name on disk.
func TestNamedFileSeverityAndNearMiss(t *testing.T) {
	body := "# Demo\n\n" +
		"Run `python3 scripts/Build.py --fast` first.\n" + // case: build.py
		"```sh\n$ bash scripts/collect.py && cat assets/data.csv\n```\n" + // extension: collect.sh; no near miss
		"| Script | What |\n|---|---|\n| `scripts/lint.sh` | lints |\n" + // mention: info, one edit from lnt.sh
		"Then `./scripts/build.py` again.\n" // exists
	before := md("", body)
	s := loadCase(map[string]string{
		"SKILL.md":           before,
		"scripts/build.py":   "print()\n",
		"scripts/collect.sh": "echo\n",
		"scripts/lnt.sh":     "echo\n",
		"assets/other.csv":   "a\n",
	}, "")
	type want struct {
		sev  model.Severity
		text string
		fix  string
	}
	wants := []want{
		{model.SeverityWarning, "a code span runs or reads scripts/Build.py, which is not in the skill folder; did you mean scripts/build.py?", "scripts/build.py"},
		{model.SeverityWarning, "a shell block runs or reads scripts/collect.py, which is not in the skill folder; did you mean scripts/collect.sh?", "scripts/collect.sh"},
		{model.SeverityWarning, "a shell block runs or reads assets/data.csv, which is not in the skill folder", ""},
		{model.SeverityInfo, "a code span names scripts/lint.sh, which is not in the skill folder; did you mean scripts/lnt.sh?", "scripts/lnt.sh"},
	}
	got := findings(s, "skillmd/named-file")
	if len(got) != len(wants) {
		t.Fatalf("got %d findings, want %d:\n%v", len(got), len(wants), got)
	}
	for _, w := range wants {
		var d *model.Diagnostic
		for i := range got {
			if got[i].Message == w.text {
				d = &got[i]
			}
		}
		if d == nil {
			t.Errorf("no finding %q in\n%v", w.text, got)
			continue
		}
		if d.Severity != w.sev {
			t.Errorf("%s: severity %s, want %s", w.text, d.Severity, w.sev)
		}
		if (d.Fix != nil) != (w.fix != "") {
			t.Errorf("%s: fix %v, want one to %q", w.text, d.Fix, w.fix)
			continue
		}
		if d.Fix != nil {
			after := applyFix(t, before, d.Fix)
			wrong, _, _ := strings.Cut(w.text, ", which") // the path as written ends the words before it
			wrong = wrong[strings.LastIndexByte(wrong, ' ')+1:]
			if strings.Count(after, w.fix) != strings.Count(before, w.fix)+1 || strings.Count(after, wrong) != strings.Count(before, wrong)-1 {
				t.Errorf("%s: fix gives\n%s", w.text, after)
			}
		}
	}
}

// A body that names its own file in a fenced block with no language runs
// it only through an interpreter or ./: a bare path there is a file tree.
func TestNamedFileBareFence(t *testing.T) {
	s := loadCase(map[string]string{
		"SKILL.md":       md("", "```\nskill/\n  scripts/tree.py\npython scripts/gone.py\n```\n"),
		"scripts/run.py": "print()\n",
	}, "")
	got := findings(s, "skillmd/named-file")
	if len(got) != 1 || !strings.Contains(got[0].Message, "scripts/gone.py") {
		t.Fatalf("got %v, want one finding for scripts/gone.py", got)
	}
}

// A path named under another root elsewhere in the body
// (${CLAUDE_PLUGIN_ROOT}/templates/loop.md) is that root's where the body
// names it bare; one a list's lead-in says to create is not the skill's.
func TestNamedFileOtherRootAndLeadIn(t *testing.T) {
	s := loadCase(map[string]string{
		"SKILL.md": md("", "The plugin ships `templates/loop.md`:\n\n```bash\ncp ${CLAUDE_PLUGIN_ROOT}/templates/loop.md ~/.claude/loop.md\n```\n\n"+
			"Create a references/ folder and move material there:\n\n- Rubrics → `references/rubrics.md`\n- Config → `references/config.md`\n"),
		"templates/other.md":  "x\n",
		"references/guide.md": "x\n",
	}, "")
	if got := findings(s, "skillmd/named-file"); len(got) != 0 {
		t.Fatalf("got %v, want none", got)
	}
}

// The scan stays linear on a hostile one-line body: every folder name is
// looked at once and the line around it is read only so far.
func TestScanNamedFilesBounded(t *testing.T) {
	body := "`" + strings.Repeat("scripts/a.sh ", 200000) + "`"
	names := scanNamedFiles(body, func(string) bool { return true })
	if len(names) > maxNamedPaths {
		t.Fatalf("%d names, want at most %d", len(names), maxNamedPaths)
	}
}

func TestHookPaths(t *testing.T) {
	got := hookPaths(`bash "./scripts/check.sh" && python3 scripts/log.py > scripts/out.txt; node ${CLAUDE_PLUGIN_ROOT}/scripts/x.js`)
	if strings.Join(got, " ") != "scripts/check.sh scripts/log.py" {
		t.Fatalf("hookPaths = %q", got)
	}
}

// FuzzScanNamedFiles: any body scans without panicking, and every name
// found is where it says, a file name under one of the skill's folders.
func FuzzScanNamedFiles(f *testing.F) {
	f.Add("Run `python scripts/a.py --out assets/b.json`.\n```bash\n./scripts/c.sh > scripts/d.txt\n```\n")
	f.Add("- `references/x.md`\n```\nscripts/\n```\n`[t](references/y.md)` ~~~sh\nbash templates/z.sh")
	f.Add("``` \n`scripts/a.sh")
	f.Fuzz(func(t *testing.T, body string) {
		for _, n := range scanNamedFiles(body, func(string) bool { return true }) {
			if n.end > len(body) || n.at > n.end || !strings.HasSuffix(body[:n.end], n.rel) {
				t.Fatalf("%+v is not where it says in %q", n, body)
			}
			top, _, _ := strings.Cut(n.rel, "/")
			if !strings.Contains("scripts references assets templates", top) || fileNameEnd(n.rel) != len(n.rel) {
				t.Fatalf("%+v is not a file of a skill folder", n)
			}
		}
		for _, p := range hookPaths(body) {
			if !strings.Contains(body, p) {
				t.Fatalf("hook path %q not in %q", p, body)
			}
		}
	})
}

// A command that runs a file the project holds above the skill
// (.claude/skills/x beside the repository's scripts/) means that file.
func TestNamedFileProjectFile(t *testing.T) {
	fsys := fstest.MapFS{
		"repo/.claude/skills/demo-skill/SKILL.md": {Data: []byte(md("", "```bash\nbash scripts/test.sh\nbash scripts/gone.sh\n```\n"))},
		"repo/scripts/test.sh":                    {Data: []byte("echo\n")},
	}
	s := Load(fsys, "repo/.claude/skills/demo-skill", model.Options{})
	got := findings(s, "skillmd/named-file")
	if len(got) != 1 || !strings.Contains(got[0].Message, "scripts/gone.sh, but the skill has no scripts/ folder") || got[0].Severity != model.SeverityInfo {
		t.Fatalf("got %v, want one info for scripts/gone.sh", got)
	}
}

// A shell comment names a file without running it (an info); a console
// block runs only what follows a prompt, the rest is output.
func TestNamedFileCommentsAndConsoleOutput(t *testing.T) {
	s := loadCase(map[string]string{
		"SKILL.md": md("", "```bash\n# scripts/noted.py explains the flags\ngo build  # see scripts/after.sh\n```\n\n"+
			"```console\n$ python scripts/gone.py\nWrote scripts/output.py\n```\n"),
		"scripts/run.py": "print()\n",
	}, "")
	sev := map[string]model.Severity{}
	for _, d := range findings(s, "skillmd/named-file") {
		_, rest, _ := strings.Cut(d.Message, "scripts/")
		name, _, _ := strings.Cut(rest, ",")
		sev[name] = d.Severity
	}
	want := map[string]model.Severity{"noted.py": model.SeverityInfo, "after.sh": model.SeverityInfo, "gone.py": model.SeverityWarning}
	if len(sev) != len(want) {
		t.Fatalf("got %v, want %v", sev, want)
	}
	for k, v := range want {
		if sev[k] != v {
			t.Errorf("%s: %s, want %s", k, sev[k], v)
		}
	}
}

// "Copy `assets/x`" names the file the skill ships (the source), while
// "Write `assets/y`" names one the agent makes; ", then use `assets/z`"
// after it is the skill's again.
func TestNamedFileCopySourceIsTheSkills(t *testing.T) {
	s := loadCase(map[string]string{
		"SKILL.md":          md("", "Copy `assets/template.docx` into the project.\nWrite the result as `assets/out.docx`, then use `assets/form.docx`.\n"),
		"assets/other.docx": "x",
	}, "")
	got := findings(s, "skillmd/named-file")
	if len(got) != 2 || !strings.Contains(got[0].Message, "assets/template.docx") || !strings.Contains(got[1].Message, "assets/form.docx") {
		t.Fatalf("got %v, want findings for assets/template.docx and assets/form.docx", got)
	}
}
