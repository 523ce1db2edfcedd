package review

import (
	"fmt"
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
type flowVar struct {
	name, what string   // the variable; what it holds ("reads $GITHUB_TOKEN", "reads gh/hosts.yml")
	word       string   // the service's name, lower case ("" for a file)
	own        []string // the service's domains
	line       int      // the logical line it was assigned on
	origin     string   // the variable the credential was first read into
	at         int      // the offset of that read
}

const (
	flowWindow = 30
	maxFlowVar = 16
	maxURLVar  = 64
)

func (r *reviewer) scanSecretFlow(f *source, text string, whole bool) {
	if whole && !containsAny(text, envSecretWords) {
		return // no credential variable can be read; files are paired already
	}
	var live []flowVar
	urls := map[string]string{} // variables assigned a URL written out
	n := 0
	forLines(text, func(pos int, logical, joined string) {
		n++
		for i := 0; i < len(live); i++ {
			v := live[i]
			if n-v.line > flowWindow {
				live = append(live[:i], live[i+1:]...)
				i--
				continue
			}
			if !refersTo(joined, v.name) || !netSink.MatchString(joined) && !strings.Contains(strings.ToLower(joined), "net::http") {
				continue
			}
			if name, _ := secretVarSentIn(joined); name != "" {
				continue // the line reads and sends the variable itself: reported by scanExfil
			}
			dest := joined
			for u, val := range urls {
				if refersTo(joined, u) {
					dest += " " + val
				}
			}
			host := foreignHost(dest, v.word, v.own)
			if host == "" {
				continue
			}
			off := pos + len(logical) - len(strings.TrimLeft(logical, " \t"))
			at, _ := f.pos(v.at)
			r.report(f, off, exfilRule(f, off), fmt.Sprintf("%s into %s (line %d) and sends it to %s: %s", v.what, v.origin, at, host, clip(Visible(strings.TrimSpace(joined)), 160)), exfilHint)
			live = append(live[:i], live[i+1:]...)
			i--
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
		if v, ok := credentialIn(value, whole); ok {
			v.name, v.origin, v.line, v.at = name, name, n, pos
			live = append(live, v)
			return
		}
		for _, v := range live { // a value built from a held credential holds it too
			if refersTo(value, v.name) {
				v.name, v.line = name, n
				live = append(live, v)
				return
			}
		}
	})
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
