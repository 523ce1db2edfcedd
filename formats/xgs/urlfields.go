package xgs

import (
	"fmt"

	"github.com/skillstudio/skillstudio/internal/lazyre"
)

// checkURLFields: rule 3's "If a field is a URL, use z.string().url()". A
// string input named like a URL (url, imageUrl, href, link, endpoint) or
// described as one (not as a part of one: "title as in the URL"), with no URL format and no other constraint the author
// chose (a regex, an enum, another format), is reported.
func (p *program) checkURLFields(f *skillFn) {
	if f.Input != nil && f.Input.IsObject {
		p.urlFields(f, f.Input, "")
	}
}

func (p *program) urlFields(f *skillFn, obj *Schema, prefix string) {
	for _, pr := range obj.Properties {
		_, core := unwrapField(pr.Schema)
		if core.IsObject {
			p.urlFields(f, core, prefix+pr.Name+".")
			continue
		}
		if core.kind != kindPlain && core.kind != kindNullable || core.Type != "string" {
			continue
		}
		if core.Format != "" || core.Pattern != nil || core.Enum != nil || core.Const != nil {
			continue
		}
		desc := fieldDescription(pr.Schema)
		if !urlLikeName(pr.Name) && !(mayNameURL(desc) && urlWords.MatchString(desc) && !notAbsoluteURL.MatchString(desc)) {
			continue
		}
		p.report("xgs/url-format", pr.Off, fmt.Sprintf("input %s%s of %s looks like a URL but is a plain string", prefix, pr.Name, f.Name),
			"Use z.string().url() (zod 4: z.url()) so the agent's schema says format \"uri\"; a path or id is better named for what it is.")
	}
}

// urlLikeName: the field's last word is a URL word (imageUrl, href,
// callback_uri, apiEndpoint), not urlSlug or linkText.
func urlLikeName(name string) bool {
	ws := words(name)
	if len(ws) == 0 {
		return false
	}
	switch ws[len(ws)-1] {
	case "url", "urls", "uri", "uris", "href", "link", "links", "endpoint", "endpoints":
		return true
	}
	return false
}

// mayNameURL is false when urlWords cannot match d: d holds none of
// url, uri, href, lin(k), endpoint in any ASCII case. (Under (?i) only k
// and s also match a non-ASCII letter, K and ſ; "lin" and "url" cover
// them.) Most descriptions skip the regexp, a backtracking \b search.
func mayNameURL(d string) bool {
	for i := 0; i+3 <= len(d); i++ {
		switch d[i] | 0x20 {
		case 'u', 'h', 'l', 'e':
			rest := d[i:]
			if hasPrefixFold(rest, "url") || hasPrefixFold(rest, "uri") || hasPrefixFold(rest, "href") || hasPrefixFold(rest, "lin") || hasPrefixFold(rest, "endpoint") {
				return true
			}
		}
	}
	return false
}

// hasPrefixFold: s starts with the lowercase ASCII word w in any case.
func hasPrefixFold(s, w string) bool {
	if len(s) < len(w) {
		return false
	}
	for i := 0; i < len(w); i++ {
		if s[i]|0x20 != w[i] {
			return false
		}
	}
	return true
}

var (
	urlWords = lazyre.New(`(?i)\b(urls?|uris?|href|links?|endpoints?)\b`)
	// notAbsoluteURL: the description names something other than a whole
	// URL: a relative path, a slug or id, a part taken from a URL ("title
	// as in the URL", "name from the page's URL") or text that is
	// URL-encoded.
	notAbsoluteURL = lazyre.New(`(?i)\b(relative|path|slug|id)\b|\b(in|from|of|into|within|inside)\s+(?:(?:the|a|an|this|that|its|page|tab|current|site|browser)(?:'s)?\s+)*(urls?|uris?|links?|href)\b|\burl[- ](encoded|escaped|safe)\b`)
)
