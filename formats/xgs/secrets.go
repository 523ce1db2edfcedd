package xgs

import (
	"math"
	"strings"

	"github.com/grafana/sobek/ast"

	"github.com/skillstudio/skillstudio/internal/lazyre"
)

// Well-known credential formats. These run over string values the parser
// found, never over source text.
var secretPatterns = []struct {
	name string
	re   *lazyre.Regexp
}{
	{"a GitHub token", lazyre.New(`\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36}\b`)},
	{"a GitHub fine-grained token", lazyre.New(`\bgithub_pat_[A-Za-z0-9_]{22,}`)},
	{"an AWS access key id", lazyre.New(`\b(?:AKIA|ASIA)[0-9A-Z]{16}\b`)},
	{"a Slack token", lazyre.New(`\bxox[abposr]-[A-Za-z0-9-]{10,}`)},
	{"a Stripe secret key", lazyre.New(`\b(?:sk|rk)_live_[0-9A-Za-z]{16,}`)},
	{"a Google API key", lazyre.New(`\bAIza[0-9A-Za-z_-]{35}`)},
	{"a private key", lazyre.New(`-----BEGIN (?:[A-Z]+ )*PRIVATE KEY-----`)},
	{"a JSON Web Token", lazyre.New(`\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}`)},
}

const secretHint = "Remove the secret from the skill: it ships to every user and is visible in DevTools. Use the user's own session (fetch with credentials: \"include\") or a token the page already holds."

// checkHeaderSecrets: xgs/no-secrets over the header's values.
func (p *program) checkHeaderSecrets(h *Header) {
	if h == nil {
		return
	}
	for _, d := range h.Directives {
		if what := knownSecret(d.Value); what != "" {
			p.report("xgs/no-secrets", d.Start+d.ValueColumn-1, "@"+d.Key+" holds "+what, secretHint)
		}
	}
}

// secretNode: xgs/no-secrets for one node of the body's walk: strings of
// a well-known token format, and random-looking strings bound to
// secret-sounding names. Findings are deduplicated by offset.
func (p *program) secretNode(n ast.Node) {
	check := func(n ast.Node, s string) {
		if what := knownSecret(s); what != "" {
			p.reportNode("xgs/no-secrets", n, "this string holds "+what, secretHint)
		}
	}
	named := func(name string, v ast.Expression) {
		s, ok := p.literalText(v)
		if ok && looksRandom(s) && secretName(name) {
			p.reportNode("xgs/no-secrets", v, "a random-looking string is assigned to "+name, secretHint)
		}
	}
	switch n := n.(type) {
	case *ast.StringLiteral:
		check(n, n.Value.String())
	case *ast.TemplateLiteral:
		for _, el := range n.Elements {
			if el != nil {
				check(n, el.Parsed.String())
			}
		}
	case *ast.Binding:
		if id, ok := n.Target.(*ast.Identifier); ok && n.Initializer != nil {
			named(id.Name.String(), n.Initializer)
		}
	case *ast.PropertyKeyed:
		if _, isStr := n.Value.(*ast.StringLiteral); isStr {
			if k, ok := propertyKey(n); ok {
				named(k, n.Value)
			}
		}
	case *ast.AssignExpression:
		switch l := n.Left.(type) {
		case *ast.Identifier:
			named(l.Name.String(), n.Right)
		case *ast.DotExpression:
			named(l.Identifier.Name.String(), n.Right)
		}
	}
}

// secretMarkers are substrings every secretPatterns match contains, so
// most strings skip the regular expressions entirely.
var secretMarkers = []string{"ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_", "AKIA", "ASIA", "xox", "_live_", "AIza", "PRIVATE KEY", "eyJ"}

// markersByFirstByte lists secretMarkers by their first byte, so that
// hasSecretMarker reads a string once: a strings.Contains per marker read
// each literal thirteen times, a sixth of the per-node secret checks.
var markersByFirstByte = func() (t [256][]string) {
	for _, m := range secretMarkers {
		t[m[0]] = append(t[m[0]], m)
	}
	return t
}()

// markerStart: the bytes a secret marker starts with (a byte table is
// cheaper to test than markersByFirstByte's slice headers).
var markerStart = func() (t [256]bool) {
	for _, m := range secretMarkers {
		t[m[0]] = true
	}
	return t
}()

// hasSecretMarker says whether s contains one of secretMarkers. A
// marker's second byte is compared before the rest, as its first bytes
// (e, g, A…) are common in text. Every marker is at least three bytes.
func hasSecretMarker(s string) bool {
	for i := 0; i+2 < len(s); i++ {
		if !markerStart[s[i]] {
			continue
		}
		for _, m := range markersByFirstByte[s[i]] {
			if s[i+1] == m[1] && strings.HasPrefix(s[i:], m) {
				return true
			}
		}
	}
	return false
}

func knownSecret(s string) string {
	if len(s) < 16 {
		return ""
	}
	if !hasSecretMarker(s) {
		return ""
	}
	for _, sp := range secretPatterns {
		if sp.re.MatchString(s) {
			return sp.name
		}
	}
	return ""
}

func (p *program) literalText(e ast.Expression) (string, bool) {
	switch e := e.(type) {
	case *ast.StringLiteral:
		return e.Value.String(), true
	case *ast.TemplateLiteral:
		return plainTemplate(e)
	}
	return "", false
}

// secretName: token, secret, apiKey, password, … (by words, so "tokens"
// of a tokenizer count but "keyword" does not).
func secretName(name string) bool {
	ws := words(name)
	for i, w := range ws {
		switch w {
		case "token", "secret", "password", "passwd", "pwd", "apikey", "credential", "credentials", "bearer":
			return true
		case "key":
			if i > 0 && (ws[i-1] == "api" || ws[i-1] == "private" || ws[i-1] == "access" || ws[i-1] == "secret" || ws[i-1] == "auth") {
				return true
			}
		case "auth":
			if i+1 == len(ws) {
				return true
			}
		}
	}
	return false
}

// looksRandom: at least 16 characters, no spaces or URL, and a Shannon
// entropy of 3.5 bits per character or more (English words and ids made
// of repeated characters stay below it).
func looksRandom(s string) bool {
	if len(s) < 16 || strings.ContainsAny(s, " \t\n") || strings.Contains(s, "://") || strings.HasPrefix(s, "/") {
		return false
	}
	return entropy(s) >= 3.5
}

func entropy(s string) float64 {
	var counts [256]int
	for i := 0; i < len(s); i++ {
		counts[s[i]]++
	}
	h, n := 0.0, float64(len(s))
	for _, c := range counts {
		if c > 0 {
			f := float64(c) / n
			h -= f * math.Log2(f)
		}
	}
	return h
}
