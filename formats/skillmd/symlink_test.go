package skillmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skillstudio/skillstudio/internal/safefs"
	"github.com/skillstudio/skillstudio/model"
)

// TestLinksThroughSymlinkedFolder: monorepos share a folder between
// skills with a symbolic link (skills/x/brand -> ../_shared/brand). A
// link through it names a real file when the repository is linted, a
// file that cannot be checked when only the skill is, and a missing file
// when the link dangles or the file is not there.
func TestLinksThroughSymlinkedFolder(t *testing.T) {
	root := t.TempDir()
	write := func(rel, text string) {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("skills/_shared/brand/voice.md", "# Voice\n\n## Words we avoid\n")
	write("skills/brand-voice/SKILL.md", "---\nname: brand-voice\ndescription: Rewrites copy in the brand voice. Use when editing copy.\n---\n\n"+
		"Read [voice](brand/voice.md#words-we-avoid), [gone](brand/gone.md) and [dangling](old/x.md).\n\nSee brand/voice.md too.\n")
	for link, to := range map[string]string{"brand": "../_shared/brand", "old": "../_shared/old"} {
		if err := os.Symlink(to, filepath.Join(root, "skills/brand-voice", link)); err != nil {
			t.Skip("symbolic links unavailable:", err)
		}
	}
	got := func(fsys *safefs.FS, dir string) map[string]model.Severity {
		out := map[string]model.Severity{}
		for _, d := range Load(fsys, dir, model.Options{}).Diagnostics {
			if d.Rule == "skillmd/link" || d.Rule == "skillmd/anchor" {
				dest := d.Message[strings.Index(d.Message, `"`)+1:]
				out[dest[:strings.Index(dest, `"`)]] = d.Severity
			}
		}
		return out
	}
	// The repository: the shared file is there; the others are missing.
	repo := got(safefs.Dir(root), "skills/brand-voice")
	if _, ok := repo["brand/voice.md#words-we-avoid"]; ok {
		t.Errorf("a link through the symlinked folder to a real file was reported: %v", repo)
	}
	if _, ok := repo["brand/voice.md"]; ok {
		t.Errorf("a path through the symlinked folder to a real file was reported: %v", repo)
	}
	if repo["brand/gone.md"] != model.SeverityWarning || repo["old/x.md"] != model.SeverityWarning {
		t.Errorf("missing files through symlinks: %v, want warnings", repo)
	}
	// The skill alone: what lies outside cannot be checked, and says so.
	alone := got(safefs.Dir(filepath.Join(root, "skills/brand-voice")), ".")
	if alone["brand/voice.md#words-we-avoid"] != model.SeverityInfo || alone["brand/gone.md"] != model.SeverityInfo {
		t.Errorf("links leaving the linted folder through a symlink: %v, want infos", alone)
	}
}
