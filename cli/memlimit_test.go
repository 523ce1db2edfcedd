package cli

import (
	"context"
	"io"
	"testing"
)

// TestStartGCUnlessPaced checks which runs turn the collector back on
// before the command: every one but a command that sets its own goal
// (show, lint), and those too when the user set GOGC.
func TestStartGCUnlessPaced(t *testing.T) {
	for _, tc := range []struct {
		gogc  string
		args  []string
		start bool
	}{
		{"", []string{"show", "release-notes"}, false},
		{"", []string{"lint", "--format", "json", "."}, false},
		{"", []string{"rules"}, true},
		{"", []string{"version"}, true},
		{"", []string{"no-such-command"}, true},
		{"", nil, true},
		{"100", []string{"show", "release-notes"}, true},
		{"off", []string{"lint", "."}, true},
	} {
		t.Setenv("GOGC", tc.gogc)
		started := 0
		Run(context.Background(), append(tc.args, "--help"), io.Discard, io.Discard, Options{StartGC: func() { started++ }})
		if want := map[bool]int{true: 1, false: 0}[tc.start]; started != want {
			t.Errorf("GOGC=%q %v: StartGC called %d times, want %d", tc.gogc, tc.args, started, want)
		}
	}
}
