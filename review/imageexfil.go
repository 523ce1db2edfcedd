package review

import (
	"fmt"
	"strings"

	"github.com/skillstudio/skillstudio/internal/lazyre"
)

// Markdown-image exfiltration (prompt-injection research against chat
// agents): the agent is told to show an image whose URL it fills with
// data — a key, the conversation — and the client that renders the
// answer fetches it, sending the data to the image's host with no tool
// call at all. Read as an image (or link) with a slot in its query
// string, near words telling the agent to fill it with something private.
var (
	// A Markdown image, or an HTML <img> (which Markdown renderers and
	// chat clients load the same way).
	imageURL   = lazyre.New(`!\[[^\]\n]*\]\(\s*<?(https?://[^)\s>]+\?[^)\s>]+)|(?i:<img\b[^>\n]*?\bsrc\s*=\s*["']?)(https?://[^"'\s>]+\?[^"'\s>]+)`)
	urlSlot    = lazyre.New(`[{<$%]|\b[A-Z][A-Z0-9_]{2,}\b|\bx{3,}\b|\.\.\.`)
	fillVerb   = lazyre.New(`(?i)\b(replac\w*|fill\w*|substitut\w*|insert\w*|put|append\w*|encod\w*|with the (value|contents?))\b`)
	privateish = lazyre.New(`(?i)\b[a-z0-9]+_(api_key|key|token|secret|password)\b|\b(api[ _-]?keys?|tokens?|passwords?|secrets?|credentials?|conversation|chat history|previous messages|the user's (messages?|prompts?|data|files?|emails?)|environment|ssh keys?)\b|(?:^|\W)\.env\b`)
)

// imageExfilWindow is how far before the image the instruction to fill
// it is looked for: the paragraph that introduces it.
const imageExfilWindow = 400

func (r *reviewer) scanImageExfil(f *source) {
	if !strings.Contains(f.text, "![") && !strings.Contains(strings.ToLower(f.text), "<img") || !strings.Contains(f.text, "http") {
		return
	}
	for _, m := range imageURL.Regexp().FindAllStringSubmatchIndex(f.text, -1) {
		if m[2] < 0 { // the <img> form
			m[2], m[3] = m[4], m[5]
		}
		u := f.text[m[2]:m[3]]
		q := u[strings.IndexByte(u, '?')+1:]
		if !urlSlot.MatchString(q) {
			continue
		}
		around := f.text[max(0, m[0]-imageExfilWindow):min(len(f.text), m[1]+200)]
		if !fillVerb.MatchString(around) || !privateish.MatchString(around) {
			continue
		}
		r.report(f, m[0], "review/instruction", fmt.Sprintf("%s: an image whose URL the agent fills with private data, which the client sends to %s by rendering it: %s", exfilWhat, clip(hostOf(authorityOf(u)), 60), clip(Visible(u), 120)),
			"Read where the data goes; a skill should not move keys or private files off the machine.")
	}
}

// authorityOf returns the authority of an http(s) URL.
func authorityOf(u string) string {
	rest := u[strings.Index(u, "//")+2:]
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		rest = rest[:i]
	}
	return rest
}
