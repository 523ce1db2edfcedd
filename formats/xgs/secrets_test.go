package xgs

import (
	"strings"
	"testing"
)

// containsSecretMarker is hasSecretMarker's definition: a strings.Contains
// per marker.
func containsSecretMarker(s string) bool {
	for _, m := range secretMarkers {
		if strings.Contains(s, m) {
			return true
		}
	}
	return false
}

// TestHasSecretMarker: the one-pass marker search finds each marker at the
// start, middle and end of a string, a marker that overlaps a near miss
// (ggh_… , AKIAKIA), and nothing in strings that only come close.
func TestHasSecretMarker(t *testing.T) {
	var cases []string
	for _, m := range secretMarkers {
		cases = append(cases, m, m+"0123456789abcdef", "0123456789abcdef"+m, "xx"+m+"yy", m[:len(m)-1], "g"+m, m[:1]+m)
	}
	cases = append(cases, "", "gh", "gh_p", "github_pa", "github_pat", "AKI", "ASI", "xo", "_live", "AIz", "PRIVATE KE", "eyj", "ey", "ghpghp_", "AKIAKIA", "x_live_", "é eyJ", "\xffAIza")
	for _, s := range cases {
		if got, want := hasSecretMarker(s), containsSecretMarker(s); got != want {
			t.Errorf("hasSecretMarker(%q) = %v, want %v", s, got, want)
		}
	}
}

func FuzzHasSecretMarker(f *testing.F) {
	for _, s := range []string{"ghp_x", "AKIAKIA", "github_pat_", "-----BEGIN PRIVATE KEY-----", "eyJhbGciOi", "no marker here"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := hasSecretMarker(s), containsSecretMarker(s); got != want {
			t.Fatalf("hasSecretMarker(%q) = %v, want %v", s, got, want)
		}
	})
}

// TestSecretMarkersLength: hasSecretMarker reads a marker's first two
// bytes before the rest and stops three bytes from the end.
func TestSecretMarkersLength(t *testing.T) {
	for _, m := range secretMarkers {
		if len(m) < 3 {
			t.Errorf("secret marker %q is shorter than 3 bytes; hasSecretMarker assumes 3", m)
		}
	}
}
