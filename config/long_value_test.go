package config

import (
	"strings"
	"testing"
)

// TestErrorsClipLongValues: a config value of a megabyte (a profile, an
// exclude pattern, an agent, a context size, a setting's name) is quoted
// in its error clipped, not whole: the message was a megabyte long.
func TestErrorsClipLongValues(t *testing.T) {
	long := strings.Repeat("a", 1<<20)
	for _, src := range []string{
		"profile: \"" + long + "\"\n",
		"exclude:\n  - \"" + strings.Repeat("[", 1<<19) + "\"\n",
		"listing:\n  agents: [\"" + long + "\"]\n",
		"listing:\n  context: \"" + long + "\"\n",
		"\"" + long + "\": 1\n",
	} {
		_, err := Parse("c.yaml", []byte(src), testRules)
		if err == nil {
			t.Fatalf("%.40q: no error", src)
		}
		if len(err.Error()) > 600 {
			t.Errorf("%.40q: error of %d bytes: %.120s…", src, len(err.Error()), err.Error())
		}
		if !strings.HasPrefix(err.Error(), "c.yaml:") {
			t.Errorf("%.40q: error %.80q names no position", src, err.Error())
		}
	}
}
