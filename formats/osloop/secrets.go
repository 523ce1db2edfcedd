package osloop

import (
	"fmt"
	"strings"

	"github.com/skillstudio/skillstudio/internal/lazyre"
)

// secretPatterns match credentials with a recognisable shape. They run
// over prose (docs.md) and over string values lexed from module.ts, never
// over code. Each needs enough characters that a documented example such
// as "sk-..." or "xoxb-your-token" does not match.
var secretPatterns = []struct {
	name string
	re   *lazyre.Regexp
}{
	{"an OpenAI-style API key", lazyre.New(`\bsk-(?:proj-|live-|test-)?[A-Za-z0-9_]{20,}`)},
	{"an AWS access key id", lazyre.New(`\b(?:AKIA|ASIA)[0-9A-Z]{16}\b`)},
	{"a GitHub token", lazyre.New(`\b(?:gh[pousr]_[A-Za-z0-9]{36}|github_pat_[A-Za-z0-9_]{60,})`)},
	{"a Slack token", lazyre.New(`\bxox[bpasr]-[0-9]{6,}-[A-Za-z0-9-]{10,}`)},
	{"a Google API key", lazyre.New(`\bAIza[0-9A-Za-z_-]{35}`)},
	{"a private key", lazyre.New(`-----BEGIN (?:RSA |EC |DSA |OPENSSH |PGP )?PRIVATE KEY( BLOCK)?-----`)},
}

// secretHint: a cheap filter so most strings skip the regexps.
func secretHint(s string) bool {
	for _, p := range []string{"AKIA", "ASIA", "ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_", "xox", "AIza", "PRIVATE KEY"} {
		if strings.Contains(s, p) {
			return true
		}
	}
	// "sk-" only at a word start: "task-list" must not wake the regexps.
	for i := strings.Index(s, "sk-"); i >= 0; {
		if i == 0 || !isWordByte(s[i-1]) {
			return true
		}
		j := strings.Index(s[i+3:], "sk-")
		if j < 0 {
			break
		}
		i += 3 + j
	}
	return false
}

// findSecret returns the [start, end) of the first secret-like text in s.
func findSecret(s string) []int {
	if len(s) < 16 || !secretHint(s) {
		return nil
	}
	best := []int(nil)
	for _, p := range secretPatterns {
		if loc := p.re.FindStringIndex(s); loc != nil && (best == nil || loc[0] < best[0]) {
			best = loc
		}
	}
	return best
}

func secretName(s string) string {
	for _, p := range secretPatterns {
		if p.re.MatchString(s) {
			return p.name
		}
	}
	return "a secret"
}

// redact keeps a secret's first characters only: findings are printed,
// logged and shared, and must not spread the credential further.
func redact(s string) string {
	if len(s) <= 8 {
		return s
	}
	return s[:6] + "…"
}

// checkSecrets: no raw secrets in docs.md or module.ts strings, and
// placeholders come with requiredBindings.
func (l *loader) checkSecrets() {
	if l.pkg.HasDocs {
		docs := l.pkg.Docs
		idx := lineIndex{src: docs}
		off := 0
		for off < len(docs) {
			loc := findSecret(docs[off:])
			if loc == nil {
				break
			}
			line, col := idx.Pos(off + loc[0])
			found := docs[off+loc[0] : off+loc[1]]
			l.add("osloop/raw-secret", l.file("docs.md"), line, col,
				fmt.Sprintf("docs.md contains what looks like %s (%s)", secretName(found), redact(found)),
				"Remove it and revoke it; write __OSL_SECRET[<secretId>]__ in examples instead.")
			off += loc[1]
		}
	}
	if d := l.pkg.ManifestDoc; d != nil {
		l.jsonSecrets("manifest.json", d)
	}
	if mod := l.pkg.Module; mod != nil {
		for _, s := range mod.RawSecrets {
			l.modAt(s.Off, "osloop/raw-secret", fmt.Sprintf("a string in module.ts looks like %s (%s)", secretName(s.Value), redact(s.Value)),
				"Remove it and revoke it; resolve secrets at run time with host.vault.resolveBinding and a requiredBinding.")
		}
	}
	m := l.pkg.Manifest
	if m == nil || len(m.RequiredBindings) > 0 {
		return
	}
	const placeholder = "__OSL_SECRET["
	switch {
	case l.pkg.Module != nil && len(l.pkg.Module.SecretPlaceholders) > 0:
		l.modAt(l.pkg.Module.SecretPlaceholders[0].Off, "osloop/secret-binding", "module.ts uses an __OSL_SECRET[…]__ placeholder but requiredBindings is empty",
			"Declare the secret the placeholder stands for in requiredBindings.")
	case strings.Contains(l.pkg.Docs, placeholder):
		line, col := (&lineIndex{src: l.pkg.Docs}).Pos(strings.Index(l.pkg.Docs, placeholder))
		l.add("osloop/secret-binding", l.file("docs.md"), line, col, "docs.md uses an __OSL_SECRET[…]__ placeholder but requiredBindings is empty",
			"Declare the secret the placeholder stands for in requiredBindings.")
	}
}

// jsonSecrets reports a string of a package JSON file (manifest.json, or
// config-schema.json) that holds a credential: a schema's examples or
// default, a description. The spec forbids secrets in module code,
// documentation and examples, and the manifest ships to every user.
func (l *loader) jsonSecrets(name string, d *Doc) {
	stack := []*Node{d.Root}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if n == nil {
			continue
		}
		switch n.Kind {
		case KindString:
			if loc := findSecret(n.Str); loc != nil {
				found := n.Str[loc[0]:loc[1]]
				line, col := d.Pos(n.Start)
				l.add("osloop/raw-secret", l.file(name), line, col,
					fmt.Sprintf("a string in %s looks like %s (%s)", name, secretName(found), redact(found)),
					"Remove it and revoke it; name the secret in requiredBindings and write __OSL_SECRET[<secretId>]__ where an example needs one.")
			}
		case KindArray:
			for i := len(n.Items) - 1; i >= 0; i-- {
				stack = append(stack, n.Items[i])
			}
		case KindObject:
			for i := len(n.Members) - 1; i >= 0; i-- {
				stack = append(stack, n.Members[i].Value)
			}
		}
	}
}
