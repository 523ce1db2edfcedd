package ui

import (
	"charm.land/lipgloss/v2"

	"github.com/skillstudio/skillstudio/registry"
)

// trust is how far a skill's content can be trusted to be what its source
// published: local and built-in skills are the user's own; a remote skill
// is verified when its index gave a digest its content matched,
// unverified when the index gave none, withheld when it was not used (a
// digest mismatch, a failed fetch) — listed, with why, rather than gone.
type trust int

const (
	trustLocal trust = iota
	trustVerified
	trustUnverified
	trustWithheld
)

func (t trust) String() string {
	switch t {
	case trustVerified:
		return "verified"
	case trustUnverified:
		return "unverified"
	case trustWithheld:
		return "withheld"
	}
	return "local"
}

// trust reads the typed facts: the registry's Withheld record and the
// skill's verified digest.
func (e *Entry) trust() trust {
	switch {
	case e.withheld != nil:
		return trustWithheld
	case e.Base.Local || e.Base.Source == registry.EmbeddedSource || e.Base.Source == "":
		return trustLocal
	case e.Skill != nil && e.Skill.Digest != "":
		return trustVerified
	}
	return trustUnverified
}

// trustMark is the row's mark before the description: nothing for local
// skills.
func trustMark(e *Entry, st *Styles) (string, lipgloss.Style) {
	switch e.trust() {
	case trustVerified:
		return "verified", st.OK
	case trustUnverified:
		return "unverified", st.Warning
	case trustWithheld:
		if e.withheld.Mismatch {
			return "withheld: digest mismatch", st.Error
		}
		return "withheld: fetch failed", st.Error
	}
	return "", st.Dim
}
