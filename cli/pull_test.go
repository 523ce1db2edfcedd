package cli

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// remoteSkillServer publishes a tiny raw-content repository with one OS
// Loop skill (with an index) and serves it as GitHub's raw host would.
func remoteSkillServer(t *testing.T) *httptest.Server {
	files := map[string]string{
		"/acme/skills/HEAD/skills/index.json":            `[{"name":"greeter","description":"Greets","version":"1.0.0","author":"t","folderPath":"skills/greeter","tags":[]}]`,
		"/acme/skills/HEAD/skills/greeter/manifest.json": `{"schemaVersion":"2.0","name":"greeter","description":"Greets","version":"1.0.0"}`,
		"/acme/skills/HEAD/skills/greeter/module.ts":     "export async function execute() { return {}; }\n",
		"/acme/skills/HEAD/skills/greeter/docs.md":       "# Greeter\n",
		"/site/.well-known/agent-skills/index.json":      `{"skills":[{"name":"hello","type":"skill-md","description":"Says hello","url":"hello/SKILL.md"}]}`,
		"/site/.well-known/agent-skills/hello/SKILL.md":  "---\nname: hello\ndescription: Use when greeting someone.\n---\n\n# Hello\n",
	}
	return fakeGitHub(t, func(path string) (string, bool) {
		body, ok := files[path]
		return body, ok
	})
}

// fakeGitHub serves what file gives for a path (404 when it has nothing)
// as GitHub's raw and API hosts, for this test: the cache is a fresh
// folder and no token is sent.
func fakeGitHub(t *testing.T, file func(path string) (string, bool)) *httptest.Server {
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, ok := file(r.URL.Path)
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Write([]byte(body))
	}))
	t.Cleanup(s.Close)
	t.Setenv("SKILLSTUDIO_GITHUB_RAW", s.URL)
	t.Setenv("SKILLSTUDIO_GITHUB_API", s.URL+"/api")
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	t.Setenv("GITHUB_TOKEN", "")
	return s
}

func pullCLI(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(context.Background(), args, &out, &errb)
	return out.String(), errb.String(), code
}

func TestPullRemoteSkill(t *testing.T) {
	remoteSkillServer(t)
	dir := t.TempDir()
	out, errOut, code := pullCLI(t, "pull", "--yes", "github:acme/skills", "greeter", "--dir", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s%s", code, out, errOut)
	}
	if !strings.Contains(out, "pulled greeter (OS Loop, 3 files) into "+filepath.Join(dir, "greeter")) || !strings.Contains(out, "review of greeter (OS Loop) from github:acme/skills:") {
		t.Errorf("output = %q", out)
	}
	got, err := os.ReadFile(filepath.Join(dir, "greeter", "docs.md"))
	if err != nil || string(got) != "# Greeter\n" {
		t.Errorf("docs.md = %q, %v", got, err)
	}
	info, err := os.Stat(filepath.Join(dir, "greeter", "module.ts"))
	if err != nil || info.Mode().Perm()&0o111 != 0 {
		t.Errorf("module.ts mode = %v, %v (pulled files are never executable)", info, err)
	}

	// A second pull never overwrites, and says so.
	os.WriteFile(filepath.Join(dir, "greeter", "docs.md"), []byte("my edits\n"), 0o644)
	out, errOut, code = pullCLI(t, "pull", "--yes", "github:acme/skills", "greeter", "--dir", dir)
	if code == 0 || !strings.Contains(errOut, "already exists; pull never overwrites") {
		t.Errorf("second pull: exit %d, %q %q", code, out, errOut)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "greeter", "docs.md")); string(got) != "my edits\n" {
		t.Error("second pull changed the local copy")
	}
}

func TestPullWellKnownSkillAndOffline(t *testing.T) {
	s := remoteSkillServer(t)
	dir := t.TempDir()
	if out, errOut, code := pullCLI(t, "pull", "--yes", s.URL+"/site", "hello", "--dir", dir); code != 0 {
		t.Fatalf("exit %d: %s%s", code, out, errOut)
	}
	if _, err := os.Stat(filepath.Join(dir, "hello", "SKILL.md")); err != nil {
		t.Fatal(err)
	}
	// Offline, the cached copy still pulls.
	s.Close()
	dir2 := t.TempDir()
	if out, errOut, code := pullCLI(t, "--offline", "pull", "--yes", s.URL+"/site", "hello", "--dir", dir2); code != 0 {
		t.Fatalf("offline: exit %d: %s%s", code, out, errOut)
	}
}

func TestPullErrors(t *testing.T) {
	s := remoteSkillServer(t)
	_, errOut, code := pullCLI(t, "pull", "github:acme/skills", "nope", "--dir", t.TempDir())
	if code != 2 || !strings.Contains(errOut, `no skill named "nope" in github:acme/skills (it has: greeter)`) {
		t.Errorf("unknown name: exit %d, %q", code, errOut)
	}
	_, errOut, code = pullCLI(t, "pull", s.URL+"/nothing-here", "x")
	if code != 2 || !strings.Contains(errOut, "publishes no skills") {
		t.Errorf("empty site: exit %d, %q", code, errOut)
	}
	_, errOut, code = pullCLI(t, "pull", "http://example.invalid/skills/index.json", "x")
	if code != 2 || !strings.Contains(errOut, "--insecure-http") {
		t.Errorf("plain http: exit %d, %q", code, errOut)
	}
	if _, _, code = pullCLI(t, "pull", "only-one-arg"); code != 2 {
		t.Errorf("one argument: exit %d", code)
	}
}
