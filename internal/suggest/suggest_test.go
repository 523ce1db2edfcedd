package suggest

import (
	"strings"
	"testing"
)

func TestDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"name", "name", 0}, {"nmae", "name", 2}, {"descripton", "description", 1},
		{"kitten", "sitting", 3}, {"a", "abcdef", 5},
	} {
		if got := Distance(c.a, c.b, 99); got != c.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
	if got := Distance("a", "abcdef", 3); got != 3 {
		t.Errorf("capped distance = %d, want the limit 3", got)
	}
	if got := Distance(strings.Repeat("x", 65), "x", 5); got != 5 {
		t.Errorf("long words give the limit, got %d", got)
	}
}

func TestClosest(t *testing.T) {
	known := []string{"description", "name", "license"}
	if got := Closest("descripton", known, 3); got != "description" {
		t.Errorf("Closest = %q", got)
	}
	if got := Closest("zzzzzz", known, 3); got != "" {
		t.Errorf("Closest of a stranger = %q, want none", got)
	}
}
