package review

import (
	"strings"
)

// httpMethods mark XMLHttpRequest.open(method, url) among other .open calls.
var httpMethods = map[string]bool{"GET": true, "POST": true, "PUT": true, "PATCH": true, "DELETE": true, "HEAD": true, "OPTIONS": true}

// globalObjects may prefix a global call: window.fetch, globalThis.fetch;
// host.network.fetch is the OS Loop sandbox's fetch.
var globalObjects = map[string]bool{"window": true, "globalThis": true, "self": true, "unsafeWindow": true, "network": true}

// callAt recognises a network call starting at toks[i]; aliases are the
// names fetch is bound to (fetchAliases).
func callAt(toks []token, i int, consts map[string]token, aliases map[string]bool) (call, bool) {
	t := toks[i]
	if t.kind != tokIdent {
		return call{}, false
	}
	next := func(k int) token {
		if i+k < len(toks) {
			return toks[i+k]
		}
		return token{kind: tokEOF}
	}
	prev := func(k int) token {
		if i-k >= 0 {
			return toks[i-k]
		}
		return token{}
	}
	isPunct := func(t token, s string) bool { return t.kind == tokPunct && t.str == s }
	if isPunct(next(1), "(") && declaresMethod(toks, i) {
		return call{}, false
	}
	if aliases[t.str] && isPunct(next(1), "(") && !isPunct(prev(1), ".") && !isPunct(prev(1), "?.") &&
		!(prev(1).kind == tokIdent && (prev(1).str == "function" || prev(1).str == "async")) {
		return newCall("fetch (as "+t.str+")", toks, i+2, consts), true
	}
	switch t.str {
	case "fetch":
		if !isPunct(next(1), "(") || prev(1).kind == tokIdent && (prev(1).str == "function" || prev(1).str == "async") {
			return call{}, false
		}
		api := "fetch"
		if isPunct(prev(1), ".") || isPunct(prev(1), "?.") {
			// host["network"].fetch(…) or a name bound to host.network
			// (const net = host.network; const { network: n } = host).
			bracketed := isPunct(prev(2), "]") && prev(3).kind == tokString && prev(3).str == "network"
			switch {
			case bracketed || aliases[netAliasKey+prev(2).str] || prev(2).str == "network":
				api = "host.network.fetch"
			case !globalObjects[prev(2).str]:
				return call{}, false
			}
		}
		return newCall(api, toks, i+2, consts), true
	case "URL", "WebSocket", "EventSource":
		if !(prev(1).kind == tokIdent && prev(1).str == "new") || !isPunct(next(1), "(") {
			return call{}, false
		}
		c := newCall("new "+t.str, toks, i+2, consts)
		c.off = prev(1).off
		if t.str == "URL" {
			if c.url.host == "" && !c.url.dynamic && !c.url.same {
				return call{}, false // new URL("") or a bare word: not a contact
			}
			// new URL(path, base): the base decides the host.
			if c.url.same || c.url.dynamic {
				if j := argAfter(toks, i+2); j > 0 {
					base := readURL(toks, j, consts)
					if c.url.same && base.host != "" || base.same {
						c.url = base
					}
				}
			}
			if c.url.dynamic {
				return call{}, false // parsing a URL from a variable contacts nothing
			}
		}
		return c, true
	case "sendBeacon":
		if !isPunct(prev(1), ".") || !isPunct(next(1), "(") {
			return call{}, false
		}
		return newCall("navigator.sendBeacon", toks, i+2, consts), true
	case "open":
		// xhr.open("GET", url): only with a literal HTTP method first.
		if !isPunct(prev(1), ".") || !isPunct(next(1), "(") || next(2).kind != tokString || !httpMethods[strings.ToUpper(next(2).str)] || !isPunct(next(3), ",") {
			return call{}, false
		}
		c := newCall("XMLHttpRequest.open", toks, i+4, consts)
		c.page = joinPage(pageData(toks, i+1), xhrPageData(toks, i, prev(2)))
		c.open = i + 1
		return c, true
	case "src", "href":
		// img.src = "https://…?c=" + document.cookie (a tracking pixel),
		// script.src, location.href = …: assigning a URL fetches it.
		if !isPunct(prev(1), ".") || !isPunct(next(1), "=") || t.str == "href" && prev(2).str != "location" {
			return call{}, false
		}
		c := call{api: "setting ." + t.str, off: t.off, url: readURL(toks, i+2, consts)}
		c.page = pageDataIn(toks, i+2, statementEnd(toks, i+2), nil)
		return c, true
	case "importScripts":
		if !isPunct(next(1), "(") {
			return call{}, false
		}
		return newCall(t.str, toks, i+2, consts), true
	case "GM_xmlhttpRequest", "xmlHttpRequest", "GM_fetch":
		if t.str == "xmlHttpRequest" && !(isPunct(prev(1), ".") && prev(2).str == "GM") || !isPunct(next(1), "(") {
			return call{}, false
		}
		api := "GM_xmlhttpRequest"
		if t.str == "xmlHttpRequest" {
			api = "GM.xmlHttpRequest"
		}
		if t.str == "GM_fetch" {
			return newCall("GM_fetch", toks, i+2, consts), true
		}
		// The URL is the `url:` member of the options object.
		end := closing(toks, i+1)
		for j := i + 2; j+2 < end; j++ {
			if (toks[j].kind == tokIdent || toks[j].kind == tokString) && toks[j].str == "url" && isPunct(toks[j+1], ":") {
				c := newCall(api, toks, j+2, consts)
				c.off = t.off
				c.page = pageData(toks, i+1)
				c.open = i + 1
				return c, true
			}
		}
		return call{api: api, off: t.off, url: urlArg{dynamic: true}}, true
	}
	return call{}, false
}

// xhrPageData is what page data an XMLHttpRequest opened at toks[i]
// carries through its receiver afterwards: withCredentials = true and
// the arguments of send(…), looked for in the next few hundred tokens.
func xhrPageData(toks []token, i int, recv token) string {
	if recv.kind != tokIdent {
		return ""
	}
	var found []string
	for j := i; j+3 < len(toks) && j < i+400; j++ {
		if toks[j].kind != tokIdent || toks[j].str != recv.str || toks[j+1].str != "." {
			continue
		}
		switch {
		case toks[j+2].str == "withCredentials" && toks[j+3].str == "=" && j+4 < len(toks) && toks[j+4].str == "true":
			found = append(found, "withCredentials (the user's cookies)")
		case toks[j+2].str == "send" && toks[j+3].str == "(":
			if p := pageData(toks, j+3); p != "" {
				found = append(found, p)
			}
		}
	}
	return strings.Join(found, " and ")
}

func joinPage(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + " and " + b
}

// newCall reads the URL argument at toks[j] and the page data the whole
// argument list carries.
func newCall(api string, toks []token, j int, consts map[string]token) call {
	c := call{api: api, off: toks[max(0, j-2)].off, url: readURL(toks, j, consts)}
	c.page = pageData(toks, j-1)
	c.open = j - 1
	return c
}

// readURL reads one argument: a string, a template literal (its text
// before the first ${…}), a string + something, a const holding one, or
// location.* (the page's origin).
func readURL(toks []token, j int, consts map[string]token) urlArg {
	if j >= len(toks) {
		return urlArg{dynamic: true}
	}
	t := toks[j]
	complete := j+1 < len(toks) && toks[j+1].kind == tokPunct && (toks[j+1].str == "," || toks[j+1].str == ")")
	switch t.kind {
	case tokString:
		return urlOf(t.str, complete)
	case tokTemplate:
		return urlOf(t.str, complete && !t.sub)
	case tokIdent:
		switch {
		case t.str == "location" || t.str == "window" && j+2 < len(toks) && toks[j+2].str == "location" || t.str == "document" && j+2 < len(toks) && toks[j+2].str == "location":
			return urlArg{same: true}
		}
		if c, ok := consts[t.str]; ok {
			plainIdent := j+1 < len(toks) && toks[j+1].kind == tokPunct && (toks[j+1].str == "," || toks[j+1].str == ")" || toks[j+1].str == "+")
			if plainIdent {
				u := urlOf(c.str, complete && !c.sub)
				return u
			}
		}
	}
	return urlArg{dynamic: true}
}

// urlOf reads the host of a URL literal or prefix. complete says the text
// is the whole URL; a prefix must reach past the host to name it.
func urlOf(s string, complete bool) urlArg {
	u := urlArg{text: s}
	s = strings.TrimSpace(s)
	lower := strings.ToLower(s)
	var rest string
	switch {
	case strings.HasPrefix(lower, "//"):
		rest = s[2:]
	case strings.Contains(lower, "://"):
		scheme := lower[:strings.Index(lower, "://")]
		switch scheme {
		case "http", "https", "ws", "wss":
		default:
			if strings.ContainsAny(scheme, "/?#. ") {
				u.same = true // "/path?next=https://…": a relative URL
				return u
			}
			u.same = true // chrome-extension://, file://: not the network
			return u
		}
		rest = s[strings.Index(s, "://")+3:]
	case s == "" && !complete:
		u.dynamic = true
		return u
	case strings.HasPrefix(lower, "data:") || strings.HasPrefix(lower, "blob:") || strings.HasPrefix(lower, "about:") || strings.HasPrefix(lower, "javascript:"):
		u.same = true
		return u
	default:
		u.same = true // relative: the page's origin
		return u
	}
	end := strings.IndexAny(rest, "/?#")
	if end < 0 {
		// `http://localhost:${port}/api`: only the port is built at run
		// time, the host is written. Loopback only: "https://user:" +
		// pw + "@host" ends the same way with no host yet.
		if k := len(rest) - 1; !complete && k > 0 && rest[k] == ':' && isLoopback(strings.ToLower(strings.Trim(rest[:k], "[]"))) {
			u.host = rest[:k]
			return u
		}
		if !complete {
			u.dynamic = true // "https://" + host, or `https://api.${region}.x.com`
			return u
		}
		end = len(rest)
	}
	host := rest[:end]
	if at := strings.LastIndexByte(host, '@'); at >= 0 {
		host = host[at+1:]
	}
	host = stripPort(host)
	if host == "" || strings.ContainsAny(host, " \"'`<>{}$") {
		u.dynamic = true
		return u
	}
	u.host = host
	return u
}

// closing returns the index of the token closing the bracket at toks[open].
func closing(toks []token, open int) int {
	depth := 0
	for j := open; j < len(toks); j++ {
		if toks[j].kind != tokPunct {
			continue
		}
		switch toks[j].str {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return len(toks) - 1
}

// argAfter returns the index of the argument after the one at toks[j]
// (inside the same call), or -1.
func argAfter(toks []token, j int) int {
	depth := 0
	for k := j; k < len(toks); k++ {
		if toks[k].kind != tokPunct {
			continue
		}
		switch toks[k].str {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			if depth == 0 {
				return -1
			}
			depth--
		case ",":
			if depth == 0 && k+1 < len(toks) && !(toks[k+1].kind == tokPunct && toks[k+1].str == ")") {
				return k + 1
			}
		}
	}
	return -1
}

// pageData says what user data the argument list opened at toks[open]
// carries: cookies (document.cookie, credentials: "include",
// withCredentials) or page storage.
func pageData(toks []token, open int) string {
	if open < 0 || open >= len(toks) {
		return ""
	}
	return pageDataIn(toks, open, closing(toks, open), nil)
}

// pageDataIn is pageData over toks[from:end]; a name in tainted (a
// variable holding page data, see pageDataNames) counts as what it holds.
func pageDataIn(toks []token, from, end int, tainted map[string]string) string {
	if from < 0 || from >= len(toks) {
		return ""
	}
	end = min(end, len(toks))
	var found []string
	add := func(s string) {
		for _, f := range found {
			if f == s {
				return
			}
		}
		found = append(found, s)
	}
	for j := from; j < end; j++ {
		t := toks[j]
		switch {
		case t.kind == tokIdent && t.str == "cookie" && j >= 2 && toks[j-2].str == "document":
			add("document.cookie")
		case t.kind == tokIdent && (t.str == "localStorage" || t.str == "sessionStorage"):
			add(t.str)
		case (t.kind == tokIdent || t.kind == tokString) && t.str == "credentials" && j+2 < end && toks[j+1].str == ":" && toks[j+2].kind == tokString && toks[j+2].str == "include":
			add(`credentials: "include" (the user's cookies)`)
		case t.kind == tokIdent && tainted[t.str] != "" && !(j > 0 && toks[j-1].kind == tokPunct && toks[j-1].str == "."):
			add(tainted[t.str] + " (in " + t.str + ")")
		}
	}
	return strings.Join(found, " and ")
}

// pageDataNames finds `const|let|var NAME = …` whose value carries page
// data, directly or through a name found before (two rounds reach
// `const c = document.cookie; const body = {c}`), and says what each holds.
func pageDataNames(toks []token) map[string]string {
	out := map[string]string{}
	for range 2 {
		for i := 0; i+3 < len(toks); i++ {
			t := toks[i]
			if t.kind != tokIdent || t.str != "const" && t.str != "let" && t.str != "var" {
				continue
			}
			name, eq := toks[i+1], toks[i+2]
			if name.kind != tokIdent || eq.kind != tokPunct || eq.str != "=" || out[name.str] != "" {
				continue
			}
			if what := pageDataIn(toks, i+3, statementEnd(toks, i+3), out); what != "" {
				out[name.str] = what
			}
		}
	}
	return out
}

// statementEnd is the index after the statement starting at toks[i]: a ;
// or a line break outside brackets (where the line does not end in an
// operator that continues it), bounded so a huge expression stays cheap.
func statementEnd(toks []token, i int) int {
	depth := 0
	limit := min(len(toks), i+2000)
	for k := i; k < limit; k++ {
		t := toks[k]
		if t.kind == tokEOF {
			return k
		}
		if k > i && t.nl && depth == 0 {
			prev := toks[k-1]
			if prev.kind != tokPunct || !strings.Contains("+-*/%=,.?:&|([{", prev.str[len(prev.str)-1:]) {
				return k
			}
		}
		if t.kind != tokPunct {
			continue
		}
		switch t.str {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			if depth == 0 {
				return k
			}
			depth--
		case ";":
			if depth == 0 {
				return k
			}
		}
	}
	return limit
}

// constStrings maps `const NAME = "…"` (or a template) to its literal, so
// fetch(API_BASE + path) still names a host. The first binding wins.
func constStrings(toks []token) map[string]token {
	out := map[string]token{}
	for i := 0; i+3 < len(toks); i++ {
		t := toks[i]
		if t.kind != tokIdent || t.str != "const" && t.str != "let" && t.str != "var" {
			continue
		}
		name, eq, val := toks[i+1], toks[i+2], toks[i+3]
		if name.kind != tokIdent || eq.kind != tokPunct || eq.str != "=" || val.kind != tokString && val.kind != tokTemplate {
			continue
		}
		if _, seen := out[name.str]; !seen {
			out[name.str] = val
		}
	}
	return out
}

// netAliasKey prefixes, in the aliases map, the names bound to
// host.network (as opposed to names bound to fetch itself).
const netAliasKey = "\x00network:"

// fetchAliases are the names a file binds fetch to, so that calls through
// them are read like fetch's own: const f = fetch, let f = window.fetch,
// var f = fetch.bind(globalThis), const { fetch: f } = globalThis.
func fetchAliases(toks []token) map[string]bool {
	var out map[string]bool
	add := func(name string) {
		if out == nil {
			out = map[string]bool{}
		}
		out[name] = true
	}
	is := func(i int, kind tokKind, s string) bool {
		return i < len(toks) && toks[i].kind == kind && toks[i].str == s
	}
	// fetchAt says whether a fetch value starts at toks[j]: fetch, or
	// window.fetch and the like, optionally .bind(…), not called.
	fetchAt := func(j int) bool {
		if j+1 < len(toks) && toks[j].kind == tokIdent && (globalObjects[toks[j].str] || out[netAliasKey+toks[j].str]) && is(j+1, tokPunct, ".") {
			j += 2
		}
		if !is(j, tokIdent, "fetch") {
			return false
		}
		if is(j+1, tokPunct, ".") && is(j+2, tokIdent, "bind") {
			return true
		}
		return !is(j+1, tokPunct, "(") && !is(j+1, tokPunct, ".") && !is(j+1, tokPunct, "?.") && !is(j+1, tokPunct, "[")
	}
	// Names bound to host.network first, so that net.fetch.bind(net)
	// below is seen as a fetch too.
	for i := 0; i+3 < len(toks); i++ {
		t := toks[i]
		switch {
		case t.kind == tokIdent && (t.str == "const" || t.str == "let" || t.str == "var") && toks[i+1].kind == tokIdent && is(i+2, tokPunct, "="):
			// const net = host.network / host["network"] / other.network
			j := i + 3
			if j+2 < len(toks) && toks[j].kind == tokIdent && (is(j+1, tokPunct, ".") && is(j+2, tokIdent, "network") ||
				is(j+1, tokPunct, "[") && j+3 < len(toks) && toks[j+2].kind == tokString && toks[j+2].str == "network" && is(j+3, tokPunct, "]")) {
				add(netAliasKey + toks[i+1].str)
			}
		case t.kind == tokIdent && t.str == "network" && i > 0 && (is(i-1, tokPunct, "{") || is(i-1, tokPunct, ",")):
			// const { network } = host; const { network: n } = host
			name := "network"
			if is(i+1, tokPunct, ":") && toks[i+2].kind == tokIdent {
				name = toks[i+2].str
			}
			add(netAliasKey + name)
		}
	}
	for i := 0; i+3 < len(toks); i++ {
		t := toks[i]
		switch {
		case t.kind == tokIdent && (t.str == "const" || t.str == "let" || t.str == "var") &&
			toks[i+1].kind == tokIdent && is(i+2, tokPunct, "=") && fetchAt(i+3):
			add(toks[i+1].str)
		case t.kind == tokIdent && t.str == "fetch" && is(i+1, tokPunct, ":") && i+2 < len(toks) && toks[i+2].kind == tokIdent && i > 0 &&
			(is(i-1, tokPunct, "{") || is(i-1, tokPunct, ",")):
			// { fetch: f } — a destructuring when a "} =" closes it.
			for j := i + 3; j+1 < len(toks) && j < i+64; j++ {
				if is(j, tokPunct, "}") {
					if is(j+1, tokPunct, "=") {
						add(toks[i+2].str)
					}
					break
				}
			}
		}
	}
	return out
}

// declaresMethod says whether the name at toks[i], followed by `(`, begins
// a method declaration rather than a call: a TypeScript signature in a
// type (`network: { fetch(url: string): Promise<Response> }`) or a method
// of an object literal or class (`fetch(url) { … }`). It starts a member
// (after `{`, `;`, `,`, `}` or a line break) and its parameter list is
// followed by a return type or a body, which no call is.
func declaresMethod(toks []token, i int) bool {
	if i == 0 || i+1 >= len(toks) {
		return false
	}
	p := toks[i-1]
	member := toks[i].nl || p.kind == tokPunct && (p.str == "{" || p.str == ";" || p.str == "," || p.str == "}")
	if !member {
		return false
	}
	end := closing(toks, i+1)
	if end+1 >= len(toks) {
		return false
	}
	after := toks[end+1]
	return after.kind == tokPunct && (after.str == ":" || after.str == "{" && !after.nl)
}
