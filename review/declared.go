package review

import (
	"strings"
)

// declared is what a skill says about where it goes: the sites its code
// runs on (xgs @match/@include: requests there are same-origin) and the
// other hosts it may contact (@connect, OS Loop sandbox.networkRules).
type declared struct {
	// format is true when the format has a place to declare hosts at all
	// (xgs, OS Loop); SKILL.md has none, so nothing there is "undeclared".
	format   bool
	pages    []hostPattern
	connects []hostPattern
}

// hostPattern matches a host name: "*" any; "*.example.com" the domain
// and its subdomains; "example.com" exactly, or with subdomains when
// subdomains is set (@connect's rule in Tampermonkey-style headers).
type hostPattern struct {
	pattern    string
	subdomains bool
	from       string // the directive that declared it, for messages
}

func (p hostPattern) matches(host string) bool {
	host = strings.ToLower(host)
	pat := strings.ToLower(p.pattern)
	switch {
	case pat == "*":
		return true
	case strings.HasPrefix(pat, "*."):
		base := pat[2:]
		return host == base || strings.HasSuffix(host, "."+base)
	case p.subdomains:
		return host == pat || strings.HasSuffix(host, "."+pat)
	}
	return host == pat
}

func (d *declared) page(host string) (hostPattern, bool)    { return find(d.pages, host) }
func (d *declared) connect(host string) (hostPattern, bool) { return find(d.connects, host) }

func find(ps []hostPattern, host string) (hostPattern, bool) {
	for _, p := range ps {
		if p.matches(host) {
			return p, true
		}
	}
	return hostPattern{}, false
}

// patternHost reads the host part of a match pattern, glob or URL
// pattern: "*://*.example.com/*" → "*.example.com", "<all_urls>" → "*".
// ok is false when no host can be read.
func patternHost(p string) (string, bool) {
	p = strings.TrimSpace(p)
	switch p {
	case "":
		return "", false
	case "<all_urls>", "*":
		return "*", true
	}
	if i := strings.Index(p, "://"); i >= 0 {
		p = p[i+3:]
	} else {
		p = strings.TrimPrefix(p, "//")
	}
	if i := strings.IndexAny(p, "/?#"); i >= 0 {
		p = p[:i]
	}
	if at := strings.LastIndexByte(p, '@'); at >= 0 {
		p = p[at+1:]
	}
	p = stripPort(p)
	if p == "" {
		return "", false
	}
	// A glob host such as "*example.com" or "www.*" is read as any host:
	// declaring it leaves every host open.
	if strings.Contains(p[min(2, len(p)):], "*") || strings.HasPrefix(p, "*") && !strings.HasPrefix(p, "*.") {
		return "*", true
	}
	return p, true
}

func stripPort(h string) string {
	if strings.HasPrefix(h, "[") { // IPv6 literal
		if i := strings.IndexByte(h, ']'); i >= 0 {
			return h[:i+1]
		}
		return h
	}
	if i := strings.LastIndexByte(h, ':'); i >= 0 {
		return h[:i]
	}
	return h
}
