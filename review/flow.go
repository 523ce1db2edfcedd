package review

import (
	"fmt"
	"slices"
	"strings"
)

// A credential is often read into a variable on one line and sent on a
// later one: TOKEN=$(cat ~/.config/gh/hosts.yml), t =
// os.environ["GITHUB_TOKEN"], const k = process.env.OPENAI_API_KEY, then
// a curl, requests.post or fetch that uses it. scanSecretFlow follows
// such a variable (and the variables built from it) through the next
// flowWindow lines of the same file, and reports a network call using it
// whose URL, written on that line or held in a variable assigned a URL,
// names a host that is not the credential's service (nor loopback, nor a
// host with the service's name as a label). A host built at run time is
// not judged. In a whole script a credentials file read anywhere is
// paired with any network call already (scanExfil); here that pairing is
// added for Markdown code and hooks, and for environment variables
// everywhere.
//
// A function that returns a credential (def tok(): return
// os.environ["GH_TOKEN"], get_token() { cat ~/.netrc; }, const key = () =>
// process.env.OPENAI_API_KEY) is held the same way, under its name, for
// the rest of the file: a call to it (tok(), "$(get_token)") is a use.
// It is found in the same pass, while its body is read (fnBodyMax lines).
type flowVar struct {
	name, what string   // the variable; what it holds ("reads $GITHUB_TOKEN", "reads gh/hosts.yml")
	word       string   // the service's name, lower case ("" for a file)
	own        []string // the service's domains
	line       int      // the logical line it was assigned on
	origin     string   // the variable the credential was first read into
	at         int      // the offset of that read
	fn         bool     // origin is a function returning the credential
	keep       bool     // a function: held to the end of the file
	// paired: a credentials file read in a whole script, which scanExfil
	// pairs with the script's own network calls; only a sending function
	// of another file is followed for it here.
	paired bool
	// conv: a part of the conversation (conversationIn), judged against
	// the plugin's named sites; whole: the hook's entire input.
	conv, whole bool
}

// flowFn is the function whose body is being read.
type flowFn struct {
	name   string
	python bool // its body ends where the indentation falls back
	indent int  // the header's indentation (Python)
	depth  int  // open braces (others)
	opened bool // a brace was seen
	start  int  // the header's logical line
	// oneLine: a function written on one line with no block
	// (module.exports = v => fetch(…)), over at the next.
	oneLine bool
}

const (
	flowWindow = 30
	maxFlowVar = 16
	maxURLVar  = 64
	maxFlowFn  = 8  // functions held at once
	fnBodyMax  = 60 // lines of a function body read for its return
)

func (r *reviewer) scanSecretFlow(f *source, text string, whole bool) {
	hook := f.hookConfig || f.hookRun || f.skillHook
	conv := whole && (strings.Contains(text, "transcript_path") || strings.Contains(text, ".claude") || hook && containsAny(text, convWords))
	if whole && !conv && !containsAny(text, envSecretWords) && !(hasLocalImport(text) && containsAny(strings.ToLower(text), secretFileWords)) {
		return // no credential variable can be read; files are paired already
	}
	var live []flowVar
	var via sendVias
	files := maxChainFiles // imported files this script's summaries may read
	if whole {
		for name, dest := range r.sendersOf(f, &files).fns {
			via.add(name, dest, nil)
		}
		slices.SortFunc(via.list, func(a, b sendVia) int { return strings.Compare(a.name, b.name) })
	}
	imports := 0
	var fn *flowFn
	fns := 0
	urls := map[string]string{} // variables assigned a URL written out
	n := 0
	forLines(text, func(pos int, logical, joined string) {
		n++
		reported := false
		if conv {
			if what, _ := conversationIn(joined, hook); what != "" && netSink.MatchString(joined) {
				if host := r.undeclaredHost(joined); host != "" {
					off := pos + len(logical) - len(strings.TrimLeft(logical, " \t"))
					r.report(f, off, "review/conversation-sent", fmt.Sprintf("%s and sends it to %s, a host %s names nowhere: %s", what, host, r.declarer(), clip(Visible(strings.TrimSpace(joined)), 160)), convHint)
					reported = true
				}
			}
		}
		for i := 0; i < len(live); i++ {
			v := live[i]
			if !v.keep && n-v.line > flowWindow {
				live = append(live[:i], live[i+1:]...)
				i--
				continue
			}
			if v.paired || !refersTo(joined, v.name) || !netSink.MatchString(joined) && !strings.Contains(strings.ToLower(joined), "net::http") {
				continue
			}
			if name, _ := secretVarSentIn(joined); name != "" && !v.conv {
				continue // the line reads and sends the variable itself: reported by scanExfil
			}
			if reported {
				continue
			}
			dest := joined
			for u, val := range urls {
				if refersTo(joined, u) {
					dest += " " + val
				}
			}
			host := r.flowHost(v, dest)
			if host == "" {
				continue
			}
			off := pos + len(logical) - len(strings.TrimLeft(logical, " \t"))
			at, _ := f.pos(v.at)
			if v.conv {
				r.report(f, off, "review/conversation-sent", fmt.Sprintf("%s into %s (line %d) and sends it to %s, a host %s names nowhere: %s", v.what, v.origin, at, host, r.declarer(), clip(Visible(strings.TrimSpace(joined)), 160)), convHint)
			} else if v.fn {
				r.report(f, off, exfilRule(f, off), fmt.Sprintf("%s and returns it from %s() (line %d); this line sends it to %s: %s", v.what, v.origin, at, host, clip(Visible(strings.TrimSpace(joined)), 160)), exfilHint)
			} else {
				r.report(f, off, exfilRule(f, off), fmt.Sprintf("%s into %s (line %d) and sends it to %s: %s", v.what, v.origin, at, host, clip(Visible(strings.TrimSpace(joined)), 160)), exfilHint)
			}
			live = append(live[:i], live[i+1:]...)
			i--
			reported = true
		}
		if whole && !reported {
			off := pos + len(logical) - len(strings.TrimLeft(logical, " \t"))
			if imports < maxImports {
				if target, names, shell, ok := localImport(joined); ok {
					if g := r.importedFile(f, target); g != nil {
						imports++
						reported = r.importSends(f, off, joined, g, names, shell, live, &via, &files)
					}
				}
			}
			if !reported && len(via.list) > 0 && (len(live) > 0 || containsAny(joined, envSecretWords)) {
				r.callSends(f, off, joined, live, via.list)
			}
		}
		// The function being read: does this line end it, or return a
		// credential from it? A new header starts the next one.
		body := joined
		if fn != nil && fn.python && strings.TrimSpace(joined) != "" && !strings.HasPrefix(strings.TrimSpace(joined), "#") && indentOf(joined) <= fn.indent {
			fn = nil
		}
		if fn == nil || !fn.python || indentOf(joined) <= fn.indent {
			if name, rest, python, ok := functionHeader(joined); ok {
				fn = &flowFn{name: name, python: python, indent: indentOf(joined), start: n}
				body = rest
			}
		}
		if fn != nil {
			if fn.python {
				// nothing to count
			} else {
				fn.depth += strings.Count(joined, "{") - strings.Count(joined, "}")
				fn.opened = fn.opened || strings.Contains(joined, "{")
			}
			if fns < maxFlowFn {
				if v, ok := returnedCredential(body, whole, fn, live); ok {
					v.name, v.origin, v.line, v.at, v.fn, v.keep = fn.name, fn.name, n, pos, true, true
					live = slices.DeleteFunc(live, func(w flowVar) bool { return w.name == fn.name })
					live = append(live, v)
					fns++
					fn = nil
				}
			}
			if fn != nil && (!fn.python && fn.opened && fn.depth <= 0 || n-fn.start > fnBodyMax) {
				fn = nil
			}
		}
		name, value := assignment(joined)
		if name == "" {
			return
		}
		for i := 0; i < len(live); i++ {
			if live[i].name == name {
				live = append(live[:i], live[i+1:]...)
				i--
			}
		}
		delete(urls, name)
		if strings.Contains(value, "://") && len(urls) < maxURLVar {
			urls[name] = value
		}
		if len(live) >= maxFlowVar {
			return
		}
		v, ok := credentialIn(value, whole)
		if !ok && whole {
			v, ok = credentialIn(value, false)
			v.paired = ok
		}
		if !ok && conv {
			if what, all := conversationIn(value, hook); what != "" {
				v, ok = flowVar{what: what, conv: true, whole: all}, true
			}
		}
		if ok {
			if netSink.MatchString(value) {
				return // r = requests.get(…, token): the answer, not the token
			}
			v.name, v.origin, v.line, v.at = name, name, n, pos
			if arrow(value) && fns < maxFlowFn { // const key = () => process.env.…
				v.fn, v.keep = true, true
				fns++
			}
			live = append(live, v)
			return
		}
		for _, v := range live { // a value built from a held credential holds it too
			if refersTo(value, v.name) {
				if v.whole && extractsField(value) {
					continue // one field of the hook's input, not the conversation
				}
				v.name, v.line, v.keep = name, n, false
				live = append(live, v)
				return
			}
		}
	})
}

// functionHeader reads a function's first line: Python def NAME(…):,
// JS or shell function NAME…, shell NAME() {; body is what follows the
// header on the line (a one-line function's body).
func functionHeader(line string) (name, body string, python, ok bool) {
	s := strings.TrimLeft(line, " \t")
	for _, kw := range []string{"export ", "default ", "async "} {
		s = strings.TrimPrefix(s, kw)
	}
	switch {
	case strings.HasPrefix(s, "def "):
		name = identAt(strings.TrimLeft(s[4:], " "))
		_, after, found := strings.Cut(s, ")")
		if name == "" || !found {
			return "", "", false, false
		}
		_, body, _ = strings.Cut(after, ":")
		return name, body, true, true
	case strings.HasPrefix(s, "function "):
		name = identAt(strings.TrimLeft(s[9:], " "))
	default:
		name = identAt(s)
		rest := strings.TrimLeft(s[len(name):], " ")
		if name == "" || !strings.HasPrefix(rest, "()") {
			return "", "", false, false
		}
		rest = strings.TrimSpace(rest[2:])
		if rest != "" && rest[0] != '{' && rest[0] != '(' {
			return "", "", false, false // a call (f() && …), not a definition
		}
	}
	if name == "" {
		return "", "", false, false
	}
	_, body, _ = strings.Cut(s, "{")
	return name, body, false, true
}

// identAt is the identifier s starts with, or "".
func identAt(s string) string {
	i := 0
	for i < len(s) && (isIdentByte(s[i]) || s[i] == '-' && i > 0) && !(i == 0 && s[i] >= '0' && s[i] <= '9') {
		i++
	}
	return s[:i]
}

func indentOf(line string) int {
	return len(line) - len(strings.TrimLeft(line, " \t"))
}

// shellOutput are commands whose output a shell function returns.
var shellOutput = []string{"cat", "echo", "printf", "jq", "yq", "grep", "awk", "sed", "head", "tail", "cut", "gh"}

// returnedCredential says whether a line of fn's body returns a
// credential: return with a credential read or a held variable read in
// the function, or (a shell function) a command printing one.
func returnedCredential(body string, whole bool, fn *flowFn, live []flowVar) (flowVar, bool) {
	if !containsAny(body, []string{"return", "cat", "echo", "printf", "jq", "yq", "grep", "awk", "sed", "head", "tail", "cut", "gh"}) {
		return flowVar{}, false
	}
	var outs []string
	if i := wordIndex(body, "return"); i >= 0 {
		outs = append(outs, body[i+len("return"):])
	}
	if !fn.python {
		for seg := range strings.SplitSeq(body, ";") {
			seg = strings.TrimLeft(seg, " \t{")
			if w := identAt(seg); slices.Contains(shellOutput, w) {
				outs = append(outs, seg[len(w):])
			}
		}
	}
	for _, out := range outs {
		if v, ok := credentialIn(out, whole); ok {
			return v, true
		}
		for _, v := range live {
			if !v.keep && v.line >= fn.start && refersTo(out, v.name) {
				return v, true
			}
		}
	}
	return flowVar{}, false
}

// wordIndex finds word in s as a whole identifier, or -1.
func wordIndex(s, word string) int {
	for from := 0; ; {
		i := strings.Index(s[from:], word)
		if i < 0 {
			return -1
		}
		i += from
		end := i + len(word)
		if (i == 0 || !isIdentByte(s[i-1])) && (end == len(s) || !isIdentByte(s[end])) {
			return i
		}
		from = end
	}
}

// arrow: an assigned value that is a function (() => …, function (…)).
func arrow(value string) bool {
	return strings.Contains(value, "=>") || strings.HasPrefix(value, "function") || strings.HasPrefix(value, "lambda")
}

// credentialIn says whether an assigned value reads a named service's
// credential from the environment or (outside whole scripts) a
// credentials file.
func credentialIn(value string, whole bool) (flowVar, bool) {
	if containsAny(value, envSecretWords) {
		if m := envSecretRef.FindStringSubmatch(value); m != nil {
			word, _, _ := strings.Cut(m[1], "_")
			if owners, ok := secretVarOwners[word]; ok {
				return flowVar{what: "reads $" + m[1], word: strings.ToLower(word), own: owners}, true
			}
		}
	}
	if !whole {
		if what, own := secretSourceIn(value); what != "" {
			return flowVar{what: what, own: own}, true
		}
	}
	return flowVar{}, false
}

// refersTo: line uses the name as a whole identifier ($NAME, ${NAME},
// name in code).
func refersTo(line, name string) bool {
	for from := 0; ; {
		i := strings.Index(line[from:], name)
		if i < 0 {
			return false
		}
		i += from
		end := i + len(name)
		from = end
		if (i == 0 || !isIdentByte(line[i-1])) && (end == len(line) || !isIdentByte(line[end])) {
			return true
		}
	}
}
