package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestListJSONCountsEverySkill(t *testing.T) {
	isolateConfig(t)
	var out, errOut bytes.Buffer
	if code := run(context.Background(), []string{"list", "--json", "../ui/testdata/library"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	var rows []listRow
	if err := json.Unmarshal(out.Bytes(), &rows); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out.String())
	}
	byName := map[string]listRow{}
	for _, r := range rows {
		byName[r.Name] = r
	}
	for _, name := range []string{"hello-world", "hostile", "tide-tables", "word-count"} {
		if _, ok := byName[name]; !ok {
			t.Errorf("%s missing from list --json", name)
		}
	}
	if r := byName["hostile"]; r.Warnings == 0 {
		t.Errorf("hostile has no warnings counted: %+v", r)
	}
	if r := byName["tide-tables"]; r.Format != "xgs" || r.Version != "0.3.0" {
		t.Errorf("tide-tables row: %+v", r)
	}
}

func TestListTableIsSanitised(t *testing.T) {
	isolateConfig(t)
	var out, errOut bytes.Buffer
	if code := run(context.Background(), []string{"list", "../ui/testdata/library"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	text := out.String()
	if !strings.HasPrefix(text, "NAME") || !strings.Contains(text, "tide-tables") {
		t.Errorf("table:\n%s", text)
	}
	if strings.ContainsRune(text, 0x1b) {
		t.Error("list printed an escape sequence")
	}
}

func TestListUnreadableSourceIsUsageError(t *testing.T) {
	isolateConfig(t)
	var out, errOut bytes.Buffer
	if code := run(context.Background(), []string{"list", "no/such/folder"}, &out, &errOut); code != 2 {
		t.Errorf("exit %d, want 2", code)
	}
	if !strings.Contains(errOut.String(), "no/such/folder") {
		t.Errorf("the message does not name the path: %q", errOut.String())
	}
}

func TestListEmptyFolderFallsBackToTheExamples(t *testing.T) {
	isolateConfig(t)
	t.Chdir(t.TempDir())
	var out, errOut bytes.Buffer
	if code := run(context.Background(), []string{"list"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	if !strings.Contains(out.String(), "NAME") || strings.Contains(out.String(), "No skills found") {
		t.Fatalf("no embedded skills listed: %s", out.String())
	}
	if !strings.Contains(errOut.String(), "example library") {
		t.Errorf("no notice on stderr: %q", errOut.String())
	}
}

// TestListJSONEmptyFolderIsEmpty: --json answers for the folder itself, as
// lint does (0 skills), never with the example library.
func TestListJSONEmptyFolderIsEmpty(t *testing.T) {
	isolateConfig(t)
	t.Chdir(t.TempDir())
	var out, errOut bytes.Buffer
	if code := run(context.Background(), []string{"list", "--json"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	var rows []listRow
	if err := json.Unmarshal(out.Bytes(), &rows); err != nil || len(rows) != 0 {
		t.Fatalf("list --json in an empty folder = %v %s, want []", err, out.String())
	}
}

func TestShowRendersLikeTheReadTab(t *testing.T) {
	isolateConfig(t)
	var out, errOut bytes.Buffer
	code := run(context.Background(), []string{"show", "--style", "notty", "--width", "60", "../ui/testdata/library/skills/hello-world"}, &out, &errOut)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	text := out.String()
	if !strings.Contains(text, "Hello World") || !strings.Contains(text, "Edge cases") {
		t.Errorf("show output:\n%s", text)
	}
	for i, line := range strings.Split(text, "\n") {
		if n := len([]rune(line)); n > 60 {
			t.Errorf("line %d is %d wide with --width 60: %q", i+1, n, line)
		}
	}
	if strings.ContainsRune(text, 0x1b) {
		t.Error("notty output to a pipe holds escapes")
	}
}

func TestShowNeverPassesSkillEscapesThrough(t *testing.T) {
	isolateConfig(t)
	for _, style := range []string{"dark", "light", "notty"} {
		var out, errOut bytes.Buffer
		if code := run(context.Background(), []string{"show", "--style", style, "../ui/testdata/library/skills/hostile"}, &out, &errOut); code != 0 {
			t.Fatalf("%s: exit %d: %s", style, code, errOut.String())
		}
		for _, bad := range []string{"\x1b]52", "\x1b]0;", "\x1b[2J", "\x1b[10;10H", "\u202e", "\u009b", "evil.example"} {
			if strings.Contains(out.String(), bad) {
				t.Errorf("%s: output holds %q", style, bad)
			}
		}
	}
}

func TestShowByNameAndErrors(t *testing.T) {
	isolateConfig(t)
	var out, errOut bytes.Buffer
	if code := run(context.Background(), []string{"show", "--style", "notty", "release-notes"}, &out, &errOut); code != 0 {
		t.Errorf("an embedded skill by name: exit %d: %s", code, errOut.String())
	}
	for _, args := range [][]string{
		{"show", "no-such-skill-anywhere"},
		{"show", "--style", "purple", "release-notes"},
		{"show", "--width", "-1", "release-notes"},
		{"show", "../ui/testdata/library"}, // a folder of several skills
	} {
		out.Reset()
		errOut.Reset()
		if code := run(context.Background(), args, &out, &errOut); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}

func TestListSortsNamesLikeTheStudio(t *testing.T) {
	isolateConfig(t)
	dir := t.TempDir()
	for _, name := range []string{"beta", "Gamma", "alpha"} {
		folder := filepath.Join(dir, strings.ToLower(name))
		if err := os.MkdirAll(folder, 0o755); err != nil {
			t.Fatal(err)
		}
		md := "---\nname: " + name + "\ndescription: Does " + name + ". Use when testing.\n---\n\n# " + name + "\n"
		if err := os.WriteFile(filepath.Join(folder, "SKILL.md"), []byte(md), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var out, errOut bytes.Buffer
	run(context.Background(), []string{"list", "--json", dir}, &out, &errOut)
	var rows []listRow
	if err := json.Unmarshal(out.Bytes(), &rows); err != nil {
		t.Fatalf("not JSON: %v\n%s%s", err, out.String(), errOut.String())
	}
	var names []string
	for _, r := range rows {
		names = append(names, r.Name)
	}
	if got := strings.Join(names, ","); got != "alpha,beta,Gamma" {
		t.Errorf("order %s, want alpha,beta,Gamma (case-insensitive, as the studio)", got)
	}
}

// `show NAME` finds a skill of that name in the current folder.
func TestShowByNameInTheCurrentFolder(t *testing.T) {
	isolateConfig(t)
	dir := t.TempDir()
	skill := filepath.Join(dir, "skills", "local-only")
	if err := os.MkdirAll(skill, 0o755); err != nil {
		t.Fatal(err)
	}
	md := "---\nname: local-only\ndescription: A skill that lives only in this folder, to test show by name.\n---\n\n# Local only\n\nFound by name.\n"
	if err := os.WriteFile(filepath.Join(skill, "SKILL.md"), []byte(md), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	var out, errOut bytes.Buffer
	if code := run(context.Background(), []string{"show", "--style", "notty", "local-only"}, &out, &errOut); code != 0 || !strings.Contains(out.String(), "Found by name.") {
		t.Errorf("exit %d\n%s\n%s", code, out.String(), errOut.String())
	}
}
