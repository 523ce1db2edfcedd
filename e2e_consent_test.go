package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/skillstudio/skillstudio/internal/touchwatch"
)

// TestStudioConsentPromptEndToEnd runs the real binary in tmux on a
// checkout whose .skillstudio.yaml lists a loopback registry and a folder
// beside it: the prompt names both, and neither is touched until y.
func TestStudioConsentPromptEndToEnd(t *testing.T) {
	root := t.TempDir()
	var hits atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		fmt.Fprint(w, "---\nname: far-remote\ndescription: Served by the end-to-end test's loopback registry.\n---\n\n# Far\n\nServed.\n")
	}))
	defer srv.Close()
	write := func(rel, text string) {
		p := filepath.Join(root, filepath.FromSlash(rel))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("checkout/skills/near/SKILL.md", "---\nname: near\ndescription: A skill inside the checkout, for the consent test.\n---\n\n# Near\n\nHere.\n")
	write("sibling/far-sibling/SKILL.md", "---\nname: far-sibling\ndescription: A skill beside the checkout, for the consent test.\n---\n\n# Far\n\nBeside.\n")
	write("checkout/.skillstudio.yaml", "sources:\n  - "+srv.URL+"/far-remote/SKILL.md\n  - ../sibling\n")
	reads, err := touchwatch.Start(filepath.Join(root, "sibling"))
	if err != nil {
		t.Logf("reads not watched: %v", err)
	} else {
		defer reads.Close()
	}
	touches := func() int {
		if reads == nil {
			return 0
		}
		return reads.Touches()
	}

	st := startStudioIn(t, studioRun{dir: filepath.Join(root, "checkout"), width: 140, env: []string{
		"XDG_CONFIG_HOME=" + filepath.Join(root, "config"), "XDG_STATE_HOME=" + filepath.Join(root, "state"),
		"XDG_CACHE_HOME=" + filepath.Join(root, "cache"), "SKILLSTUDIO_TRUST_SOURCES="}}, "--no-watch")
	waitFor := func(want ...string) { t.Helper(); st.waitForAll(20*time.Second, want...) }
	keys := st.keys

	waitFor("near", "Open 2 sources this checkout's config lists?", "network: http://127.0.0.1", "folder:")
	if h, r := hits.Load(), touches(); h != 0 || r != 0 {
		t.Fatalf("while the prompt waits: %d requests, %d reads beside the checkout", h, r)
	}
	keys("y")
	waitFor("far-remote", "far-sibling")
	if h, r := hits.Load(), touches(); h == 0 || reads != nil && r == 0 {
		t.Errorf("after y: %d requests, %d reads (the detectors saw nothing)", h, r)
	}
	if _, err := os.Stat(filepath.Join(root, "state", "skillstudio", "trusted-sources.json")); err == nil {
		t.Error("y (once) was remembered")
	}
	keys("q")
}
