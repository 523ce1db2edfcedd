package baseline

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A message reworded (a new release, another --profile) leaves a recorded
// finding recorded: the fingerprint is its rule, file and line text.
func TestRewordedMessageStillMatches(t *testing.T) {
	before := lib("a\nSee [x](gone.md).\n", diag("skillmd/link", 2, `link "gone.md": no such file`))
	b := New(Findings(before, "/repo"), "test")
	if b.Version != 2 {
		t.Fatalf("version %d written, want 2", b.Version)
	}
	after := lib("a\nb\nSee [x](gone.md).\n", diag("skillmd/link", 3, `"gone.md" is not in the skill's folder`))
	if got := b.Filter(after, "/repo").Skills[0].Diagnostics; len(got) != 0 {
		t.Errorf("a reworded finding is new: %v", got)
	}
	// Another line with the same rule is still new.
	other := lib("a\nSee [y](lost.md).\n", diag("skillmd/link", 2, `link "gone.md": no such file`))
	if got := b.Filter(other, "/repo").Skills[0].Diagnostics; len(got) != 1 {
		t.Errorf("a finding on another line matched: %v", got)
	}
}

// A finding with no line is anchored by what its message quotes, so one
// missing field does not stand for another.
func TestLinelessFindingsAreAnchoredByWhatTheyQuote(t *testing.T) {
	before := lib("x\n", diag("skillmd/required", 0, "the field `name` is missing"))
	b := New(Findings(before, "/repo"), "test")
	reworded := lib("x\n", diag("skillmd/required", 0, "no `name` field"))
	if got := b.Filter(reworded, "/repo").Skills[0].Diagnostics; len(got) != 0 {
		t.Errorf("reworded: %v", got)
	}
	other := lib("x\n", diag("skillmd/required", 0, "the field `description` is missing"))
	if got := b.Filter(other, "/repo").Skills[0].Diagnostics; len(got) != 1 {
		t.Errorf("another field matched: %v", got)
	}
}

// A version 1 file, as the previous release wrote it (these fingerprints
// are that code's output), still matches what it recorded, and not what
// it did not.
func TestVersion1FileStillMatches(t *testing.T) {
	path := filepath.Join(t.TempDir(), "baseline.json")
	v1 := `{
  "version": 1,
  "tool": "skillstudio 0.12",
  "findings": [
    {"rule": "skillmd/link", "file": "demo/SKILL.md", "fingerprint": "d346df8b9f1025cb97a8c2bb", "message": "link \"gone.md\": no such file"},
    {"rule": "skillmd/tokens", "file": "demo/SKILL.md", "fingerprint": "18f57c791b4d788a02196f55", "message": "about 10 tokens"}
  ]
}
`
	if err := os.WriteFile(path, []byte(v1), 0o644); err != nil {
		t.Fatal(err)
	}
	b, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	now := lib("a\nSee [x](gone.md).\nSee [y](lost.md).\n",
		diag("skillmd/link", 2, `link "gone.md": no such file`),
		diag("skillmd/tokens", 1, "about 12 tokens"),
		diag("skillmd/link", 3, `link "lost.md": no such file`))
	got := b.Filter(now, "/repo").Skills[0].Diagnostics
	if len(got) != 1 || got[0].Line != 3 {
		t.Fatalf("want only the new link on line 3, got %v", got)
	}
	// Written again, it is version 2 and still matches.
	if err := Write(path, New(Findings(now, "/repo"), "test")); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	if !strings.Contains(string(data), `"version": 2`) {
		t.Fatalf("rewritten as %s", data)
	}
	b, err = Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := b.Filter(now, "/repo").Skills[0].Diagnostics; len(got) != 0 {
		t.Errorf("after rewriting: %v", got)
	}
}
