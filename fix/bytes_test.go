package fix

import (
	"testing"

	"github.com/skillstudio/skillstudio/model"
)

func TestApplyToBytes(t *testing.T) {
	edits := []model.TextEdit{
		{Start: 11, End: 11, NewText: "!"},
		{Start: 0, End: 5, NewText: "Hello"},
		{Start: 6, End: 11, NewText: "World"},
	}
	content := []byte("hello world")
	got, err := ApplyToBytes(content, edits)
	if err != nil || string(got) != "Hello World!" {
		t.Fatalf("got %q, %v", got, err)
	}
	if string(content) != "hello world" {
		t.Errorf("the input was modified: %q", content)
	}
}

func TestApplyToBytesRefusesOverlapAndStaleEdits(t *testing.T) {
	for name, edits := range map[string][]model.TextEdit{
		"overlap":          {{Start: 0, End: 3, NewText: "x"}, {Start: 2, End: 4, NewText: "y"}},
		"same insertion":   {{Start: 1, End: 1, NewText: "x"}, {Start: 1, End: 1, NewText: "y"}},
		"stale (too long)": {{Start: 3, End: 9, NewText: "x"}},
		"backwards":        {{Start: 2, End: 1}},
		"negative":         {{Start: -1, End: 1}},
	} {
		if got, err := ApplyToBytes([]byte("abcdef"), edits); err == nil {
			t.Errorf("%s: applied, got %q", name, got)
		}
	}
}

func TestOverlaps(t *testing.T) {
	cases := []struct {
		a, b Edit
		want bool
	}{
		{Edit{Start: 0, End: 2}, Edit{Start: 2, End: 4}, false},
		{Edit{Start: 0, End: 3}, Edit{Start: 2, End: 4}, true},
		{Edit{Start: 2, End: 2}, Edit{Start: 2, End: 2}, true},
		{Edit{Start: 2, End: 2}, Edit{Start: 0, End: 2}, false},
		{Edit{Start: 1, End: 1}, Edit{Start: 0, End: 2}, true},
	}
	for _, tc := range cases {
		if got := overlaps(tc.a, tc.b); got != tc.want {
			t.Errorf("overlaps(%v, %v) = %v", tc.a, tc.b, got)
		}
	}
}
