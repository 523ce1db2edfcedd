package cli

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// jsonCommands lists every command with --json or a --format that takes
// json, from the command tree itself, so a new one is checked too.
func jsonCommands(t *testing.T) [][]string {
	t.Helper()
	var out [][]string
	var walk func(c *cobra.Command, path []string)
	walk = func(c *cobra.Command, path []string) {
		for _, sub := range c.Commands() {
			p := append(append([]string{}, path...), sub.Name())
			if sub.Flags().Lookup("json") != nil {
				out = append(out, append(p, "--json"))
			} else if f := sub.Flags().Lookup("format"); f != nil && strings.Contains(f.Usage, "json") {
				out = append(out, append(p, "--format", "json"))
			}
			walk(sub, p)
		}
	}
	walk(newApp(Options{}).newRootCmd(), nil)
	if len(out) < 8 {
		t.Fatalf("found only %v", out)
	}
	return out
}

// requireJSONError checks a run printed one JSON error object on stdout,
// nothing on stderr, and exited 2.
func requireJSONError(t *testing.T, args []string, code int, stdout, stderr string) {
	t.Helper()
	if code != 2 {
		t.Errorf("%v: exit %d, want 2", args, code)
	}
	if stderr != "" {
		t.Errorf("%v: stderr %q, want nothing", args, stderr)
	}
	dec := json.NewDecoder(strings.NewReader(stdout))
	var v struct {
		Error struct {
			Message  string
			ExitCode int
		}
	}
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("%v: stdout is not JSON: %v\n%s", args, err, stdout)
	}
	if dec.More() {
		t.Errorf("%v: more than one JSON value on stdout:\n%s", args, stdout)
	}
	if v.Error.Message == "" || v.Error.ExitCode != 2 {
		t.Errorf("%v: error object %+v", args, v.Error)
	}
}

// Every JSON command's usage errors (an unknown flag, a bad flag value,
// a path that is not there) are a JSON object on stdout, exit 2.
func TestJSONCommandsReportUsageErrorsAsJSON(t *testing.T) {
	isolateConfig(t)
	missing := filepath.Join(t.TempDir(), "not-here")
	for _, cmd := range jsonCommands(t) {
		second := []string{missing}
		switch cmd[0] {
		case "rules": // takes no path
			second = []string{"a-path"}
		case "route": // takes a request, not a path
			second = []string{"--limit", "many", "a request"}
		}
		for _, extra := range [][]string{{"--no-such-flag"}, second} {
			args := append(append([]string{}, cmd...), extra...)
			code, stdout, stderr := runCLI(t, args...)
			requireJSONError(t, args, code, stdout, stderr)
		}
	}
}

// The case the team found: quiz --json with an answer that is not an option.
func TestQuizJSONBadAnswersIsJSON(t *testing.T) {
	isolateConfig(t)
	for _, args := range [][]string{
		{"quiz", "ledger-api-onboarding", "--answers", "9,9", "--json"},
		{"quiz", "--json", "ledger-api-onboarding", "--answers", ""},
		{"quiz", "--json=true", "ledger-api-onboarding", "--walk", "--answers", "1"},
	} {
		code, stdout, stderr := runCLI(t, args...)
		requireJSONError(t, args, code, stdout, stderr)
	}
	// Without --json the error stays text on stderr.
	code, stdout, stderr := runCLI(t, "quiz", "ledger-api-onboarding", "--answers", "9,9")
	if code != 2 || stdout != "" || !strings.Contains(stderr, "neither a number") {
		t.Errorf("text mode: exit %d stdout %q stderr %q", code, stdout, stderr)
	}
}

func TestWantsJSONReadsTheWords(t *testing.T) {
	root := newApp(Options{}).newRootCmd()
	for _, c := range []struct {
		args []string
		want bool
	}{
		{[]string{"lint", "--format", "json"}, true},
		{[]string{"lint", "--format=json"}, true},
		{[]string{"lint", "--format", "json", "--format", "text"}, false},
		{[]string{"lint", "--format", "sarif"}, false},
		{[]string{"list", "--json=false"}, false},
		{[]string{"list", "--", "--json"}, false},
		{[]string{"show", "--json"}, false}, // show has no --json
		{[]string{"review", "x", "--json"}, true},
	} {
		if got := wantsJSON(root, c.args); got != c.want {
			t.Errorf("wantsJSON(%v) = %v, want %v", c.args, got, c.want)
		}
	}
}
