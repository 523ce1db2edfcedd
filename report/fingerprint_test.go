package report

import "testing"

// TestFingerprintIgnoresCountsAndPlurals: a finding whose count changes
// keeps its fingerprint, across one and many as well ("1 token" and
// "4 tokens", "1 file" and "12 files"); different findings stay apart.
func TestFingerprintIgnoresCountsAndPlurals(t *testing.T) {
	same := [][2]string{
		{"the body costs about 1 token when the skill loads", "the body costs about 4 tokens when the skill loads"},
		{"1 file left out of the listing", "1,200 files left out of the listing"},
		{"about 3.5 tokens", "about 1 token"},
	}
	for _, p := range same {
		if a, b := fingerprint(map[string]int{}, "r", "u", p[0]), fingerprint(map[string]int{}, "r", "u", p[1]); a != b {
			t.Errorf("%q and %q: fingerprints differ", p[0], p[1])
		}
	}
	if a, b := fingerprint(map[string]int{}, "r", "u", "about 4 tokens"), fingerprint(map[string]int{}, "r", "u", "about 4 words"); a == b {
		t.Error("different words after a number share a fingerprint")
	}
}
