package registry

import (
	"net"
	"net/url"
	"strings"

	"github.com/skillstudio/skillstudio/internal/sourcespec"
)

// PrivateHost is the host a remote SOURCE spec names when that host is
// this machine or a private network written out: localhost (and
// *.localhost), an IP literal that is loopback, unspecified (0.0.0.0
// reaches this machine's listeners), private (10/8, 172.16/12,
// 192.168/16, fc00::/7) or link-local (169.254/16, the cloud metadata
// address; see privateIP for the whole list). A spec that a checkout
// wrote (a committed lock file) reaches the checking machine's own
// services through it. A host name that only resolves to such an address
// is not seen here: the fetcher's dialGuard refuses that dial.
func PrivateHost(spec string) (host string, private bool) {
	var raw string
	switch {
	case sourcespec.HasScheme(spec, "https") || sourcespec.HasScheme(spec, "http"):
		raw = spec
	case strings.HasPrefix(spec, "github:"):
		return "", false // the GitHub bases are the user's settings
	case sourcespec.LooksLikeDomain(spec) || looksLikeIPHost(spec):
		raw = "https://" + spec
	default:
		return "", false
	}
	u, err := url.Parse(raw)
	if err != nil {
		return "", false
	}
	host = strings.TrimSuffix(strings.ToLower(u.Hostname()), ".")
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return host, true
	}
	ip := hostIP(host)
	if ip == nil {
		return host, false
	}
	return host, privateIP(ip)
}

// looksLikeIPHost: a bare "127.0.0.1:8080/x" or "[::1]:8080", which is
// not a domain but is what a lock may hold.
func looksLikeIPHost(spec string) bool {
	host, _, _ := strings.Cut(spec, "/")
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	return hostIP(host) != nil
}
