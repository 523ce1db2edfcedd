package skillmd

import "testing"

// A key two edits from a field by chance (args/tags, tools/hooks) is not
// what was meant; a shortening or the last word of a field is.
func TestClosestField(t *testing.T) {
	for in, want := range map[string]string{
		"args":           "arguments",
		"desc":           "description",
		"ctx":            "context",
		"tools":          "allowed-tools",
		"hint":           "argument-hint",
		"nmae":           "name",
		"tgas":           "tags",
		"alowed-tools":   "allowed-tools",
		"user-invokable": "user-invocable",
		"whenToUse":      "when_to_use",
		"xyzzy":          "",
	} {
		if got := closestField(in); got != want {
			t.Errorf("closestField(%q) = %q, want %q", in, got, want)
		}
	}
}
