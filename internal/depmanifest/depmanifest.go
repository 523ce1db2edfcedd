// Package depmanifest reads the registry package names a dependency
// manifest shipped in a skill folder names, each with its byte offset in
// the file: requirements*.txt, pyproject.toml, Pipfile, package.json,
// Cargo.toml, Gemfile and go.mod. Local paths, URLs and VCS sources are
// not registry names and are left out. Nothing is resolved or fetched.
package depmanifest

import (
	"path"
	"strings"

	"github.com/skillstudio/skillstudio/internal/typosquat"
)

// Dep is one package name a manifest names.
type Dep struct {
	Registry typosquat.Registry
	Name     string
	Off      int // byte offset of Name in the file
}

// maxDeps bounds what one manifest returns: a real one names a few
// hundred at most, a hostile one may name millions.
const maxDeps = 2000

// Kind says which manifest a file name is, or "" for none. It is asked
// of every file a review reads, so it does not allocate.
func Kind(name string) string {
	base := path.Base(name)
	for _, k := range []string{"package.json", "pyproject.toml", "pipfile", "cargo.toml", "gemfile", "go.mod"} {
		if strings.EqualFold(base, k) {
			return k
		}
	}
	if !hasSuffixFold(base, ".txt") {
		return ""
	}
	if hasPrefixFold(base, "requirements") || hasPrefixFold(base, "constraints") || hasSuffixFold(base, ".requirements.txt") ||
		strings.EqualFold(path.Base(path.Dir(name)), "requirements") {
		return "requirements.txt"
	}
	return ""
}

func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

func hasSuffixFold(s, suffix string) bool {
	return len(s) >= len(suffix) && strings.EqualFold(s[len(s)-len(suffix):], suffix)
}

// Parse returns the registry names the manifest called name names; text
// that does not parse yields what was read before the error (a manifest's
// syntax is its own tooling's to report, not the review's).
func Parse(name string, text []byte) []Dep {
	var deps []Dep
	switch Kind(name) {
	case "requirements.txt":
		deps = requirements(text)
	case "package.json":
		deps = packageJSON(text)
	case "pyproject.toml", "pipfile", "cargo.toml":
		deps = tomlDeps(Kind(name), text)
	case "gemfile":
		deps = gemfile(text)
	case "go.mod":
		deps = goMod(text)
	}
	if len(deps) > maxDeps {
		deps = deps[:maxDeps]
	}
	return deps
}

// pep508Name returns the distribution name a PEP 508 requirement starts
// with and its offset in s, or false for a URL, path or anything else
// that is not a registry name (pkg @ https://… names a name but installs
// from the URL).
func pep508Name(s string) (string, int, bool) {
	start := 0
	for start < len(s) && (s[start] == ' ' || s[start] == '\t') {
		start++
	}
	end := start
	for end < len(s) && isNameByte(s[end]) {
		end++
	}
	if end == start || !isAlnum(s[start]) {
		return "", 0, false
	}
	rest := strings.TrimLeft(s[end:], " \t")
	if strings.HasPrefix(rest, "@") || strings.HasPrefix(rest, ":") || strings.HasPrefix(rest, "/") {
		return "", 0, false // a direct reference (name @ url) or a URL/path
	}
	if strings.HasSuffix(strings.ToLower(s[start:end]), ".whl") || strings.Contains(s[start:end], "..") {
		return "", 0, false
	}
	return s[start:end], start, true
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func isNameByte(c byte) bool { return isAlnum(c) || c == '-' || c == '_' || c == '.' }
