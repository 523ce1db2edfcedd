package templates

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/skillstudio/skillstudio/formats/osloop"
	"github.com/skillstudio/skillstudio/formats/skillmd"
	"github.com/skillstudio/skillstudio/formats/xgs"
	"github.com/skillstudio/skillstudio/internal/pathname"
	"github.com/skillstudio/skillstudio/model"
)

// DefaultVersion is the version of a new skill.
const DefaultVersion = "0.1.0"

// Values are what a person chooses for a new skill.
type Values struct {
	Name        string
	Description string
	// Namespace is the .xgs.js @namespace (SuggestNamespace when empty).
	Namespace string
	// Matches are the .xgs.js @match patterns (at least one).
	Matches []string
	Author  string
	// Version defaults to DefaultVersion.
	Version string
	// With names the template's optional parts to write.
	With []string
}

// Field names a value; the CLI's flags have the same names.
const (
	FieldName        = "name"
	FieldDescription = "description"
	FieldNamespace   = "namespace"
	FieldMatch       = "match"
	FieldAuthor      = "author"
	FieldVersion     = "version"
	FieldDir         = "dir"
	FieldWith        = "with"
)

// FieldError is a value that is missing or wrong, with the field it
// belongs to (so the CLI can name the flag and the form the input).
type FieldError struct {
	Field string
	Err   error
}

func (e *FieldError) Error() string { return e.Field + ": " + e.Err.Error() }
func (e *FieldError) Unwrap() error { return e.Err }

// ErrMissing marks a required value that was not given.
var ErrMissing = errors.New("required")

// Required lists the fields a format cannot do without: everything else
// has a default or a suggestion.
func Required(format model.Format) []string {
	switch format {
	case model.FormatXGS:
		return []string{FieldName, FieldDescription, FieldMatch}
	case model.FormatOSLoop:
		// manifest.json and index.json both require an author.
		return []string{FieldName, FieldDescription, FieldAuthor}
	}
	return []string{FieldName, FieldDescription}
}

// Missing returns the required fields v leaves empty, in Required order.
func (v Values) Missing(format model.Format) []string {
	var out []string
	for _, f := range Required(format) {
		empty := false
		switch f {
		case FieldName:
			empty = strings.TrimSpace(v.Name) == ""
		case FieldDescription:
			empty = strings.TrimSpace(v.Description) == ""
		case FieldMatch:
			empty = len(v.Matches) == 0
		case FieldAuthor:
			empty = strings.TrimSpace(v.Author) == ""
		}
		if empty {
			out = append(out, f)
		}
	}
	return out
}

// Normalized trims the values, drops empty match patterns and fills the
// defaults (version, namespace) a format needs.
func (v Values) Normalized(format model.Format) Values {
	v.Name = strings.TrimSpace(v.Name)
	v.Description = strings.TrimSpace(v.Description)
	v.Namespace = strings.TrimSpace(v.Namespace)
	v.Author = strings.TrimSpace(v.Author)
	v.Version = strings.TrimSpace(v.Version)
	var ms []string
	for _, m := range v.Matches {
		if m = strings.TrimSpace(m); m != "" {
			ms = append(ms, m)
		}
	}
	v.Matches = ms
	if v.Version == "" {
		v.Version = DefaultVersion
	}
	if format == model.FormatXGS && v.Namespace == "" {
		v.Namespace = SuggestNamespace(v.Name)
	}
	return v
}

// Validate checks normalized values with the rules the linter applies to
// the fields they become; the first problem comes back as a *FieldError.
func (v Values) Validate(format model.Format) error {
	if missing := v.Missing(format); len(missing) > 0 {
		return &FieldError{missing[0], ErrMissing}
	}
	checks := []struct {
		field string
		err   error
	}{
		{FieldName, ValidateName(format, v.Name)},
		{FieldDescription, ValidateDescription(format, v.Description)},
		{FieldVersion, ValidateVersion(format, v.Version)},
		{FieldAuthor, ValidateAuthor(v.Author)},
	}
	if format == model.FormatXGS {
		checks = append(checks, struct {
			field string
			err   error
		}{FieldNamespace, ValidateNamespace(v.Namespace)})
		for _, m := range v.Matches {
			checks = append(checks, struct {
				field string
				err   error
			}{FieldMatch, ValidateMatch(m)})
		}
	}
	for _, c := range checks {
		if c.err != nil {
			return &FieldError{c.field, c.err}
		}
	}
	return nil
}

// ValidateName checks a skill name with the format's own rule (xgs/name,
// skillmd/name, osloop/name), and that Windows can hold the folder or
// file named after it: every rule accepts nul or com1, which Windows takes
// for a device, so a repository holding one cannot be checked out there.
func ValidateName(format model.Format, name string) error {
	var err error
	switch format {
	case model.FormatXGS:
		err = xgs.ValidName(name)
	case model.FormatSkillMD:
		err = skillmd.ValidName(name)
	case model.FormatOSLoop:
		err = osloop.ValidName(name)
	default:
		return fmt.Errorf("unknown format %q", format)
	}
	if err != nil {
		return err
	}
	if why := pathname.SegmentProblem(name); why != "" {
		return fmt.Errorf("name %q %s; the skill's folder or file is named after it, so choose another name", name, why)
	}
	return nil
}

// ValidateDescription: one line of text (every format shows it as one),
// 1-1024 characters for SKILL.md (skillmd/description).
func ValidateDescription(format model.Format, d string) error {
	if err := oneLineText(d); err != nil {
		return err
	}
	if format == model.FormatSkillMD {
		return skillmd.ValidDescription(d)
	}
	if strings.TrimSpace(d) == "" {
		return errors.New("a description is required: say in one line what the skill does")
	}
	return nil
}

// ValidateVersion checks a version with the format's semver rule.
func ValidateVersion(format model.Format, v string) error {
	switch format {
	case model.FormatXGS:
		return xgs.ValidVersion(v)
	case model.FormatSkillMD:
		return skillmd.ValidVersion(v)
	}
	return osloop.ValidVersion(v)
}

// ValidateNamespace checks an @namespace (xgs/namespace).
func ValidateNamespace(ns string) error { return xgs.ValidNamespace(ns) }

// ValidateMatch checks one @match pattern (xgs/match-pattern).
func ValidateMatch(p string) error { return xgs.ValidMatchPattern(p) }

// ValidateAuthor: optional, one line.
func ValidateAuthor(a string) error { return oneLineText(a) }

// oneLineText refuses what cannot sit on one line of a header, a YAML
// scalar a person reads, or a Markdown paragraph: invalid UTF-8 and
// control characters (newlines included).
func oneLineText(s string) error {
	if !utf8.ValidString(s) {
		return errors.New("the text is not valid UTF-8")
	}
	for _, r := range s {
		if unicode.IsControl(r) || r == 0x2028 || r == 0x2029 {
			return fmt.Errorf("the text holds a control character (%U); write it on one line", r)
		}
	}
	return nil
}

// SuggestNamespace is a short JS identifier for a name: its camelCase
// form ("web-summary" → "webSummary").
func SuggestNamespace(name string) string { return Camel(name) }

// SuggestDir is where a new skill of format named name goes, relative to
// base (the working folder): for SKILL.md the folder NAME; for OS Loop
// skills/NAME inside a repository (base holds skills/), NAME when base is
// the skills folder itself (it holds index.json) or anywhere else; for
// .xgs.js the folder the NAME.xgs.js file is written into, ".".
func SuggestDir(format model.Format, name, base string) string {
	switch format {
	case model.FormatXGS:
		return "."
	case model.FormatOSLoop:
		if isFile(filepath.Join(base, "index.json")) {
			return name
		}
		if isDir(filepath.Join(base, "skills")) {
			return filepath.Join("skills", name)
		}
	}
	return name
}

func isFile(p string) bool {
	info, err := os.Stat(p)
	return err == nil && !info.IsDir()
}

func isDir(p string) bool {
	info, err := os.Stat(p)
	return err == nil && info.IsDir()
}
