// Package semverstrict parses strict semantic versions (MAJOR.MINOR.PATCH
// with optional pre-release and build parts, no leading v, no shorthand),
// accepting exactly what Masterminds/semver's StrictNewVersion accepts.
//
// The rules cite that function because registries compare versions with
// it, but the library compiles six regular expressions in its init, which
// every command paid at start-up (4.6M instructions, 5% of `version`).
// golang.org/x/mod/semver validates without init work; this package adds
// what makes it strict: no shorthand (v1, v1.2), numbers that fit in 64
// bits, and Masterminds' length cap. FuzzMatchesMasterminds holds the two
// to the same verdict.
package semverstrict

import (
	"errors"
	"strconv"
	"strings"

	"golang.org/x/mod/semver"
)

// MaxLen is the longest version accepted (Masterminds' MaxVersionLen).
const MaxLen = 256

// ErrInvalid is returned for anything that is not strict semver.
var ErrInvalid = errors.New("not a strict semantic version")

// Version is a parsed strict semantic version.
type Version struct {
	Major, Minor, Patch uint64
	// Prerelease and Build are written without their leading - and +.
	Prerelease, Build string
}

// Parse reads s as MAJOR.MINOR.PATCH[-PRERELEASE][+BUILD].
func Parse(s string) (Version, error) {
	if s == "" || len(s) > MaxLen || !semver.IsValid("v"+s) {
		return Version{}, ErrInvalid
	}
	core := s
	if i := strings.IndexAny(core, "-+"); i >= 0 {
		core = core[:i]
	}
	major, rest, ok1 := strings.Cut(core, ".")
	minor, patch, ok2 := strings.Cut(rest, ".")
	if !ok1 || !ok2 {
		return Version{}, ErrInvalid // shorthand: x/mod reads v1.2 as v1.2.0
	}
	var v Version
	var err error
	if v.Major, err = strconv.ParseUint(major, 10, 64); err != nil {
		return Version{}, ErrInvalid
	}
	if v.Minor, err = strconv.ParseUint(minor, 10, 64); err != nil {
		return Version{}, ErrInvalid
	}
	if v.Patch, err = strconv.ParseUint(patch, 10, 64); err != nil {
		return Version{}, ErrInvalid
	}
	v.Prerelease = strings.TrimPrefix(semver.Prerelease("v"+s), "-")
	v.Build = strings.TrimPrefix(semver.Build("v"+s), "+")
	return v, nil
}

// String writes v back in canonical form; for a version Parse accepted it
// equals the input.
func (v Version) String() string {
	var b strings.Builder
	b.WriteString(strconv.FormatUint(v.Major, 10))
	b.WriteByte('.')
	b.WriteString(strconv.FormatUint(v.Minor, 10))
	b.WriteByte('.')
	b.WriteString(strconv.FormatUint(v.Patch, 10))
	if v.Prerelease != "" {
		b.WriteString("-" + v.Prerelease)
	}
	if v.Build != "" {
		b.WriteString("+" + v.Build)
	}
	return b.String()
}
