package review

import (
	"fmt"
	"slices"
	"strings"

	"github.com/skillstudio/skillstudio/internal/lazyre"
)

// Reads of the browser's cookie store: the user's logged-in sessions for
// every site. Browser-automation skills read them honestly (a CLI's auth
// refreshed from the browser over the DevTools protocol on localhost), so
// a read is evidence; the cookies sent to a host written out that is
// neither loopback nor a site the read names is exfiltration.
var (
	cookieStore = lazyre.New(`(?i)\b(storage\.getcookies|network\.getallcookies|network\.getcookies)\b|\bbrowser_?cookie3?\b|\bpycookiecheat\b|--cookies-from-browser\b|\bcookies\.sqlite\b|\bcookies\.binarycookies\b|[/\\](default|profile [0-9]+)[/\\](network[/\\])?cookies\b|["'](default|network)["']\s*,\s*["']cookies["']|\bfrom\s+(moz_)?cookies\s+where\b`)
	// cookieSite: a site a read is limited to (domain_name="x.com",
	// host_key LIKE '%x.com%'; urls: ['https://x.com'] is read as a URL).
	cookieSite = lazyre.New(`(?i)\b(domain(_name)?\s*[=:]|host_key\s+(like|=))\s*["']%?\.?([a-z0-9.-]+\.[a-z]{2,})%?["']`)
)

const cookieHint = "Read which sites' cookies the skill takes and where they go: a browser's cookie store holds the user's sessions for every site."

// cookieRead says what cookie-store read line holds, or "".
func cookieRead(line string) string {
	if !mentionsCookie(line) {
		return ""
	}
	if m := cookieStore.FindStringIndex(line); m != nil {
		return "reads the browser's cookie store (" + strings.Trim(line[m[0]:m[1]], `/\`) + ")"
	}
	return ""
}

// mentionsCookie is the prefilter: every cookieStore match holds
// "cookie" in some case, and lower-casing each file to find it would copy
// it ("Cookies", "cookies", "COOKIES" hold one of these).
func mentionsCookie(s string) bool {
	return strings.Contains(s, "ookie") || strings.Contains(s, "OOKIE")
}

// cookieSites are the hosts a read names: its own sites, where sending the
// cookies is their use. A URL counts only on a line that does not itself
// talk to the network (Network.getCookies {urls: […]}): on one that
// does, it is where the cookies go.
func cookieSites(line string) []string {
	var sites []string
	if !netSink.MatchString(line) {
		for _, m := range urlAuthority.FindAllStringSubmatch(line, -1) {
			sites = append(sites, hostOf(m[1]))
		}
	}
	for _, m := range cookieSite.FindAllStringSubmatch(line, -1) {
		sites = append(sites, strings.ToLower(m[4]))
	}
	return sites
}

// hostOf is the lower-case host of a URL authority (user info and port
// dropped).
func hostOf(authority string) string {
	host := authority[strings.LastIndexByte(authority, '@')+1:]
	if i := strings.IndexByte(host, ':'); i >= 0 {
		host = host[:i]
	}
	return strings.ToLower(strings.TrimSuffix(host, "."))
}

// sendsElsewhere returns the first host written out on a line that talks
// to the network which is neither loopback nor one of sites, or "". A URL
// built at run time is not judged: a DevTools client always talks to
// http://localhost:$PORT.
func sendsElsewhere(line string, sites []string) string {
	if !netSink.MatchString(line) {
		return ""
	}
	for _, m := range urlAuthority.FindAllStringSubmatch(line, -1) {
		host := hostOf(m[1])
		if host == "" || strings.ContainsAny(host, "$`{}") || isLoopback(host) {
			continue
		}
		if !slices.ContainsFunc(sites, func(d string) bool {
			d = strings.TrimPrefix(d, ".")
			return host == d || strings.HasSuffix(host, "."+d) || strings.HasSuffix(d, "."+host)
		}) {
			return host
		}
	}
	return ""
}

// scanCookies reports reads of the browser's cookie store: exfiltration
// when the same line (Markdown code, hooks) or script sends to another
// host, else one note per file.
func (r *reviewer) scanCookies(f *source, kind fileKind) {
	if !mentionsCookie(f.text) {
		return
	}
	text := f.text
	if kind == kindMarkdown || kind == kindText {
		text = codeOnly(text)
	}
	type read struct {
		off  int
		what string
	}
	var reads []read
	var sites []string
	sent := false
	forLines(text, func(pos int, logical, joined string) {
		what := cookieRead(joined)
		if t := strings.TrimSpace(joined); what == "" || strings.HasPrefix(t, "#") || strings.HasPrefix(t, "//") {
			return // a comment that names the call is not the call
		}
		off := pos + len(logical) - len(strings.TrimLeft(logical, " \t"))
		own := cookieSites(joined)
		if host := sendsElsewhere(joined, own); host != "" {
			sent = true
			r.report(f, off, exfilRule(f, off), fmt.Sprintf("%s and sends it to %s: %s", what, host, clip(Visible(strings.TrimSpace(joined)), 200)), exfilHint)
			return
		}
		reads = append(reads, read{off, what})
		sites = append(sites, own...)
	})
	if sent || len(reads) == 0 {
		return
	}
	if kind == kindShell || kind == kindScript {
		// A script passes the cookies through variables: any line that
		// sends to a host other than the sites its reads name.
		var hit, at string
		forLines(text, func(_ int, _, joined string) {
			if hit == "" {
				if h := sendsElsewhere(joined, sites); h != "" {
					hit, at = h, strings.TrimSpace(joined)
				}
			}
		})
		if hit != "" {
			r.report(f, reads[0].off, "review/exfiltration", fmt.Sprintf("%s, and the script sends to %s: %s", reads[0].what, hit, clip(Visible(at), 120)), exfilHint)
			return
		}
	}
	msg := reads[0].what
	if len(reads) > 1 {
		msg += fmt.Sprintf(" (and %d more lines)", len(reads)-1)
	}
	r.report(f, reads[0].off, "review/browser-cookies", msg, cookieHint)
}
