package registry

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/skillstudio/skillstudio/model"
)

// A remote skill whose file name carries a bidi override is refused
// whole by pull: nothing is written, and the message names the reason.
func TestPullRefusesBidiAndControlFileNames(t *testing.T) {
	for name, file := range map[string]string{
		"bidi":    "references/\u202egpj.exe",
		"control": "references/a\x1b]0;x\x07.md",
		"C1":      "references/a\u009b.md",
	} {
		t.Run(name, func(t *testing.T) {
			fsys := fstest.MapFS{
				"evil/SKILL.md": {Data: []byte("---\nname: evil\ndescription: Use when testing hostile names.\n---\n# Evil\n")},
				"evil/" + file:  {Data: []byte("x")},
			}
			o := Opened{Base: model.Location{Source: "https://example.test/", Root: ".", FS: fsys}, Root: "."}
			dir := t.TempDir()
			_, err := Pull(context.Background(), o, "evil", dir, model.Options{})
			if err == nil || !strings.Contains(err.Error(), "nothing was pulled") {
				t.Fatalf("err = %v", err)
			}
			if entries, _ := os.ReadDir(dir); len(entries) != 0 {
				t.Errorf("pull wrote %v", entries)
			}
		})
	}
}

// Two file names that differ only by case or by Unicode normalisation
// (NFC é against NFD e + U+0301) are one file on macOS and Windows: the
// copy written last would silently replace the one the review showed.
// Pull refuses the skill whole, naming both.
func TestPullRefusesNamesThatClashByCaseOrNormalisation(t *testing.T) {
	for name, files := range map[string][2]string{
		"case of SKILL.md": {"evil/SKILL.md", "evil/skill.md"},
		"case":             {"evil/references/A.md", "evil/references/a.md"},
		"folder case":      {"evil/Refs/a.md", "evil/refs/b.md"},
		"NFC and NFD":      {"evil/references/caf\u00e9.md", "evil/references/cafe\u0301.md"},
	} {
		t.Run(name, func(t *testing.T) {
			fsys := fstest.MapFS{
				"evil/SKILL.md": {Data: []byte("---\nname: evil\ndescription: Use when testing clashing names.\n---\n# Evil\n")},
			}
			for _, f := range files {
				if _, ok := fsys[f]; !ok {
					fsys[f] = &fstest.MapFile{Data: []byte("unreviewed")}
				}
			}
			o := Opened{Base: model.Location{Source: "https://example.test/", Root: ".", FS: fsys}, Root: "."}
			dir := t.TempDir()
			_, err := Pull(context.Background(), o, "evil", dir, model.Options{})
			if err == nil || !strings.Contains(err.Error(), "same file on a case-insensitive") || !strings.Contains(err.Error(), "nothing was pulled") {
				t.Fatalf("err = %v", err)
			}
			if entries, _ := os.ReadDir(dir); len(entries) != 0 {
				t.Errorf("pull wrote %v", entries)
			}
		})
	}
}

// A pull into a folder that already holds the skill's name in another
// case or normalisation is refused: on Linux both were kept, a checkout
// that loses one of them on macOS or Windows.
func TestPullRefusesANameThatClashesWithTheFolder(t *testing.T) {
	fsys := fstest.MapFS{
		"my-skill/SKILL.md": {Data: []byte("---\nname: my-skill\ndescription: Use when testing clashing names.\n---\n# Mine\n")},
		"tool.xgs.js":       {Data: []byte("export default {}\n")},
	}
	o := Opened{Base: model.Location{Source: "https://example.test/", Root: ".", FS: fsys}, Root: "."}
	for name, existing := range map[string]string{"my-skill": "My-Skill", "tool": "Tool.xgs.js"} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.Mkdir(filepath.Join(dir, existing), 0o755); err != nil {
				t.Fatal(err)
			}
			s, err := FindSkill(context.Background(), o, name, model.Options{})
			if err != nil {
				t.Fatal(err)
			}
			_, err = PullSkill(o, s, dir)
			if err == nil || !errors.Is(err, ErrExists) || !strings.Contains(err.Error(), existing) || !strings.Contains(err.Error(), "same file on a case-insensitive") {
				t.Fatalf("err = %v", err)
			}
			if entries, _ := os.ReadDir(dir); len(entries) != 1 {
				t.Errorf("pull wrote beside %s: %v", existing, entries)
			}
		})
	}
}
