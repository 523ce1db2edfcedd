// Package sourcespec tells a SOURCE spec's kind from its text alone —
// GitHub, a URL, a bare domain or a path — for registry, which opens it,
// and config, which resolves a config file's relative folders.
package sourcespec

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/skillstudio/skillstudio/internal/lazyre"
	"github.com/skillstudio/skillstudio/internal/pathname"
)

// A host name of labels joined by dots, with an alphabetic top-level
// label, and an optional port: what a bare domain looks like.
var bareDomain = lazyre.New(`^(?i)(localhost|([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63})(:[0-9]{1,5})?(/.*)?$`)

// fileSuffixes keep a misspelt local file (skill.md, a.xgs.js) from
// being taken for a domain whose top-level label happens to match.
var fileSuffixes = []string{".md", ".js", ".ts", ".json", ".yaml", ".yml", ".txt", ".zip", ".gz"}

// HasScheme reports whether spec starts with scheme:// (any case).
func HasScheme(spec, scheme string) bool {
	return len(spec) > len(scheme)+3 && strings.EqualFold(spec[:len(scheme)+3], scheme+"://")
}

// LooksLikeDomain reports whether spec could name a site (example.com,
// example.com/skills) rather than only a path.
func LooksLikeDomain(spec string) bool {
	if strings.HasPrefix(spec, ".") || strings.HasPrefix(spec, "/") || strings.HasPrefix(spec, "~") || strings.Contains(spec, `\`) {
		return false
	}
	host, _, _ := strings.Cut(spec, "/")
	lower := strings.ToLower(host)
	for _, s := range fileSuffixes {
		if strings.HasSuffix(lower, s) && !strings.Contains(spec, "/") {
			return false
		}
	}
	return bareDomain.MatchString(spec)
}

// ResolveIn makes a relative folder in a config file's sources: absolute
// against dir, the file's own (absolute) folder, as exclude: patterns
// are: `../other` in a checkout's file names the checkout's sibling
// wherever the command runs. GitHub specs, URLs, absolute paths and `~…`
// (not expanded) are kept. A name that could be a domain is the folder
// only if dir holds it (a stat inside dir, never above it: the file may
// be a stranger's, not yet trusted); otherwise it is the site, written
// https://… so the working folder cannot decide either.
func ResolveIn(dir, spec string) string {
	switch {
	case strings.HasPrefix(spec, "github:") || HasScheme(spec, "https") || HasScheme(spec, "http"),
		filepath.IsAbs(spec), strings.HasPrefix(spec, "~"), dir == "":
		return spec
	case LooksLikeDomain(spec):
		p := filepath.Join(dir, spec)
		if _, inside := pathname.Rel(dir, p); inside {
			if _, err := os.Lstat(p); err == nil { // the entry, not where a link leads
				return p
			}
		}
		return "https://" + spec
	}
	return filepath.Join(dir, spec)
}
