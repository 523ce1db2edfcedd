package registry

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestReachNamesHostsAndFoldersWithoutTouchingThem(t *testing.T) {
	wd, _ := os.Getwd()
	o := RemoteOptions{GitHubAPI: "https://api.example", GitHubRaw: "https://raw.example"}
	for spec, want := range map[string]string{
		"https://beacon.example:8443/x/index.json": "https://beacon.example:8443",
		"github:acme/skills":                       "https://api.example, https://raw.example (GitHub acme/skills)",
		"../other":                                 filepath.Join(filepath.Dir(wd), "other"),
		"skills.example.org":                       "https://skills.example.org (or the folder",
	} {
		_, got := Reach(spec, o)
		if !strings.HasPrefix(got, want) {
			t.Errorf("Reach(%q) = %q, want %q…", spec, got, want)
		}
	}
	if _, got := Reach("https://a\x1b]0;x\a.example/", o); strings.ContainsAny(got, "\x1b\a") {
		t.Errorf("control in %q", got)
	}
}
