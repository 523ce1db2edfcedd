package registry

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skillstudio/skillstudio/model"
)

func TestTreeDigestSeesEveryChange(t *testing.T) {
	base := map[string][]byte{"SKILL.md": []byte("a"), "references/b.md": []byte("b")}
	d := TreeDigest(base)
	for name, files := range map[string]map[string][]byte{
		"content": {"SKILL.md": []byte("a"), "references/b.md": []byte("c")},
		"rename":  {"SKILL.md": []byte("a"), "references/c.md": []byte("b")},
		"added":   {"SKILL.md": []byte("a"), "references/b.md": []byte("b"), "x": nil},
		"shifted": {"SKILL.md": []byte("ar"), "eferences/b.md": []byte("b")},
	} {
		if TreeDigest(files) == d {
			t.Errorf("%s: same digest", name)
		}
	}
	if TreeDigest(map[string][]byte{"references/b.md": []byte("b"), "SKILL.md": []byte("a")}) != d || !strings.HasPrefix(d, "sha256:") {
		t.Error("digest depends on map order or lacks its prefix")
	}
}

func TestLockRecordReplacesByPath(t *testing.T) {
	dir := t.TempDir()
	if l, err := ReadLock(dir); err != nil || len(l.Skills) != 0 {
		t.Fatalf("missing lock: %+v %v", l, err)
	}
	for _, e := range []LockEntry{{Name: "b", Path: "b", Digest: "sha256:1"}, {Name: "a", Path: "a"}, {Name: "b", Path: "b", Digest: "sha256:2"}} {
		if err := Record(dir, e); err != nil {
			t.Fatal(err)
		}
	}
	l, err := ReadLock(dir)
	if err != nil || len(l.Skills) != 2 || l.Skills[0].Path != "a" || l.Skills[1].Digest != "sha256:2" {
		t.Errorf("lock: %+v %v", l, err)
	}
	os.WriteFile(filepath.Join(dir, LockFileName), []byte(`{"version": 9, "skills": []}`), 0o644)
	if _, err := ReadLock(dir); err == nil || !strings.Contains(err.Error(), "version 9") {
		t.Errorf("future version: %v", err)
	}
}

func TestProvenanceFromTheSource(t *testing.T) {
	s := &model.Skill{
		Location: model.Location{Source: "github:acme/skills@v2//tools"},
		Fields:   []model.Field{{Name: VerifiedField, Value: "sha256:abc verified"}},
		Files:    []string{"SKILL.md", "LICENSE"},
	}
	p := Provenance(s)
	if p.Repository != "github.com/acme/skills" || p.Commit != "v2" || p.Digest != "sha256:abc" || !p.DigestVerified || p.LicenseFile != "LICENSE" {
		t.Errorf("provenance %+v", p)
	}
	if p := Provenance(&model.Skill{Location: model.Location{Source: "/tmp/x"}}); p.Repository != "" || p.DigestVerified {
		t.Errorf("local provenance %+v", p)
	}
}
