package osloop

import "testing"

func TestValidators(t *testing.T) {
	for _, c := range []struct {
		name  string
		check func(string) error
		value string
		ok    bool
	}{
		{"name", ValidName, "web-summary", true},
		{"name", ValidName, "1-summary", false},
		{"name", ValidName, "Web", false},
		{"version", ValidVersion, "1.0.0", true},
		{"version", ValidVersion, "v1.0.0", false},
	} {
		if err := c.check(c.value); (err == nil) != c.ok {
			t.Errorf("%s %q: err = %v, want ok=%v", c.name, c.value, err, c.ok)
		}
	}
}
