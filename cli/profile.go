package cli

import (
	"strings"

	"github.com/skillstudio/skillstudio/model"
)

// parseProfile reads a --profile value.
func parseProfile(s string) (model.Profile, bool) {
	for _, p := range model.Profiles {
		if string(p) == s {
			return p, true
		}
	}
	return "", false
}

func profileList() []string {
	out := make([]string, len(model.Profiles))
	for i, p := range model.Profiles {
		out[i] = string(p)
	}
	return out
}

func profileNames() string { return strings.Join(profileList(), ", ") }
