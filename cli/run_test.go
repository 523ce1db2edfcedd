package cli

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

func TestVersionComesFromOptions(t *testing.T) {
	var out, errb bytes.Buffer
	if code := Run(context.Background(), []string{"version"}, &out, &errb, Options{Version: "1.2.3"}); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !strings.HasPrefix(out.String(), "skillstudio 1.2.3 (") {
		t.Errorf("version printed %q", out.String())
	}
	out.Reset()
	Run(context.Background(), []string{"version"}, &out, &errb, Options{})
	if !strings.HasPrefix(out.String(), "skillstudio dev (") {
		t.Errorf("default version printed %q", out.String())
	}
}

// Each Run parses into a new command tree: a flag given to one run is not
// seen by the next.
func TestRunsShareNoFlags(t *testing.T) {
	isolateConfig(t)
	broken := "testdata/lint/broken/skillmd/no-name"
	if code, _, _ := runCLI(t, "lint", "--format", "json", broken); code != 1 {
		t.Fatalf("first run: exit %d", code)
	}
	code, out, _ := runCLI(t, "lint", broken)
	if code != 1 || strings.HasPrefix(strings.TrimSpace(out), "{") {
		t.Errorf("second run kept --format json: exit %d\n%s", code, out)
	}
}

// Without a studio (tests, or a build that leaves it out) the root
// command shows its help.
func TestRootWithoutStudioShowsHelp(t *testing.T) {
	a := newApp(Options{})
	a.studio = nil
	var out, errb bytes.Buffer
	if code := a.run(context.Background(), nil, &out, &errb); code != 0 || !strings.Contains(out.String(), "skillstudio") {
		t.Errorf("exit %d\n%s%s", code, out.String(), errb.String())
	}
}
