package review

import (
	"fmt"
	"slices"
	"strings"

	"github.com/skillstudio/skillstudio/internal/lazyre"
)

// Commands and code that send the user's keys away: a read of a private
// key file, a credentials file or the whole environment, and a network
// tool or call to send it with. The scan reads shell lines the way
// remote-exec does (scripts, hooks, code in Markdown) and, in a script
// file, pairs a read anywhere with a network call anywhere, since the
// data often passes through a variable.
var (
	// secretRead: the places credentials live. A public key (.pub) is not
	// one; ssh-keygen, ssh-add, chmod and the like only touch the file.
	secretFile = lazyre.New(`(?i)\.ssh[/\\](id_[a-z0-9_*]+(\.pub)?|\*)|[/\\]\.ssh[/\\"']?(\s|$|[;|&)])|\.aws[/\\]credentials|\.netrc\b|\.git-credentials|\.gnupg\b|\.docker[/\\]config\.json|\.kube[/\\]config\b|gh[/\\]hosts\.yml|\.npmrc\b|\.pypirc\b|login data|\.password-store|\.claude[/\\]\.credentials\.json|\.codex[/\\]auth\.json|application_default_credentials\.json|\.azure[/\\](accesstokens\.json|msal_token_cache)|\.(openclaw|clawdbot|moltbot)[/\\]((openclaw|clawdbot|moltbot)\.json|credentials\b)`)
	// secretLocal: touching the file, not reading it out.
	secretLocalUse = lazyre.New(`(?i)\b(ssh-keygen|ssh-add|ssh-copy-id|chmod|chown|mkdir|touch|ls|test|stat)\b|\[\s+-[efsr]\s|\bssh\s+-i\b|identityfile|\bscp\s+-i\b|\bgit\s+config\b`)
	// envDump: the whole environment, not one variable.
	envDump = lazyre.New(`(?i)(^|[;&|("'` + "`" + `:]\s*|\$\()\s*(env|printenv|set|export\s+-p)\s*(\||>|\)|$)|os\.environ\.items\(\)|dict\(os\.environ\)|json\.dumps\(\s*(dict\()?os\.environ|str\(os\.environ\)|json\.stringify\(\s*process\.env\s*\)|object\.(entries|keys|values)\(\s*process\.env\s*\)|get-childitem\s+env:|\bgci\s+env:|\bdir\s+env:|\$env:\*`)
	// envFile: a .env file handed over as data (cat .env, @.env, open(".env")),
	// not `source .env` or `--env-file .env`.
	envFile = lazyre.New(`(?i)(\bcat\s+[^|;&\n]*|@|post-file=|upload-file\s+|<\s*|open\(\s*["']|readfilesync\(\s*["']|get-content\s+["']?|readalltext\(\s*["']?)[^\s'"<>:]*\.env\b`)
	// netSink: a program or call that talks to the network. Not scp or
	// rsync: copying a .env or key to one's own server is ordinary.
	netSink = lazyre.New(`(?i)\b(curl|wget|nc|ncat|netcat|socat|telnet|nslookup|dig|iwr|irm|invoke-webrequest|invoke-restmethod|urlopen|requests\.(post|put|get|patch)|httpx\.(post|put|get)|http\.client|urllib3|aiohttp|smtplib|ftplib|axios|sendbeacon|uploadstring|uploadfile|uploaddata)\b|/dev/(tcp|udp)/|\bsocket\.(socket|create_connection)|\bfetch\s*\(|net\.webclient|https?\.request\(` +
		// DNS: a lookup of a name built at run time carries data in the
		// name itself (host "$(…).q.example", ping $(…), gethostbyname).
		`|\bdrill\b|\bgethostbyname\b|\bgetaddrinfo\s*\(|\bdns\.(lookup|resolve\w*)\s*\(|\bresolver\.(resolve|query)\s*\(|(?:^|[\s;&|(])(?:host|ping)\s+(?:-\S+\s+)*["']?\$[({A-Za-z_]`)
)

// ownService are the hosts a credentials file is made for: sending a gh
// token to api.github.com or an npm token to the npm registry is what the
// file is for, not a leak. Files that hold keys for any host (.netrc,
// .git-credentials, SSH keys) have none.
var ownService = map[string][]string{
	"gh/hosts.yml":        {"github.com"},
	".aws/credentials":    {"amazonaws.com"},
	".npmrc":              {"npmjs.org", "npmjs.com"},
	".pypirc":             {"pypi.org"},
	".docker/config.json": {"docker.io", "docker.com"},
	// Coding agents' and cloud CLIs' own logins: the user's subscription
	// or cloud account, read by a plugin that runs beside them.
	".claude/.credentials.json":            {"anthropic.com", "claude.ai"},
	".codex/auth.json":                     {"openai.com", "chatgpt.com"},
	"application_default_credentials.json": {"googleapis.com", "google.com"},
	// OpenClaw's (formerly Clawdbot, Moltbot) config and credentials hold
	// its gateway token and channel logins, the files the ClawHub stealers
	// took; its gateway listens on the machine itself.
	".openclaw/openclaw.json": openclawOwn, ".clawdbot/clawdbot.json": openclawOwn, ".moltbot/moltbot.json": openclawOwn,
	".openclaw/credentials": openclawOwn, ".clawdbot/credentials": openclawOwn, ".moltbot/credentials": openclawOwn,
}

var openclawOwn = []string{"localhost", "127.0.0.1", "openclaw.ai"}

// urlAuthority finds the authorities of the URLs written in a line (user
// info and port included: the host is what follows the last '@').
var urlAuthority = lazyre.New(`(?i)\bhttps?://([^/\s"'?#\\]*)`)

// sendsOnlyTo says whether every URL line sends to is written out and on
// one of domains (or a subdomain); false when it names none.
func sendsOnlyTo(line string, domains []string) bool {
	ms := urlAuthority.FindAllStringSubmatch(line, -1)
	if len(ms) == 0 {
		return false
	}
	for _, m := range ms {
		host := m[1][strings.LastIndexByte(m[1], '@')+1:]
		if i := strings.IndexByte(host, ':'); i >= 0 {
			host = host[:i]
		}
		host = strings.ToLower(strings.TrimSuffix(host, "."))
		if host == "" || strings.ContainsAny(host, "$`{}") {
			return false // a host built at run time
		}
		if !slices.ContainsFunc(domains, func(d string) bool { return host == d || strings.HasSuffix(host, "."+d) }) {
			return false
		}
	}
	return true
}

// secretSourceIn says what secret line reads, or "", and the hosts that
// secret is meant for (ownService), if any.
func secretSourceIn(line string) (what string, own []string) {
	lower := strings.ToLower(line)
	if !containsAny(lower, secretWords) {
		return "", nil // no secretFile, envDump or envFile match can hold
	}
	if what, own := secretFileIn(line); what != "" {
		return what, own
	}
	// A path built from pieces: Path.home() / ".ssh" / "id_rsa",
	// os.path.join(home, ".claude", ".credentials.json").
	if containsAny(lower, secretFileWords) {
		if joined := joinPathPieces(strings.ReplaceAll(lower, "\\", "/")); joined != lower {
			if what, own := secretFileIn(joined); what != "" {
				return what, own
			}
		}
	}
	if containsAny(lower, envDumpWords) && envDump.MatchString(line) {
		return "reads the whole environment", nil
	}
	if strings.Contains(lower, ".env") && envFile.MatchString(line) {
		return "reads a .env file", nil
	}
	if containsAny(lower, keychainWords) {
		if keychainRead.MatchString(line) {
			return "reads the macOS keychain", nil
		}
		if passwordPrompt.MatchString(line) {
			return "asks for the user's password in a dialog of its own", nil
		}
	}
	return "", nil
}

// The stealers' keychain reads (macOS stealers sold through skill
// marketplaces): the whole login keychain dumped or copied, or a browser's
// Safe Storage key, which decrypts its saved passwords and cookies. A
// skill reading its own item (security find-generic-password -s my-tool
// -w) to call its own API is not one. And a password dialog of the
// skill's own (osascript … with hidden answer), the way the same stealers
// ask for the login password.
var (
	keychainRead   = lazyre.New(`(?i)\bsecurity\s+(dump-keychain\b|find-(generic|internet)-password\b[^|;&\n]*\b(chrome|chromium|brave|edge|opera|vivaldi|safe storage)\b)|\bkeychains[/\\]login\.keychain|\blogin\.keychain-db\b`)
	passwordPrompt = lazyre.New(`(?i)\bdisplay\s+dialog\b[^\n]*\bwith\s+hidden\s+answer\b`)
	keychainWords  = []string{"keychain", "security find-", "hidden answer"}
)

// secretFileIn says which credentials file line reads, or "".
func secretFileIn(line string) (what string, own []string) {
	for _, m := range secretFile.FindAllStringIndex(line, -1) {
		name := strings.TrimRight(line[m[0]:m[1]], " \t;|&)\"'")
		if strings.HasSuffix(strings.ToLower(name), ".pub") || secretLocalUse.MatchString(line[:m[0]]) {
			continue // a public key, or a command that only touches the file
		}
		key := strings.ToLower(strings.ReplaceAll(name, "\\", "/"))
		for file, hosts := range ownService {
			if strings.HasSuffix(key, file) {
				own = hosts
			}
		}
		return "reads " + clip(name, 60), own
	}
	return "", nil
}

// The words (lower case) every match of secretFile, envDump and envFile
// holds: most lines hold none, and looking for them costs a fraction of
// running the case-insensitive expressions on every line of every file.
var (
	secretFileWords = []string{".ssh", ".aws", ".netrc", ".git-credentials", ".gnupg", ".docker", ".kube", "hosts.yml", ".npmrc", ".pypirc", "login data", ".password-store", ".credentials.json", "auth.json", "application_default_credentials", "accesstokens.json", "msal_token_cache", ".openclaw", ".clawdbot", ".moltbot"}
	envDumpWords    = []string{"env", "set", "export"}
	secretWords     = append(append(append(slices.Clip(secretFileWords), envDumpWords...), ".env"), keychainWords...)
)

// scanExfil reports commands and scripts that send credentials away.
// In a script or code file the read and the sending may sit on different
// lines; in Markdown and hooks they must share a logical line (a
// one-liner the agent is told to run).
func (r *reviewer) scanExfil(f *source, kind fileKind) {
	text := f.text
	if kind == kindMarkdown || kind == kindText {
		text = codeOnly(text)
	}
	whole := kind == kindShell || kind == kindScript
	r.scanSecretFlow(f, text, whole)
	var reads, sinks []hit   // sinks: the lines that talk to the network
	var relays []relay       // secrets written to a file, in Markdown and hooks
	readAt := map[int]bool{} // lines that read a secret, by offset
	forLines(text, func(pos int, logical, joined string) {
		what, own := secretSourceIn(joined)
		if what == "" {
			if name, host := secretVarSentIn(joined); name != "" {
				off := pos + len(logical) - len(strings.TrimLeft(logical, " \t"))
				rule := "review/exfiltration"
				if inProse(f, off) && !runsOnLoad(f, off, sendsSecretVar) {
					rule = "review/exfiltration-doc"
				}
				r.report(f, off, rule, fmt.Sprintf("sends $%s, a credential for another service, to %s: %s", name, host, clip(Visible(strings.TrimSpace(joined)), 200)), exfilHint)
			}
			return
		}
		readAt[pos] = true
		off := pos + len(logical) - len(strings.TrimLeft(logical, " \t"))
		if netSink.MatchString(joined) {
			if own == nil || !sendsOnlyTo(joined, own) {
				r.report(f, off, exfilRule(f, off), fmt.Sprintf("%s and sends it over the network: %s", what, clip(Visible(strings.TrimSpace(joined)), 200)), exfilHint)
			}
			return
		}
		reads = append(reads, hit{off, what, own})
		if !whole {
			if file := writtenFile(joined); file != "" {
				relays = append(relays, relay{hit{off, what, own}, file, pos})
			}
		}
	})
	if !whole && len(relays) > 0 {
		r.scanRelays(f, text, relays)
	}
	if !whole || len(reads) == 0 {
		return
	}
	// Only a script that reads a secret on one line needs the lines that
	// talk to the network on others.
	forLines(text, func(pos int, logical, joined string) {
		if !readAt[pos] && netSink.MatchString(joined) {
			off := pos + len(logical) - len(strings.TrimLeft(logical, " \t"))
			sinks = append(sinks, hit{off: off, what: strings.TrimSpace(joined)})
		}
	})
	for _, read := range reads {
		// A credential sent only to the service it is for is its use.
		i := slices.IndexFunc(sinks, func(s hit) bool { return read.own == nil || !sendsOnlyTo(s.what, read.own) })
		if i < 0 {
			continue
		}
		line, _ := f.pos(sinks[i].off)
		r.report(f, read.off, "review/exfiltration", fmt.Sprintf("%s, and the script talks to the network (line %d: %s)", read.what, line, clip(Visible(sinks[i].what), 120)), exfilHint)
		return
	}
}

type hit struct {
	off  int
	what string
	own  []string
}

// relay is a secret written to a file on one line of Markdown code or a
// hook, which a later line may send (env > /tmp/e; curl -d @/tmp/e …).
// A script pairs any read with any network call already.
type relay struct {
	read hit
	file string
	pos  int // the line's offset in the scanned text
}

// relayWindow bounds how many lines after the write are searched: a
// command block, not the whole document.
const relayWindow = 20

// writtenFile returns the file a line writes its output to (> F, >> F,
// tee F, the last argument of cp), or "".
func writtenFile(line string) string {
	f := strings.Fields(line)
	for i, a := range f {
		switch {
		case (a == ">" || a == ">>" || a == "tee" || a == "-a" && i > 0 && f[i-1] == "tee") && i+1 < len(f):
			if f[i+1] != "-a" {
				return cleanFile(f[i+1])
			}
		case strings.HasPrefix(a, ">") && len(strings.TrimLeft(a, ">")) > 0:
			return cleanFile(strings.TrimLeft(a, ">"))
		}
	}
	if len(f) >= 3 && (f[0] == "cp" || f[0] == "cat" && strings.Contains(line, ">")) {
		return cleanFile(f[len(f)-1])
	}
	return ""
}

func cleanFile(s string) string {
	s = strings.Trim(s, "\"';)&|`")
	if s == "" || s == "-" || s == "/dev/null" || s == "&1" || s == "&2" || strings.HasPrefix(s, "&") {
		return ""
	}
	return s
}

// scanRelays reports a later line, within relayWindow, that sends a file
// a secret was written to.
func (r *reviewer) scanRelays(f *source, text string, relays []relay) {
	for _, rl := range relays {
		window := text[rl.pos:]
		for i, end := 0, 0; i <= relayWindow; i++ {
			k := strings.IndexByte(window[end:], '\n')
			if k < 0 {
				break
			}
			end += k + 1
			if i == relayWindow {
				window = window[:end]
			}
		}
		n := 0
		forLines(window, func(pos int, logical, joined string) {
			n++
			if n == 1 || n > relayWindow+1 || rl.file == "" || !strings.Contains(joined, rl.file) || !netSink.MatchString(joined) {
				return
			}
			if rl.read.own != nil && sendsOnlyTo(joined, rl.read.own) {
				return
			}
			off := rl.pos + pos + len(logical) - len(strings.TrimLeft(logical, " \t"))
			line, _ := f.pos(off)
			r.report(f, rl.read.off, exfilRule(f, rl.read.off), fmt.Sprintf("%s into %s, and line %d sends that file over the network: %s", rl.read.what, clip(rl.file, 60), line, clip(Visible(strings.TrimSpace(joined)), 120)), exfilHint)
			rl.file = "" // once per write
		})
	}
}

const exfilHint = "Read where the data goes: a skill has no reason to send private keys, credential files or the whole environment off the machine."

// exfilRule: in Markdown or text prose the command is one someone must
// choose to run (the doc rule); in a script, a hook, code or a command
// SKILL.md runs as it loads, it runs.
func exfilRule(f *source, off int) string {
	if inProse(f, off) && !runsOnLoad(f, off, readsSecret) {
		return "review/exfiltration-doc"
	}
	return "review/exfiltration"
}

func readsSecret(cmd string) bool {
	what, _ := secretSourceIn(cmd)
	return what != ""
}

// forLines calls fn for each logical shell line of text (backslash
// continuations joined), with its offset, its text as written and joined.
func forLines(text string, fn func(pos int, logical, joined string)) {
	for pos := 0; pos < len(text); {
		end := pos
		for {
			nl := strings.IndexByte(text[end:], '\n')
			if nl < 0 {
				end = len(text)
				break
			}
			end += nl
			if end > pos && strings.HasSuffix(strings.TrimRight(text[pos:end], "\r"), "\\") {
				end++
				continue
			}
			break
		}
		logical := text[pos:end]
		joined := logical
		if strings.Contains(logical, "\\\n") || strings.Contains(logical, "\\\r\n") {
			joined = joinContinuations.Replace(logical)
		}
		fn(pos, logical, joined)
		pos = end + 1
	}
}

// codeOnly blanks the prose of a Markdown file, keeping offsets: what
// remains is its frontmatter, fenced code blocks and inline code spans,
// the commands someone may run. Prose that mentions a key file and curl
// in one sentence ("never send ~/.ssh with curl") is not a command.
func codeOnly(text string) string {
	b := []byte(text)
	fence := ""
	front := strings.HasPrefix(text, "---\n") || strings.HasPrefix(text, "---\r\n")
	for pos, n := 0, 0; pos < len(text); n++ {
		end := strings.IndexByte(text[pos:], '\n')
		if end < 0 {
			end = len(text)
		} else {
			end += pos + 1
		}
		line := text[pos:end]
		trimmed := strings.TrimLeft(line, " ")
		switch {
		case front:
			if n > 0 && strings.TrimRight(line, "\r\n") == "---" {
				front = false
			}
		case fenceOf(trimmed) != "" && len(line)-len(trimmed) < 4:
			f := fenceOf(trimmed)
			switch {
			case fence == "":
				fence = f
			case strings.HasPrefix(f, fence) && strings.TrimSpace(trimmed[len(f):]) == "":
				fence = ""
			}
			blank(b, pos, end)
		case fence != "":
		default:
			keep := inlineCode(line)
			for i := pos; i < end; i++ {
				if !keep[i-pos] && b[i] != '\n' {
					b[i] = ' '
				}
			}
		}
		pos = end
	}
	return string(b)
}

func blank(b []byte, from, to int) {
	for i := from; i < to; i++ {
		if b[i] != '\n' {
			b[i] = ' '
		}
	}
}

// inlineCode marks the bytes of line inside `code spans`.
func inlineCode(line string) []bool {
	keep := make([]bool, len(line))
	for i := 0; i < len(line); {
		if line[i] != '`' {
			i++
			continue
		}
		n := 1
		for i+n < len(line) && line[i+n] == '`' {
			n++
		}
		ticks := line[i : i+n]
		close := strings.Index(line[i+n:], ticks)
		if close < 0 {
			break
		}
		for j := i + n; j < i+n+close; j++ {
			keep[j] = true
		}
		i += n + close + n
	}
	return keep
}
