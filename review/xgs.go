package review

import (
	"strings"

	"github.com/skillstudio/skillstudio/formats/xgs"
)

// readXGSHeader collects the hosts an .xgs.js header declares: @match and
// @include name the sites it runs on, @connect the other hosts it calls.
// A Tampermonkey ==UserScript== block is read the same way.
func (r *reviewer) readXGSHeader(f *source) {
	r.declared.format = true
	h, _ := xgs.ParseHeader([]byte(f.text))
	if h == nil {
		h, _ = xgs.ParseHeaderMarker([]byte(f.text), "UserScript")
	}
	if h == nil {
		return
	}
	for _, d := range h.Directives {
		switch d.Key {
		case "match", "include":
			if host, ok := patternHost(d.Value); ok {
				r.declared.pages = append(r.declared.pages, hostPattern{pattern: host, from: "@" + d.Key})
			}
		case "connect":
			v := strings.TrimSpace(d.Value)
			switch {
			case v == "<self>" || v == "self":
				// The page's own origin: already covered by @match.
			case v == "*":
				r.declared.connects = append(r.declared.connects, hostPattern{pattern: "*", from: "@connect"})
			default:
				if host, ok := patternHost(v); ok {
					r.declared.connects = append(r.declared.connects, hostPattern{pattern: host, subdomains: true, from: "@connect"})
				}
			}
		}
	}
}
