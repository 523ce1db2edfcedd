package ui

import (
	"errors"
	"strings"
	"testing"
)

// The question's text comes from a checkout: a hostile spec or file name is
// drawn sanitised; with no way to remember (a corrupt state file), "a" is
// not offered and answers no, and the reason is shown.
func TestConsentQuestionHostileAndWithoutMemory(t *testing.T) {
	lib := fixtureLibrary(t)
	m := studio(t, Options{Sources: []string{lib}, Consent: &SourceConsent{
		File:     "/repo/\x1b]52;c;aGk=\a.skillstudio.yaml",
		Items:    []ConsentItem{{Spec: "https://x.example/\u202eevil\x1b[2J", Reach: "https://x.example", Remote: true}},
		StateErr: "the trust state file /s is not valid (not JSON); remove it to start over",
	}}, 120, 40)
	checkFrame(t, m)
	out := content(m)
	for _, want := range []string{"Open 1 source this checkout's config lists? y once · n/esc no", "network: https://x.example", "Cannot remember an answer"} {
		if !strings.Contains(out, want) {
			t.Errorf("frame lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "a always") {
		t.Error("a always offered without a state file to keep it in")
	}
	n := len(m.ld.sources)
	press(t, m, "a")
	if m.confirm != nil || len(m.ld.sources) != n || !strings.Contains(m.status, "Not opened") {
		t.Errorf("a without memory: confirm %v, %d sources (was %d), status %q", m.confirm, len(m.ld.sources), n, m.status)
	}
}

// "always" whose memory fails still opens this time and says why it was
// not remembered.
func TestConsentAlwaysThatCannotBeKept(t *testing.T) {
	lib := fixtureLibrary(t)
	other := fixtureLibrary(t)
	m := studio(t, Options{Sources: []string{lib}, Consent: &SourceConsent{
		File:     "/repo/.skillstudio.yaml",
		Items:    []ConsentItem{{Spec: other, Reach: other}},
		Remember: func() error { return errors.New("disk full") },
	}}, 120, 40)
	n := len(m.ld.sources)
	press(t, m, "a")
	if len(m.ld.sources) != n+1 || !strings.Contains(m.status, "not remembered: disk full") {
		t.Errorf("%d sources (was %d), status %q", len(m.ld.sources), n, m.status)
	}
}
