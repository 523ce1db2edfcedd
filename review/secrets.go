package review

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/skillstudio/skillstudio/internal/lazyre"
)

// secretFormats are credentials with a recognisable shape. Each requires
// enough characters after the prefix that documentation placeholders
// ("sk-...", "xoxb-your-token", "ghp_XXXX") cannot match.
var secretFormats = []struct {
	name  string
	hints []string // one must occur in the text before the regexp runs
	re    *lazyre.Regexp
}{
	{"an AWS access key id", []string{"AKIA", "ASIA"}, lazyre.New(`\b(?:AKIA|ASIA)[0-9A-Z]{16}\b`)},
	{"a GitHub token", []string{"ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"}, lazyre.New(`\b(?:gh[pousr]_[A-Za-z0-9]{36}\b|github_pat_[A-Za-z0-9_]{60,})`)},
	{"a Slack token", []string{"xox"}, lazyre.New(`\bxox[baprse]-[0-9]{6,}-[A-Za-z0-9-]{10,}`)},
	{"a Slack webhook URL", []string{"hooks.slack.com"}, lazyre.New(`https://hooks\.slack\.com/services/T[A-Z0-9]{6,}/B[A-Z0-9]{6,}/[A-Za-z0-9]{20,}`)},
	{"a Stripe live key", []string{"_live_"}, lazyre.New(`\b(?:sk|rk)_live_[0-9A-Za-z]{24,}`)},
	{"a Google API key", []string{"AIza"}, lazyre.New(`\bAIza[0-9A-Za-z_-]{35}\b`)},
	{"an OpenAI or Anthropic API key", []string{"sk-"}, lazyre.New(`\bsk-(?:proj-|ant-api\d\d-|svcacct-)?[A-Za-z0-9_-]{32,}`)},
	{"a private key", []string{"PRIVATE KEY"}, lazyre.New(`-----BEGIN (?:RSA |EC |DSA |OPENSSH |PGP |ENCRYPTED )?PRIVATE KEY(?: BLOCK)?-----\r?\n(?:[A-Za-z0-9-]+: .*\r?\n)*\r?\n?[A-Za-z0-9+/=]{40,}`)},
}

// secretName matches names that hold credentials. Names that merely
// count or describe them (max_tokens, token_count, tokenizer) are
// filtered by the value checks: a secret value is long and random.
var secretName = lazyre.New(`(?i)(secret|token|api[_-]?key|apikey|passw(or)?d|passwd|access[_-]?key|private[_-]?key|client[_-]?secret|auth[_-]?key|bearer)`)

func (r *reviewer) scanSecrets(f *source, kind fileKind) {
	text := f.text
	for _, p := range secretFormats {
		if !containsAny(text, p.hints) {
			continue
		}
		{
			for _, m := range p.re.FindAllStringIndex(text, -1) {
				value := text[m[0]:m[1]]
				if p.name == "a private key" {
					value = "-----BEGIN"
				} else if isFake(value) {
					continue
				}
				r.report(f, m[0], "review/secret", fmt.Sprintf("%s ships with the skill: %s", p.name, mask(value)),
					"Revoke the credential now, remove it, and have the skill ask for it at run time (an environment variable or a declared binding).")
			}
		}
	}
	if kind == kindScript {
		r.scanSecretAssignmentsJS(f)
		return
	}
	for pos := 0; pos < len(text); {
		end := strings.IndexByte(text[pos:], '\n')
		if end < 0 {
			end = len(text)
		} else {
			end += pos
		}
		if name, at, value, ok := assignmentIn(text[pos:end]); ok && secretName.MatchString(name) && looksSecret(value) {
			r.reportSecretLike(f, pos+at, name, value)
		}
		pos = end + 1
	}
}

// assignmentIn reads one NAME = value or NAME: value line of a text file
// (.env, YAML, JSON, shell, Python, prose); code files use the lexer.
// at is the offset of value in line.
func assignmentIn(line string) (name string, at int, value string, ok bool) {
	eq := strings.IndexAny(line, "=:")
	if eq <= 0 {
		return "", 0, "", false
	}
	name = strings.Trim(strings.TrimSpace(line[:eq]), "\"'")
	if i := strings.LastIndexAny(name, " \t"); i >= 0 {
		name = name[i+1:] // "export API_TOKEN", "- api_key"
	}
	if name == "" || len(name) > 60 {
		return "", 0, "", false
	}
	rest := line[eq+1:]
	trimmed := strings.TrimLeft(rest, " \t\"'")
	at = eq + 1 + len(rest) - len(trimmed)
	n := 0
	for n < len(trimmed) && n <= 200 && isBase64Byte(trimmed[n]) || n < len(trimmed) && trimmed[n] == '.' {
		n++
	}
	if n < 20 || n > 200 {
		return "", 0, "", false
	}
	return name, at, trimmed[:n], true
}

// scanSecretAssignmentsJS: `name = "…"`, `name: "…"` and `"name": "…"`.
func (r *reviewer) scanSecretAssignmentsJS(f *source) {
	toks := lexTS(f.text)
	for i := 0; i+2 < len(toks); i++ {
		name, op, val := toks[i], toks[i+1], toks[i+2]
		if name.kind != tokIdent && name.kind != tokString || op.kind != tokPunct || op.str != "=" && op.str != ":" {
			continue
		}
		if val.kind != tokString && !(val.kind == tokTemplate && !val.sub) {
			continue
		}
		if secretName.MatchString(name.str) && looksSecret(val.str) {
			r.reportSecretLike(f, val.off, name.str, val.str)
		}
	}
}

func (r *reviewer) reportSecretLike(f *source, off int, name, value string) {
	if r.mcpSecretAt[f.path+"\x00"+strconv.Itoa(off)] {
		return // reported as an MCP server's value
	}
	for _, p := range secretFormats {
		if p.re.MatchString(value) {
			return // already a review/secret finding
		}
	}
	r.report(f, off, "review/secret-like", fmt.Sprintf("%s is set to a random-looking %d-character value: %s", name, len(value), mask(value)),
		"If this is a real credential, revoke it and read it at run time instead; if it is an example, make that obvious (YOUR_TOKEN, xxxx).")
}

func containsAny(s string, subs []string) bool {
	for _, h := range subs {
		if strings.Contains(s, h) {
			return true
		}
	}
	return false
}

// looksSecret: long, mixed letters and digits, random enough, and not a
// placeholder, a path, a URL, an identifier or a version.
func looksSecret(v string) bool {
	if len(v) < 20 || strings.ContainsAny(v, "/ ") && !strings.HasSuffix(v, "=") || isFake(v) {
		return false
	}
	letters, digits := 0, 0
	for i := 0; i < len(v); i++ {
		switch c := v[i]; {
		case c >= '0' && c <= '9':
			digits++
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			letters++
		}
	}
	if digits < 2 || letters < 4 {
		return false
	}
	if wordy(v) {
		return false
	}
	return entropy(v) >= 3.5
}

// wordy: every piece between - _ . is one plain word or number
// ("base64-or-pem-private-key", "v1.2.3-beta"), as identifiers and
// descriptions are; a key's pieces mix case and digits.
func wordy(v string) bool {
	parts := strings.FieldsFunc(v, func(c rune) bool { return c == '-' || c == '_' || c == '.' })
	if len(parts) < 2 {
		return false
	}
	for _, p := range parts {
		if !(isAll(p, 'a', 'z') || isAll(p, 'A', 'Z') || isAll(p, '0', '9') || isWordish(p)) {
			return false
		}
	}
	return true
}

func isAll(s string, lo, hi byte) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < lo || s[i] > hi {
			return false
		}
	}
	return true
}

// isWordish: letters then digits, like "base64" or "sha256".
func isWordish(s string) bool {
	i := 0
	for i < len(s) && (s[i] >= 'a' && s[i] <= 'z' || s[i] >= 'A' && s[i] <= 'Z') {
		i++
	}
	return i > 0 && isAll(s[i:], '0', '9')
}

// isFake recognises placeholders and documentation examples.
func isFake(v string) bool {
	lower := strings.ToLower(v)
	for _, p := range []string{"xxxx", "your", "example", "placeholder", "dummy", "sample", "fake", "test", "redacted", "changeme", "replace", "1234567890", "abcdef", "0000", "...", "…", "<", "${", "{{", "here"} {
		if strings.Contains(lower, p) {
			return true
		}
	}
	// One character repeated for a third of the value: "sk-aaaaaaaa…".
	counts := map[rune]int{}
	for _, c := range lower {
		counts[c]++
		if counts[c]*3 > len(lower) && len(lower) >= 12 {
			return true
		}
	}
	return false
}

// entropy is the Shannon entropy of s in bits per character.
func entropy(s string) float64 {
	counts := map[rune]int{}
	n := 0
	for _, c := range s {
		counts[c]++
		n++
	}
	h := 0.0
	for _, k := range counts {
		p := float64(k) / float64(n)
		h -= p * math.Log2(p)
	}
	return h
}

// mask keeps the first four characters: findings are printed, logged and
// shared, and must not spread a credential further.
func mask(s string) string {
	if len(s) <= 4 {
		return "…"
	}
	return s[:4] + "…"
}
