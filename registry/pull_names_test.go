package registry

import (
	"context"
	"os"
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
