package review

import (
	"fmt"
	"sort"
	"strings"

	"github.com/skillstudio/skillstudio/model"
)

// call is one network call site found in code.
type call struct {
	api  string // "fetch", "new WebSocket", …
	off  int    // byte offset of the call
	url  urlArg
	page string // what page data the request carries ("" for none)
	open int    // index of the token opening its argument list (0: unknown)
}

// urlArg is what can be read of a call's URL argument.
type urlArg struct {
	host    string // "" when not known
	same    bool   // relative or built from location: the page's own origin
	dynamic bool   // built at run time from values the source does not show
	text    string // the literal (prefix) as written, for messages
}

// scanReach finds the network calls in a JavaScript/TypeScript file and
// reports each host against what the skill declares.
func (r *reviewer) scanReach(f *source) {
	toks := lexTS(f.text)
	consts := constStrings(toks)
	aliases := fetchAliases(toks)
	var calls []call
	var tainted map[string]string
	for i := range toks {
		if c, ok := callAt(toks, i, consts, aliases); ok {
			if c.page == "" && c.open > 0 {
				// Page data may reach the call through a variable:
				// const c = document.cookie; fetch(url, {body: c}).
				if tainted == nil {
					tainted = pageDataNames(toks)
				}
				c.page = pageDataIn(toks, c.open, closing(toks, c.open), tainted)
			}
			calls = append(calls, c)
		}
	}
	r.reportCalls(f, calls)
}

func (r *reviewer) reportCalls(f *source, calls []call) {
	type hostUse struct {
		first call
		n     int
		apis  map[string]bool
	}
	hosts := map[string]*hostUse{}
	for _, c := range calls {
		switch {
		case c.url.same:
			continue
		case c.url.dynamic || c.url.host == "":
			msg := fmt.Sprintf("%s with a URL built at run time", c.api)
			if c.url.text != "" {
				msg += fmt.Sprintf(" (starts %q)", clip(c.url.text, 60))
			}
			if c.page != "" {
				msg += "; the request carries " + c.page
			}
			r.report(f, c.off, "review/dynamic-url", msg, "Read the call to see where it goes.")
			continue
		}
		h := strings.ToLower(c.url.host)
		u := hosts[h]
		if u == nil {
			u = &hostUse{first: c, apis: map[string]bool{}}
			hosts[h] = u
		}
		u.n++
		u.apis[c.api] = true
		if c.page != "" {
			r.reportPageData(f, c, h)
		}
	}
	names := make([]string, 0, len(hosts))
	for h := range hosts {
		names = append(names, h)
	}
	sort.Strings(names)
	for _, h := range names {
		u := hosts[h]
		uses := fmt.Sprintf("%d call", u.n)
		if u.n > 1 {
			uses += "s"
		}
		apis := make([]string, 0, len(u.apis))
		for a := range u.apis {
			apis = append(apis, a)
		}
		sort.Strings(apis)
		uses += " via " + strings.Join(apis, ", ")
		switch {
		case !r.declared.format:
			r.report(f, u.first.off, "review/host", fmt.Sprintf("contacts %s (%s); %s skills have no way to declare hosts", h, uses, r.skill.Format.Label()), "")
		default:
			if p, ok := r.declared.page(h); ok {
				r.report(f, u.first.off, "review/host", fmt.Sprintf("contacts %s (%s), a site it runs on (%s %s)", h, uses, p.from, p.pattern), "")
			} else if p, ok := r.declared.connect(h); ok {
				r.report(f, u.first.off, "review/host", fmt.Sprintf("contacts %s (%s), declared by %s %s", h, uses, p.from, p.pattern), "")
			} else {
				r.report(f, u.first.off, "review/undeclared-host", fmt.Sprintf("contacts %s (%s), which the skill does not declare", h, uses), declareHint(r.skill.Format))
			}
		}
	}
}

func declareHint(f model.Format) string {
	if f == model.FormatOSLoop {
		return "Add a sandbox.networkRules entry for the host (the runtime enforces them), or remove the call."
	}
	return "Declare the host with // @connect (or @match for a site the skill runs on), or remove the call."
}

// reportPageData: the user's cookies or storage in a request to h. To a
// site the skill runs on this is the normal logged-in call; to a declared
// other host it deserves a look; to an undeclared host it is the session
// leaving the page.
func (r *reviewer) reportPageData(f *source, c call, h string) {
	if !r.declared.format {
		return
	}
	if _, ok := r.declared.page(h); ok {
		return
	}
	if p, ok := r.declared.connect(h); ok {
		r.report(f, c.off, "review/cross-origin-credentials", fmt.Sprintf("%s to %s (declared by %s) carries %s", c.api, h, p.from, c.page),
			"Check that the destination is the site's own API; send only the data it needs.")
		return
	}
	r.report(f, c.off, "review/sends-page-data", fmt.Sprintf("%s sends %s to %s, which the skill does not declare", c.api, c.page, h),
		"Do not send the user's cookies or page storage to another site.")
}
