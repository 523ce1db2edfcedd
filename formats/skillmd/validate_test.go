package skillmd

import (
	"strings"
	"testing"
)

func TestValidators(t *testing.T) {
	for _, c := range []struct {
		name  string
		check func(string) error
		value string
		ok    bool
	}{
		{"name", ValidName, "hello-world", true},
		{"name", ValidName, "-hello", false},
		{"name", ValidName, strings.Repeat("a", 65), false},
		{"description", ValidDescription, "Greets the user: \"hi\" ünïcode", true},
		{"description", ValidDescription, "  ", false},
		{"description", ValidDescription, strings.Repeat("é", 1025), false},
		{"version", ValidVersion, "v1.2.0", true},
		{"version", ValidVersion, "1.2", false},
	} {
		if err := c.check(c.value); (err == nil) != c.ok {
			t.Errorf("%s %q: err = %v, want ok=%v", c.name, c.value, err, c.ok)
		}
	}
}
