package cli

import (
	"strings"
	"testing"
)

// A remote OS Loop index whose entry for a skill writes a key twice:
// review says so, naming the line of the value the runtime uses, as lint
// does (osloop/duplicate-key).
func TestReviewRemoteIndexDuplicateKey(t *testing.T) {
	isolateConfig(t)
	m := newMutableRepo(t)
	m.set("/acme/skills/v1/skills/index.json", "[{\"name\":\"notes\",\"description\":\"Notes\",\"version\":\"1.0.0\",\"author\":\"t\",\n\"folderPath\":\"skills/other\",\n\"folderPath\":\"skills/notes\",\"tags\":[]}]")
	out, errOut, code := runWithStdin(t, "", false, "review", "github:acme/skills@v1")
	if code != 0 || !strings.Contains(out, "index.json:3:1") || !strings.Contains(out, `key "folderPath" is written twice`) {
		t.Errorf("exit %d, no review/duplicate-key at index.json:3:1:\n%s%s", code, out, errOut)
	}
}
