package xgs

import "testing"

// TestMayNameURL: the prefilter never hides a match of urlWords.
func TestMayNameURL(t *testing.T) {
	for _, d := range []string{"", "url", "The URLs", "a HREF here", "lin\u212a", "LINK", "uri\u017f", "endpoints.", "see Endpoint", "Listing id", "blue bicycle", "x_url", "curly", "hurl it", "e.g. https://x"} {
		if urlWords.MatchString(d) && !mayNameURL(d) {
			t.Errorf("%q matches urlWords but mayNameURL is false", d)
		}
	}
}

func FuzzMayNameURL(f *testing.F) {
	f.Add("lin\u212a")
	f.Add("URLs")
	f.Fuzz(func(t *testing.T, d string) {
		if urlWords.MatchString(d) && !mayNameURL(d) {
			t.Errorf("%q matches urlWords but mayNameURL is false", d)
		}
	})
}
