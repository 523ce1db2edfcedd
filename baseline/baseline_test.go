package baseline

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/skillstudio/skillstudio/model"
)

func lib(text string, diags ...model.Diagnostic) *model.Library {
	fsys := fstest.MapFS{"demo/SKILL.md": {Data: []byte(text)}}
	return &model.Library{Skills: []*model.Skill{{
		Location:    model.Location{Root: "/repo", Local: true, Dir: "demo", File: "demo/SKILL.md", FS: fsys},
		Diagnostics: diags,
	}}}
}

func diag(rule string, line int, msg string) model.Diagnostic {
	return model.Diagnostic{Rule: rule, Severity: model.SeverityWarning, File: "demo/SKILL.md", Line: line, Column: 1, Message: msg}
}

func TestBaselineSurvivesMovedLines(t *testing.T) {
	before := lib("a\nSee [x](gone.md).\n", diag("skillmd/link", 2, "link \"gone.md\": no such file"), diag("skillmd/tokens", 1, "about 10 tokens"))
	b := New(Findings(before, "/repo"), "test")
	if len(b.Findings) != 2 || b.Findings[0].File != "demo/SKILL.md" {
		t.Fatalf("recorded %+v", b.Findings)
	}
	path := filepath.Join(t.TempDir(), "baseline.json")
	if err := Write(path, b); err != nil {
		t.Fatal(err)
	}
	b, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	// Three lines added above, the token count changed, and one new link.
	after := lib("new\nnew\nnew\na\nSee [x](gone.md).\nSee [y](lost.md).\n",
		diag("skillmd/link", 5, "link \"gone.md\": no such file"),
		diag("skillmd/tokens", 4, "about 14 tokens"),
		diag("skillmd/link", 6, "link \"lost.md\": no such file"))
	got := b.Filter(after, "/repo").Skills[0].Diagnostics
	if len(got) != 1 || got[0].Line != 6 {
		t.Errorf("want only the new link on line 6, got %v", got)
	}
}

func TestBaselineCountsCopies(t *testing.T) {
	one := lib("x\n", diag("r/a", 1, "m"))
	b := New(Findings(one, "/repo"), "test")
	two := lib("x\nx\n", diag("r/a", 1, "m"), diag("r/a", 2, "m"))
	if got := b.Filter(two, "/repo").Skills[0].Diagnostics; len(got) != 1 {
		t.Errorf("a second copy of a baselined finding is new; got %v", got)
	}
}

func TestReadRejectsOtherFiles(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.json")
	if err := Write(path, File{Version: 99}); err != nil {
		t.Fatal(err)
	}
	if _, err := Read(path); err == nil {
		t.Error("a future version must be refused")
	}
}

// A baseline that is not valid JSON, or holds a value of the wrong type,
// is named with the line and column where it goes wrong.
func TestReadNamesLineAndColumn(t *testing.T) {
	dir := t.TempDir()
	cases := map[string]string{
		"{\n  \"version\": 1,\n  \"findings\": [\n    {\"rule\": 1\n": ":5:1:",
		"{\n  \"version\": 1,\n  \"findings\": [x]\n}\n":              ":3:16:",
		"{\n  \"version\": 1,\n  \"findings\": [\n":                   ":4:1:",
		"{\"version\": \"one\"}":                                      ":1:13:",
	}
	i := 0
	for text, want := range cases {
		i++
		path := filepath.Join(dir, fmt.Sprintf("b%d.json", i))
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Read(path)
		if err == nil || !strings.HasPrefix(err.Error(), path+want) {
			t.Errorf("%q: err = %v, want it to start with %s%s", text, err, path, want)
		}
	}
}

func TestValueStart(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int64
	}{
		{`{"a": "x\"y"}`, 6}, {`{"a": "x\\"}`, 6}, {`{"a": 12.5}`, 6}, {`{"a": true}`, 6}, {`{"a": {}}`, 8},
	} {
		end := int64(len(c.in) - 1)
		if got := valueStart([]byte(c.in), end); got != c.want {
			t.Errorf("%s: %d, want %d", c.in, got, c.want)
		}
	}
}

// A baseline file is JSON a person or jq reads: a file name or message
// holding an escape is stored without it (jq -r would make it live), and
// the finding still matches its entry.
func TestWriteStoresNoEscapeAndStillMatches(t *testing.T) {
	evil := "e\x1b]52;c;aGk=\a\u202evil"
	d := model.Diagnostic{Rule: "r/a", Severity: model.SeverityWarning, File: evil + "/SKILL.md", Line: 1, Column: 1, Message: "name " + evil}
	one := &model.Library{Skills: []*model.Skill{{
		Location:    model.Location{Root: "/repo", Local: true, Dir: evil, File: evil + "/SKILL.md", FS: fstest.MapFS{evil + "/SKILL.md": {Data: []byte("x\n")}}},
		Diagnostics: []model.Diagnostic{d},
	}}}
	path := filepath.Join(t.TempDir(), "b.json")
	if err := Write(path, New(Findings(one, "/repo"), "test")); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	for _, bad := range []string{`\u001b`, `\u0007`, `\u202e`, "\x1b", "\u202e"} {
		if strings.Contains(string(data), bad) {
			t.Errorf("the baseline holds %q:\n%s", bad, data)
		}
	}
	b, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := b.Filter(one, "/repo").Skills[0].Diagnostics; len(got) != 0 {
		t.Errorf("the finding no longer matches its entry: %v", got)
	}
}
