package registry

import (
	"net/url"
	"path/filepath"
	"strings"

	"github.com/skillstudio/skillstudio/sanitize"
)

// Reach says what opening spec would reach, for a consent prompt: the
// host(s) of a remote source, or the absolute folder of a local one. It
// touches neither disk nor network (IsRemote stats the path, which for
// "../other" is already a read outside a checkout), so a name that could
// be a folder or a domain is named as both.
func Reach(spec string, o RemoteOptions) (remote bool, what string) {
	abs := func() string {
		if a, err := filepath.Abs(spec); err == nil {
			return a
		}
		return spec
	}
	switch {
	case strings.HasPrefix(spec, "github:"):
		o = o.withDefaults()
		return true, hostOf(o.GitHubAPI) + ", " + hostOf(o.GitHubRaw) + " (GitHub " + sanitize.Line(strings.TrimPrefix(spec, "github:")) + ")"
	case hasScheme(spec, "https") || hasScheme(spec, "http"):
		return true, hostOf(spec)
	case looksLikeDomain(spec):
		return true, hostOf("https://"+spec) + " (or the folder " + sanitize.Line(abs()) + " if it exists)"
	}
	return false, sanitize.Line(abs())
}

func hostOf(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return sanitize.Line(raw)
	}
	return sanitize.Line(u.Scheme + "://" + u.Host)
}
