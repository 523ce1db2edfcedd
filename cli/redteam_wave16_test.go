package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/skillstudio/skillstudio/registry"
)

// A lock file comes with the checkout, so a pull request may fill it with
// entries naming one source again and again. pull --check reads each
// source once and checks at most maxLockChecks entries, saying how many
// it left.
func TestPullCheckReadsEachSourceOnceAndIsBounded(t *testing.T) {
	isolateConfig(t)
	var indexFetches atomic.Int64
	files := map[string]string{
		"/acme/skills/v1/skills/index.json":          `[{"name":"notes","description":"Notes","version":"1.0.0","author":"t","folderPath":"skills/notes","tags":[]}]`,
		"/acme/skills/v1/skills/notes/manifest.json": `{"schemaVersion":"2.0","name":"notes","description":"Keeps notes","version":"1.0.0"}`,
		"/acme/skills/v1/skills/notes/module.ts":     "export async function execute() { return {}; }\n",
	}
	fakeGitHub(t, func(path string) (string, bool) {
		if strings.HasSuffix(path, "/index.json") {
			indexFetches.Add(1)
		}
		body, ok := files[path]
		return body, ok
	})

	dir := t.TempDir()
	if out, errOut, code := pullCLI(t, "pull", "--yes", "github:acme/skills@v1", "notes", "--dir", dir); code != 0 {
		t.Fatalf("exit %d: %s%s", code, out, errOut)
	}
	lock, err := registry.ReadLock(dir)
	if err != nil || len(lock.Skills) != 1 {
		t.Fatalf("lock: %v %+v", err, lock)
	}
	const entries = maxLockChecks + 500
	for i := 1; i < entries; i++ {
		e := lock.Skills[0]
		e.Path = fmt.Sprintf("copy-%d", i)
		lock.Skills = append(lock.Skills, e)
	}
	data, _ := json.Marshal(lock)
	if err := os.WriteFile(filepath.Join(dir, registry.LockFileName), data, 0o644); err != nil {
		t.Fatal(err)
	}

	indexFetches.Store(0)
	out, errOut, code := pullCLI(t, "pull", "--check", "--dir", dir)
	if code != 1 {
		t.Errorf("exit %d, want 1 (entries left unchecked): %s", code, errOut)
	}
	if n := indexFetches.Load(); n != 1 {
		t.Errorf("the index was fetched %d times for %d entries naming one source, want once", n, maxLockChecks)
	}
	for _, want := range []string{
		"notes (copy-999): unchanged upstream",
		"500 pulled skills not checked: " + filepath.Join(dir, registry.LockFileName) + " lists 1500; pull --check reads the first 1000",
		"1000 pulled skills checked, 500 changed or unreadable upstream",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, tail(out, 600))
		}
	}
}

// A local source is one walk however the lock spells it.
func TestPullCheckSourceKeyJoinsSpellingsOfOneFolder(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	os.Mkdir("skills", 0o755)
	same := []string{"skills", "skills/", "./skills", "skills/../skills", filepath.Join(dir, "skills"), "//" + filepath.Join(dir, "skills")[1:]}
	for _, s := range same[1:] {
		if sourceKey(s) != sourceKey(same[0]) {
			t.Errorf("sourceKey(%q) = %q, want %q", s, sourceKey(s), sourceKey(same[0]))
		}
	}
	if sourceKey("github:acme/skills") == sourceKey("github:acme/skills@v1") {
		t.Error("two refs of one repository are one source")
	}
}

func tail(s string, n int) string {
	if len(s) > n {
		return "…" + s[len(s)-n:]
	}
	return s
}
