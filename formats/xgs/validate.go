package xgs

import (
	"errors"
	"fmt"

	"github.com/skillstudio/skillstudio/internal/semverstrict"
)

// The validators below answer, for one value typed by a person (the
// scaffolder's flags and form), what the header rules would say about it
// in a file. They call the very checks Header.Check uses, so a value they
// accept never draws xgs/name, xgs/namespace, xgs/match-pattern or
// xgs/version.

// ValidName reports why name cannot be an @name (rule xgs/name).
func ValidName(name string) error {
	if name == "" {
		return errors.New("a name is required")
	}
	if !isKebab(name) {
		return fmt.Errorf("%q is not kebab-case: use lowercase letters, digits and single hyphens, e.g. discourse-forum", name)
	}
	return nil
}

// ValidNamespace reports why ns cannot be an @namespace (rule xgs/namespace).
func ValidNamespace(ns string) error {
	if ns == "" {
		return errors.New("a namespace is required")
	}
	if !isJSIdentifier(ns) {
		return fmt.Errorf("%q is not a JS identifier: use letters, digits, _ and $, not starting with a digit, e.g. discourse", ns)
	}
	return nil
}

// ValidMatchPattern reports why p is not a Chrome match pattern (rule
// xgs/match-pattern).
func ValidMatchPattern(p string) error {
	if why := checkMatchPattern(p); why != "" {
		return fmt.Errorf("%q is not a match pattern: %s (e.g. *://*.example.com/*)", p, why)
	}
	return nil
}

// ValidVersion reports why v is not strict semver (rule xgs/version).
func ValidVersion(v string) error {
	if _, err := semverstrict.Parse(v); err != nil {
		return fmt.Errorf("%q is not strict semver: write MAJOR.MINOR.PATCH, e.g. 0.1.0", v)
	}
	return nil
}
