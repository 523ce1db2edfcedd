package skillmd

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/skillstudio/skillstudio/internal/semverstrict"
)

// The validators below answer, for one value typed by a person (the
// scaffolder's flags and form), what the frontmatter rules would say about
// it in a SKILL.md. They share the checks the reader runs.

// ValidName reports why name cannot be a skill name (rule skillmd/name).
func ValidName(name string) error {
	if p := nameProblem(name); p != "" {
		return errors.New(p)
	}
	return nil
}

// ValidDescription reports why d cannot be a description (rule
// skillmd/description: 1-1024 characters, not blank).
func ValidDescription(d string) error {
	switch n := utf8.RuneCountInString(d); {
	case strings.TrimSpace(d) == "":
		return errors.New("a description is required: say what the skill does and when to use it")
	case n > maxDescriptionLen:
		return fmt.Errorf("the description is %d characters long; the limit is %d", n, maxDescriptionLen)
	}
	return nil
}

// ValidVersion reports why v is not a semantic version (rule
// skillmd/version; a leading v is tolerated).
func ValidVersion(v string) error {
	if _, err := semverstrict.Parse(strings.TrimPrefix(v, "v")); err != nil {
		return fmt.Errorf("%q is not a semantic version: write MAJOR.MINOR.PATCH, e.g. 1.2.0", v)
	}
	return nil
}
