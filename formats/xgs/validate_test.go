package xgs

import "testing"

func TestValidators(t *testing.T) {
	for _, c := range []struct {
		name  string
		check func(string) error
		value string
		ok    bool
	}{
		{"name", ValidName, "discourse-forum", true},
		{"name", ValidName, "Discourse", false},
		{"name", ValidName, "a--b", false},
		{"name", ValidName, "", false},
		{"namespace", ValidNamespace, "discourse", true},
		{"namespace", ValidNamespace, "$x_1", true},
		{"namespace", ValidNamespace, "1x", false},
		{"namespace", ValidNamespace, "my-ns", false},
		{"match", ValidMatchPattern, "*://*.example.com/*", true},
		{"match", ValidMatchPattern, "<all_urls>", true},
		{"match", ValidMatchPattern, "example.com", false},
		{"version", ValidVersion, "0.1.0", true},
		{"version", ValidVersion, "1.0", false},
	} {
		if err := c.check(c.value); (err == nil) != c.ok {
			t.Errorf("%s %q: err = %v, want ok=%v", c.name, c.value, err, c.ok)
		}
	}
}
