package lazyre

import (
	"strings"
	"testing"
)

func TestCompiledOnFirstUse(t *testing.T) {
	r := New(`b+`)
	if !r.MatchString("abbc") || r.MatchString("ac") {
		t.Error("MatchString")
	}
	if got := r.FindStringIndex("abbc"); len(got) != 2 || got[0] != 1 || got[1] != 3 {
		t.Errorf("FindStringIndex = %v", got)
	}
	if got := r.ReplaceAllString("abbc", "-"); got != "a-c" {
		t.Errorf("ReplaceAllString = %q", got)
	}
	first := r.Regexp()
	if again := r.Regexp(); again != first {
		t.Error("compiled twice")
	}
}

func TestBadExpressionPanicsAtFirstUse(t *testing.T) {
	r := New(`(`) // no panic here
	defer func() {
		if recover() == nil {
			t.Error("a bad expression did not panic at first use")
		}
	}()
	r.MatchString("x")
}

func TestCheckNamesABadExpression(t *testing.T) {
	New(`a[`) // never used
	if err := Check(); err == nil || !strings.Contains(err.Error(), "missing closing ]") {
		t.Errorf("Check() = %v, want the bad expression named", err)
	}
}
