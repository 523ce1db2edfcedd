package registry

import (
	"fmt"
	"github.com/skillstudio/skillstudio/internal/pathname"
	"net/url"
	"os"
	"path"
	"strings"

	"github.com/skillstudio/skillstudio/internal/lazyre"
	"github.com/skillstudio/skillstudio/internal/sourcespec"
	"github.com/skillstudio/skillstudio/sanitize"
)

// SpecKind is what a remote source spec names.
type SpecKind int

const (
	SpecGitHub      SpecKind = iota + 1 // github:OWNER/REPO[@REF][//DIR]
	SpecIndex                           // https://…/index.json: an OS Loop or discovery index, told apart by content
	SpecWellKnown                       // a domain or site URL: well-known discovery
	SpecXgooseIndex                     // https://…/registry.json
	SpecRawXGS                          // https://…/NAME.xgs.js
	SpecRawSkillMD                      // https://…/SKILL.md
)

// Spec is a parsed remote source.
type Spec struct {
	Kind SpecKind
	// Raw is what the user wrote.
	Raw string
	// URL is the absolute URL for every kind but SpecGitHub.
	URL *url.URL
	// GitHub parts: Dir is the skills folder ("skills" unless given);
	// DirGiven says the user named it (else a missing skills/ falls back
	// to the repository root).
	Owner, Repo, Ref, Dir string
	DirGiven              bool
}

var githubName = lazyre.New(`^[A-Za-z0-9_.-]{1,100}$`)

// IsRemote reports whether spec names a remote source rather than a local
// path. A local path that exists always wins: a folder called example.com
// is opened from disk.
func IsRemote(spec string) bool {
	if strings.HasPrefix(spec, "github:") || hasScheme(spec, "https") || hasScheme(spec, "http") {
		return true
	}
	if _, err := os.Stat(spec); err == nil {
		return false
	}
	return looksLikeDomain(spec)
}

func hasScheme(spec, scheme string) bool { return sourcespec.HasScheme(spec, scheme) }

func looksLikeDomain(spec string) bool { return sourcespec.LooksLikeDomain(spec) }

// ParseSpec reads a remote source spec. It does not touch the network.
func ParseSpec(spec string) (Spec, error) {
	s := Spec{Raw: spec}
	if rest, ok := strings.CutPrefix(spec, "github:"); ok {
		return parseGitHubSpec(s, rest)
	}
	raw := spec
	if !hasScheme(spec, "https") && !hasScheme(spec, "http") {
		if !looksLikeDomain(spec) {
			return s, fmt.Errorf("%s is not a remote source (want github:OWNER/REPO, https://… or a domain)", sanitize.Line(spec))
		}
		raw = "https://" + spec
	}
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return s, fmt.Errorf("%s is not a valid URL", sanitize.Line(spec))
	}
	if u.User != nil {
		return s, fmt.Errorf("%s: credentials in a URL are not supported (they would be stored in the cache); use GITHUB_TOKEN for GitHub", sanitize.Line(u.Redacted()))
	}
	u.Fragment = ""
	s.URL = u
	base := path.Base(u.Path)
	switch {
	case strings.EqualFold(base, "registry.json"):
		s.Kind = SpecXgooseIndex
	case strings.HasSuffix(base, ".json"):
		s.Kind = SpecIndex
	case strings.HasSuffix(base, ".xgs.js"):
		s.Kind = SpecRawXGS
	case strings.EqualFold(base, "SKILL.md"):
		s.Kind = SpecRawSkillMD
	default:
		s.Kind = SpecWellKnown
	}
	return s, nil
}

func parseGitHubSpec(s Spec, rest string) (Spec, error) {
	s.Kind = SpecGitHub
	bad := func(why string) (Spec, error) {
		return s, fmt.Errorf("%s: %s (want github:OWNER/REPO[@REF][//DIR])", sanitize.Line(s.Raw), why)
	}
	repoPart, dir, hasDir := strings.Cut(rest, "//")
	repoPart, ref, hasRef := strings.Cut(repoPart, "@")
	owner, repo, ok := strings.Cut(repoPart, "/")
	if !ok || !githubName.MatchString(owner) || !githubName.MatchString(repo) || repo == "." || repo == ".." {
		return bad("OWNER/REPO is missing or has characters GitHub does not allow")
	}
	repo = strings.TrimSuffix(repo, ".git")
	if hasRef {
		if ref == "" || strings.ContainsAny(ref, " ~^:?*[\\") || strings.Contains(ref, "..") || !printable(ref) {
			return bad("REF is not a valid branch, tag or commit")
		}
	}
	s.Owner, s.Repo, s.Ref = owner, repo, ref
	s.Dir = "skills"
	if hasDir {
		clean, ok := cleanRelPath(strings.Trim(dir, "/"))
		if !ok && dir != "" && strings.Trim(dir, "/") != "" {
			return bad("DIR must be a folder inside the repository")
		}
		if clean == "" {
			clean = "."
		}
		s.Dir, s.DirGiven = clean, true
	}
	return s, nil
}

// cleanRelPath cleans a slash path that must stay inside its base: no
// absolute paths, no "..", no backslashes or control characters. "" and
// false when it escapes.
func cleanRelPath(p string) (string, bool) {
	if p == "" || strings.HasPrefix(p, "/") || strings.Contains(p, `\`) || !printable(p) {
		return "", false
	}
	for _, seg := range strings.Split(p, "/") {
		if seg == ".." {
			return "", false
		}
	}
	c := path.Clean(p)
	if c == "." || c == ".." || strings.HasPrefix(c, "../") {
		return c, c == "."
	}
	return c, true
}

// printable: no control or bidi character, valid UTF-8 (the one rule of
// internal/pathname).
func printable(s string) bool { return pathname.CharProblem(s) == "" }
