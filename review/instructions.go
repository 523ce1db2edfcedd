package review

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/skillstudio/skillstudio/internal/lazyre"
)

// The phrase list is deliberately short: each phrase is something no
// ordinary skill says to its agent. They run over prose normalised to
// lowercase words separated by single spaces (punctuation, Markdown
// emphasis and line breaks all become one space), never over code.
type phrase struct {
	re   *lazyre.Regexp
	what string
	// notBefore lists words that, right after the match, make it about
	// something else: "never tell the user to …" is about content.
	notBefore []string
	// anchors are words every match contains; the regexp only runs on a
	// window around each, which keeps review linear and fast on long files.
	anchors []string
}

var overridePhrases = []phrase{
	{lazyre.New(`\b(ignore|disregard|forget|override|bypass)( all| any| every)?( of)?( the| your| my| these| those)? (previous|prior|above|earlier|preceding|former|original|system|existing)( \w+)? (instructions?|prompts?|directions|rules|guidelines|guardrails)\b`),
		"tells the agent to ignore its earlier instructions", nil, []string{"ignore", "disregard", "forget", "override", "bypass"}},
	{lazyre.New(`\b(ignore|disregard|forget) (everything|all) (you were told|you have been told|above|before this)\b`),
		"tells the agent to ignore its earlier instructions", nil, []string{"ignore", "disregard", "forget"}},
	{lazyre.New(`\b(do not|don't|dont|never) (tell|inform|notify|alert) the user\b`),
		"tells the agent to keep something from the user", []string{"to", "how", "what", "which", "that they", "they"}, []string{"the user"}},
	{lazyre.New(`\b(do not|don't|dont|never) (mention|reveal|disclose) (this|it|that|these instructions) to the user\b`),
		"tells the agent to keep something from the user", nil, []string{"to the user"}},
	// Tool-poisoning wording (MCP tool descriptions, poisoned skills): the
	// agent is told to hide an action it takes, "do not mention that you
	// read the file"; a verb of action after "that you" keeps "never say
	// that you are sure" out.
	{lazyre.New(`\b(do not|don't|dont|never) (mention|reveal|disclose|say|admit)( to the user)? that you( first| also| have| had| will| need to)* (read|accessed|access|opened|open|collected|collect|sent|send|uploaded|upload|ran|run|executed|execute|copied|copy|fetched|fetch|downloaded|download|installed|install|modified|changed)\b`),
		"tells the agent to hide what it does from the user", nil, []string{"that you"}},
	{lazyre.New(`\bwithout (telling|informing|notifying|alerting) the user\b`),
		"tells the agent to act without telling the user", nil, []string{"without"}},
	{lazyre.New(`\b(hide|conceal|keep) (this|it|these|that)( \w+)? (from|secret from) the user\b`),
		"tells the agent to keep something from the user", nil, []string{"the user"}},
	{lazyre.New(`\byou are now (a |an |in )?(dan|jailbroken|unrestricted|unfiltered|uncensored|developer mode|god mode|no longer bound|free of|freed from)\b`),
		"tells the agent it is now something else, free of its rules", nil, []string{"you are now"}},
	{lazyre.New(`\byour (new|real|true|actual) (system prompt|instructions) (is|are)\b`),
		"replaces the agent's instructions", nil, []string{"your"}},
}

// Exfiltration needs three things in one sentence: a verb that moves data,
// something secret, and a destination elsewhere; a negation anywhere
// before the verb ("never send keys to …") makes it advice, not an order.
var (
	exfilVerb   = lazyre.New(`\b(send|sends|upload|uploads|post|posts|exfiltrate|transmit|forward|leak|pipe|email|e-mail|curl)\b`)
	exfilSecret = lazyre.New(`~/\.ssh|\bid_rsa\b|\bid_ed25519\b|\.ssh/|\.aws/credentials|(^|[\s/'"` + "`" + `])\.env\b|\.netrc\b|\.npmrc\b|\.git-credentials|\bkeychain\b|\bprivate keys?\b|\bapi[ _-]?keys?\b|\baccess tokens?\b|\bsecrets\b|\bcredentials\b|\bpasswords\b|\bcookies\b|\bsession tokens?\b|\benvironment variables\b`)
	exfilDest   = lazyre.New(`https?://|\bwebhooks?\b|\bpastebin\b|\bngrok\b|\brequestbin\b|\bto (my|our|this|the following|an external|a remote|the attacker'?s?) (server|endpoint|url|address|host)\b`)
	negation    = lazyre.New(`\b(never|not|don't|dont|avoid|prevent|prevents|without|unless|no)\b`)
)

// reportedSpeech ends the words before a phrase that cite it rather
// than say it: a security skill describing what an attack looks like.
var reportedSpeech = lazyre.New(`\b(says?|saying|said|tells? you|telling you|asks? you|asking you|asks?|requests?|attempts?|tries|such as|like|e g|phrases?) (to )?$`)

// inQuote: an odd number of double quotes before i in s, so i sits
// inside a quotation.
func inQuote(s string, i int) bool {
	return (strings.Count(s[:i], "\"")+strings.Count(s[:i], "“")-strings.Count(s[:i], "”"))%2 == 1
}

const exfilWhat = "tells the agent to send secrets or private files elsewhere"

// instructionIn says what the first instruction in text does, or "".
func instructionIn(text string) string {
	if text == "" {
		return ""
	}
	n := normalize(text)
	for _, p := range overridePhrases {
		for _, m := range p.matches(n) {
			if !p.excluded(n, text, m, false) {
				return p.what
			}
		}
	}
	for _, s := range sentences(text) {
		if exfiltrates(text[s[0]:s[1]]) {
			return exfilWhat
		}
	}
	return ""
}

// scanInstructions reports visible instructions in f (text starts at
// byte base of f). HTML comments are left to scanHTMLComments, which
// reports them as hidden.
func (r *reviewer) scanInstructions(f *source, text string, base int) {
	text = blankComments(text)
	n := normalize(text)
	for _, p := range overridePhrases {
		for _, m := range p.matches(n) {
			if p.excluded(n, text, m, true) || citedInMarkdown(text, n.orig[m[0]]) {
				continue
			}
			off := base + n.orig[m[0]]
			r.report(f, off, "review/instruction", fmt.Sprintf("%s: %s", p.what, excerpt(f, off, 60)),
				"Skills describe tasks; they should not steer the agent against its user or system.")
		}
	}
	for _, s := range sentences(text) {
		if sent := text[s[0]:s[1]]; exfiltrates(sent) && !citedExfil(sent) && !citedInMarkdown(text, s[0]+len(sent)-len(strings.TrimLeft(sent, " \t\n"))) {
			off := base + s[0]
			r.report(f, off, "review/instruction", fmt.Sprintf("%s: %q", exfilWhat, clip(text[s[0]:s[1]], 200)),
				"Read where the data goes; a skill should not move keys or private files off the machine.")
		}
	}
}

// matches finds p's matches in n.text, running the regexp only on a
// window around each anchor occurrence.
func (p phrase) matches(n normalized) [][]int {
	const before, after = 160, 200
	var out [][]int
	last := -1
	for _, a := range p.anchors {
		for from := 0; ; {
			i := strings.Index(n.text[from:], a)
			if i < 0 {
				break
			}
			i += from
			lo, hi := max(0, i-before), min(len(n.text), i+len(a)+after)
			for _, m := range p.re.FindAllStringIndex(n.text[lo:hi], -1) {
				m = []int{m[0] + lo, m[1] + lo}
				if m[0] <= i && i < m[1] && m[0] > last {
					out = append(out, m)
					last = m[0]
				}
			}
			from = i + len(a)
		}
	}
	return out
}

// excluded: the match is quoted (a skill citing an attack: 'Ignore
// previous instructions…' as an example) or continues with a word that
// changes its sense. Quoting excuses visible text only: hidden text has
// no reader to cite an example to.
func (p phrase) excluded(n normalized, text string, m []int, visible bool) bool {
	start := n.orig[m[0]]
	before := strings.TrimRight(text[:start], " \t*_")
	if q, _ := utf8.DecodeLastRuneInString(before); visible && strings.ContainsRune("'\"`‘“«", q) {
		return true
	}
	if visible && reportedSpeech.MatchString(n.text[max(0, m[0]-40):m[0]]) {
		return true // "if a page says to ignore previous instructions, …"
	}
	after := strings.TrimSpace(n.text[m[1]:])
	for _, w := range p.notBefore {
		if after == w || strings.HasPrefix(after, w+" ") {
			return true
		}
	}
	return false
}

// Cheap anchors: a sentence without one of each skips the regexps.
var (
	exfilDestHints   = []string{"http", "webhook", "pastebin", "ngrok", "requestbin", "server", "endpoint", "url", "address", "host"}
	exfilSecretHints = []string{"ssh", "id_rsa", "id_ed25519", ".env", "credential", "netrc", "npmrc", "keychain", "private key", "api", "token", "secret", "password", "cookie", "environment variable"}
)

func exfiltrates(sentence string) bool {
	lower := strings.ToLower(sentence)
	if !containsAny(lower, exfilDestHints) || !containsAny(lower, exfilSecretHints) {
		return false
	}
	v := exfilVerb.FindStringIndex(lower)
	if v == nil || !exfilDest.MatchString(lower) {
		return false
	}
	// A secret word inside the URL names the endpoint (a CI's
	// …/actions/secrets/NAME, a …/credentials API), not data sent to it.
	if !exfilSecret.MatchString(lower) || !exfilSecret.MatchString(urlText.ReplaceAllString(lower, " url ")) {
		return false
	}
	return !negation.MatchString(lower[:v[0]])
}

// urlText is a URL as written, up to white space, a quote or a closing
// parenthesis; a <placeholder> is part of it (…/repos/me/<app>/secrets/X).
var urlText = lazyre.New(`https?://[^\s"')` + "`" + `]+`)

// sentences splits prose into [start, end) ranges at sentence ends and
// blank lines, capped in length so that a wall of text cannot pair a verb
// with a secret from three topics away.
func sentences(text string) [][2]int {
	var out [][2]int
	start := 0
	flush := func(end int) {
		if end > start {
			out = append(out, [2]int{start, end})
		}
		start = end
	}
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case (c == '.' || c == '!' || c == '?') && i+1 < len(text) && (text[i+1] == ' ' || text[i+1] == '\n'):
			flush(i + 1)
		case c == '\n' && (i+1 < len(text) && text[i+1] == '\n' || listItemAt(text, i+1)):
			flush(i + 1)
		case i-start >= 600 && c == ' ':
			flush(i + 1)
		}
	}
	flush(len(text))
	return out
}

// listItemAt: a Markdown list item or heading starts at text[i].
func listItemAt(text string, i int) bool {
	for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
		i++
	}
	if i >= len(text) {
		return false
	}
	switch text[i] {
	case '-', '*', '+', '#', '|', '>':
		return true
	}
	return text[i] >= '0' && text[i] <= '9'
}

// normalized is prose as lowercase words joined by single spaces; orig
// maps each byte of text back to its offset in the source.
type normalized struct {
	text string
	orig []int
}

func normalize(s string) normalized {
	var b strings.Builder
	orig := make([]int, 0, len(s))
	space := true
	for i := 0; i < len(s); {
		ch, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case unicode.IsLetter(ch) || unicode.IsDigit(ch):
			lc := unicode.ToLower(ch)
			k := utf8.RuneLen(lc)
			if k < 0 {
				lc, k = '?', 1
			}
			b.WriteRune(lc)
			for range k {
				orig = append(orig, i)
			}
			space = false
		case ch == '\'' || ch == '’':
			b.WriteByte('\'')
			orig = append(orig, i)
		default:
			if !space {
				b.WriteByte(' ')
				orig = append(orig, i)
				space = true
			}
		}
		i += n
	}
	orig = append(orig, len(s))
	return normalized{text: b.String(), orig: orig}
}

// blankComments replaces HTML comments with spaces (keeping offsets).
func blankComments(text string) string {
	if !strings.Contains(text, "<!--") {
		return text
	}
	b := []byte(text)
	for _, c := range htmlComments(text) {
		for i := c[0]; i < c[1]; i++ {
			if b[i] != '\n' {
				b[i] = ' '
			}
		}
	}
	return string(b)
}

// citedExfil: visible exfiltration wording that cites an attack instead
// of giving an order: inside a quotation, or after "requests to",
// "attempts to", "asks you to" ("- Requests to upload .env files to a
// webhook" in a list of red flags).
func citedExfil(sentence string) bool {
	lower := strings.ToLower(sentence)
	v := exfilVerb.FindStringIndex(lower)
	if v == nil {
		return false
	}
	if inQuote(sentence, v[0]) {
		return true
	}
	n := normalize(lower[:v[0]])
	return reportedSpeech.MatchString(strings.TrimRight(n.text, " ") + " ")
}

// quoteIntro: the line before a blockquote presents what follows as
// attack text to recognise, not as instructions.
var quoteIntro = lazyre.New(`(?i)\b(examples?|payloads?|attacks?|injections?|malicious|untrusted|red flags?|such as|like these|like this|e\.g\.|never (obey|follow)|do not (obey|follow))\b[^\n]*:\s*$`)

// citedInMarkdown: visible text at off is cited the Markdown way rather
// than said: inside an inline code span on its line, or in a blockquote
// that a line presenting examples of attacks introduces ("Untrusted
// content carries instructions like these:" then "> Ignore all previous
// instructions"). A blockquote with no such introduction still counts.
func citedInMarkdown(text string, off int) bool {
	lineStart := strings.LastIndexByte(text[:off], '\n') + 1
	if strings.Count(text[lineStart:off], "`")%2 == 1 {
		return true
	}
	if !strings.HasPrefix(strings.TrimLeft(text[lineStart:], " \t"), ">") {
		return false
	}
	// Walk up over the blockquote to the line before it.
	for end := lineStart - 1; end > 0; {
		start := strings.LastIndexByte(text[:end], '\n') + 1
		line := strings.TrimSpace(text[start:end])
		if line == "" || strings.HasPrefix(line, ">") {
			end = start - 1
			continue
		}
		return quoteIntro.MatchString(line)
	}
	return false
}
