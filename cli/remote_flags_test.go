package cli

import (
	"strings"
	"testing"
)

// Remote sources go through the same lint path as local folders; the
// root's --offline flag reaches the registry.
func TestLintRemoteSourceOnlineAndOffline(t *testing.T) {
	s := remoteSkillServer(t)
	out, errOut, code := pullCLI(t, "lint", "--format", "json", "github:acme/skills")
	if code == 2 || !strings.Contains(out, s.URL+"/acme/skills/HEAD/skills/greeter/") {
		t.Fatalf("lint github: exit %d\n%s\n%s", code, out, errOut)
	}
	out, errOut, code = pullCLI(t, "lint", s.URL+"/site")
	if code == 2 || strings.Contains(errOut, "publishes no skills") {
		t.Fatalf("lint site: exit %d\n%s\n%s", code, out, errOut)
	}
	s.Close()
	out, errOut, code = pullCLI(t, "--offline", "lint", "--format", "json", "github:acme/skills")
	if code == 2 || !strings.Contains(out, "greeter") {
		t.Fatalf("offline lint: exit %d\n%s\n%s", code, out, errOut)
	}
	_, errOut, code = pullCLI(t, "--offline", "lint", "github:acme/other")
	if code != 2 || !strings.Contains(errOut, "not in the cache and --offline is set") {
		t.Errorf("offline miss: exit %d\n%s", code, errOut)
	}
}

func TestBareDomainThatIsNeitherSays(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	_, errOut, code := pullCLI(t, "--offline", "lint", "no-such-folder.example")
	if code != 2 || !strings.Contains(errOut, "no local file or folder no-such-folder.example, and as a site:") {
		t.Errorf("exit %d\n%s", code, errOut)
	}
}
