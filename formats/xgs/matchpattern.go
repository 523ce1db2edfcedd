package xgs

import "strings"

// checkMatchPattern returns why p is not a valid Chrome match pattern, or
// "". Grammar (developer.chrome.com, "Match patterns"):
//
//	<all_urls> | <scheme>://<host><path>   scheme: * http https file ftp urn
//	host: * | *.<domain> | <domain>, optionally :port or :*; empty for file
//	path: / followed by anything (* is a wildcard)
//
// urn: patterns have no host: urn:<anything>.
func checkMatchPattern(p string) string {
	if p == "<all_urls>" {
		return ""
	}
	if p == "" {
		return "empty pattern"
	}
	if strings.ContainsAny(p, " \t") {
		return "contains whitespace"
	}
	scheme, rest, ok := strings.Cut(p, ":")
	if !ok {
		return "missing scheme (such as https://)"
	}
	switch scheme {
	case "*", "http", "https", "file", "ftp":
	case "urn":
		if rest == "" {
			return "urn: pattern has nothing after the scheme"
		}
		return ""
	default:
		return "scheme " + scheme + " is not *, http, https, file, ftp or urn"
	}
	if !strings.HasPrefix(rest, "//") {
		return "missing // after the scheme"
	}
	rest = rest[2:]
	slash := strings.IndexByte(rest, '/')
	if slash < 0 {
		return "missing path (add / or /* after the host)"
	}
	host, _ := rest[:slash], rest[slash:]
	if scheme == "file" {
		if host != "" && host != "*" && host != "localhost" {
			return "file: patterns have no host (write file:///path)"
		}
		return ""
	}
	if host == "" {
		return "missing host"
	}
	if h, port, hasPort := cutPort(host); hasPort {
		if port != "*" && !allDigits(port) {
			return "port " + port + " is not a number or *"
		}
		host = h
	}
	switch {
	case host == "*":
		return ""
	case strings.HasPrefix(host, "*."):
		host = host[2:]
	}
	if strings.Contains(host, "*") {
		return "* in the host must be the whole host or its first label (*.example.com)"
	}
	if host == "" {
		return "missing domain after *."
	}
	if strings.HasPrefix(host, "[") && strings.HasSuffix(host, "]") {
		return "" // an IPv6 literal
	}
	for _, label := range strings.Split(host, ".") {
		if label == "" {
			return "empty label in host " + host
		}
		for i := 0; i < len(label); i++ {
			c := label[i]
			if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c >= 0x80) {
				return "host " + host + " has an invalid character " + string(rune(c))
			}
		}
	}
	return ""
}

// cutPort splits host:port (not inside an IPv6 literal's brackets).
func cutPort(host string) (h, port string, ok bool) {
	i := strings.LastIndexByte(host, ':')
	if i < 0 || strings.LastIndexByte(host, ']') > i {
		return host, "", false
	}
	return host[:i], host[i+1:], true
}

func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
