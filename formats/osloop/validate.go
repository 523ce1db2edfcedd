package osloop

import (
	"errors"
	"fmt"

	"github.com/skillstudio/skillstudio/internal/semverstrict"
)

// The validators below answer, for one value typed by a person (the
// scaffolder's flags and form), what the manifest rules would say about it
// in manifest.json. They share the checks the reader runs.

// ValidName reports why name cannot be a skill slug (rule osloop/name).
func ValidName(name string) error {
	if name == "" {
		return errors.New("a name is required")
	}
	if !slugPattern.MatchString(name) {
		return fmt.Errorf("%q is not a kebab-case slug: use lowercase letters, digits and hyphens, starting with a letter", name)
	}
	return nil
}

// ValidVersion reports why v is not strict semver (rule osloop/version).
func ValidVersion(v string) error {
	if _, err := semverstrict.Parse(v); err != nil {
		return fmt.Errorf("%q is not strict semver: write major.minor.patch, e.g. 1.0.0", v)
	}
	return nil
}
