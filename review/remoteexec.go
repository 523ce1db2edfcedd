package review

import (
	"fmt"
	"path"
	"regexp"
	"strings"

	"github.com/skillstudio/skillstudio/internal/lazyre"
)

// Download-and-run shapes, matched per logical shell line (backslash
// continuations joined). These read commands a skill tells an agent or a
// script to run; nothing is ever run.
var remoteExecPatterns = []*lazyre.Regexp{
	// curl … URL | sh, wget -O- $URL | sudo bash, iwr URL | iex (a URL or a
	// variable must come between, so a table row "| curl | python |" is not one)
	lazyre.New(`(?i)\b(curl|wget|iwr|irm|invoke-webrequest|invoke-restmethod)\s[^|\n]*(https?://|\$)[^|\n]*\|\s*(sudo\s+(-\S+\s+)*)?(sh|bash|zsh|dash|ksh|fish|python[0-9.]*|perl|ruby|node|php|pwsh|powershell|iex|invoke-expression)\b`),
	// iex (iwr …), iex ((New-Object Net.WebClient).DownloadString(…))
	lazyre.New(`(?i)\b(iex|invoke-expression)\b\s*[(&]*\s*(iwr|irm|invoke-webrequest|invoke-restmethod|new-object\s+(system\.)?net\.webclient)\b`),
	// eval "$(curl …)", sh -c "$(wget -O- …)"
	lazyre.New(`(?i)\b(eval|(ba|z)?sh\s+-c|source)\s+["']?\$\(\s*(curl|wget)\b`),
	// bash <(curl …), source <(wget …)
	lazyre.New(`(?i)\b((ba|z)?sh|source|\.|python[0-9.]*|perl|ruby|node)\s+<\(\s*(curl|wget)\b`),
	// $c$d -s https://… | sh: the downloader's name is put together at run
	// time (c=cu; d=rl), so no word on the line says curl.
	lazyre.New(`(?i)(^|[;&|(` + "`" + `]\s*|\$\(\s*)["']?\$\{?[a-z_][a-z0-9_]*\}?(\$\{?[a-z_][a-z0-9_]*\}?|[a-z0-9_]+)*["']?\s[^|\n]*https?://[^|\n]*\|\s*(sudo\s+(-\S+\s+)*)?(sh|bash|zsh|dash|ksh|python[0-9.]*|perl|ruby|node|php|pwsh|powershell|iex)\b`),
}

// pipesToInterpreter: remoteExecPatterns whose match ends at "| sh" and
// so may be followed by a script name that makes the download data.
func pipesToInterpreter(i int) bool { return i == 0 || i == len(remoteExecPatterns)-1 }

// joinContinuations joins backslash-continued shell lines (built once: a
// Replacer per line cost a sixth of the corpus review).
var joinContinuations = strings.NewReplacer("\\\r\n", " ", "\\\n", " ")

const remoteExecHint = "Download the script, read it, pin it by checksum or version, then run the local copy."

// remoteExecIn returns a short description of a download-and-run in line,
// or "".
func remoteExecIn(line string) string {
	if !strings.Contains(line, "curl") && !strings.Contains(line, "wget") &&
		!containsAny(strings.ToLower(line), []string{"iwr", "irm", "invoke-", "webclient"}) &&
		!(strings.Contains(line, "$") && strings.Contains(line, "://") && strings.Contains(line, "|")) {
		return ""
	}
	for i, re := range remoteExecPatterns {
		for _, m := range re.FindAllStringIndex(line, -1) {
			if pipesToInterpreter(i) && stdinIsData(line[m[1]:]) {
				continue
			}
			return "downloads code and runs it unseen"
		}
	}
	return ""
}

// stdinIsData: after "| python3", "-c code", "-e code", "-m module" or a
// script name mean the program comes from elsewhere and the download is
// only its input (curl … | python3 -c "import zlib…").
func stdinIsData(rest string) bool {
	// Only the first word decides: splitting the whole rest of the line at
	// each match made a line of many "curl … | python3" quadratic.
	f := strings.Fields(rest[:min(len(rest), 256)])
	if len(f) == 0 {
		return false
	}
	switch a := f[0]; {
	case a == "-c" || a == "-e" || a == "-m":
		return true
	case a == "-" || strings.HasPrefix(a, "-") || strings.ContainsAny(a[:1], "|;&)`\"'#"):
		// A "#" starts a shell comment (curl … | bash  # macOS / Linux,
		// the usual vendor line): the shell runs the download itself.
		return false
	}
	return true // "| python3 tool.py": a local script reads the download
}

// scanRemoteExec reports each download-and-run or decode-and-run line
// of f, and a download saved to a file that the next lines run unchecked
// (in Markdown, only in code: prose that says "download it and run it"
// is not a command).
func (r *reviewer) scanRemoteExec(f *source) {
	type logicalLine struct {
		pos             int
		logical, joined string
	}
	var lines []logicalLine
	forLines(f.text, func(pos int, logical, joined string) {
		lines = append(lines, logicalLine{pos, logical, joined})
	})
	done := map[int]bool{}
	for _, l := range lines {
		what := remoteExecIn(l.joined)
		if what == "" {
			what = decodeExecIn(l.joined)
		}
		if what == "" {
			what = fetchEvalIn(l.joined)
		}
		if what != "" {
			off := l.pos + len(l.logical) - len(strings.TrimLeft(l.logical, " \t"))
			done[l.pos] = true
			rule := remoteExecRule(f, off)
			if at := loadCommandOn(f, off, fetchesOrDecodes); at >= 0 {
				off = at // point at the command that runs, not the line's prose
			}
			r.report(f, off, rule, fmt.Sprintf("%s: %s", what, clip(Visible(strings.TrimSpace(l.joined)), 200)), remoteExecHint)
		}
	}
	text := f.text
	if k := kindOf(f.rel); k == kindMarkdown || k == kindText {
		text = codeOnly(text)
	}
	lower := strings.ToLower(text)
	downloads := containsAny(lower, []string{"curl", "wget", "iwr", "irm", "invoke-"})
	evals := mayFetchEval(lower)
	if !downloads && !evals {
		return
	}
	var pos []int
	var code []string
	forLines(text, func(p int, _, joined string) {
		pos = append(pos, p)
		code = append(code, joined)
	})
	for i := range code {
		if done[pos[i]] {
			continue
		}
		what := ""
		if downloads {
			what = downloadThenRun(code, i)
		}
		if what == "" && evals {
			what = fetchThenEval(code, i)
		}
		if what != "" {
			off := pos[i] + len(code[i]) - len(strings.TrimLeft(code[i], " \t"))
			r.report(f, off, remoteExecRule(f, off), fmt.Sprintf("%s: %s", what, clip(Visible(strings.TrimSpace(code[i])), 200)), remoteExecHint)
		}
	}
}

// remoteExecRule picks the rule by where the line sits. In a script, a
// hook or code it runs whenever they do (error: harm at run time); in
// Markdown or text prose it is an install line someone must choose to
// follow (warning). A SKILL.md frontmatter holds hooks, so a line there
// counts as code, and so does a command Claude Code runs as SKILL.md loads
// (!`…`, ```! blocks: see loadTimeCommands).
func remoteExecRule(f *source, off int) string {
	if inProse(f, off) && !runsOnLoad(f, off, fetchesOrDecodes) {
		return "review/remote-exec-doc"
	}
	return "review/remote-exec"
}

// inProse: off lies in Markdown or text outside a SKILL.md frontmatter,
// where a command is one someone must choose to run; runsOnLoad picks out
// the SKILL.md commands Claude Code runs by itself as the skill loads.
func inProse(f *source, off int) bool {
	switch kindOf(f.rel) {
	case kindMarkdown, kindText:
		return !inFrontmatter(f.text, off)
	}
	return false
}

// fetchesOrDecodes: a load-time command that is (or takes part in) the
// download-and-run or decode-and-run found on its line.
func fetchesOrDecodes(cmd string) bool {
	if remoteExecIn(cmd) != "" || decodeExecIn(cmd) != "" || fetchEvalIn(cmd) != "" {
		return true
	}
	return containsAny(strings.ToLower(cmd), []string{"curl", "wget", "iwr", "irm", "invoke-", "webclient"})
}

// inFrontmatter: off lies between a leading "---" line and the next one.
func inFrontmatter(text string, off int) bool {
	text = strings.TrimPrefix(text, "\uFEFF")
	if !strings.HasPrefix(text, "---\n") && !strings.HasPrefix(text, "---\r\n") {
		return false
	}
	start := strings.IndexByte(text, '\n') + 1
	end := strings.Index(text[start:], "\n---")
	if end < 0 {
		return false
	}
	return off < start+end+1
}

// Decode-and-run shapes: code a reviewer cannot read, decoded or
// unscrambled at run time and run (echo … | base64 -d | sh, eval "$(echo …
// | rev)", powershell -EncodedCommand …, exec(b64decode(…))). No honest
// skill needs to hide the commands it runs. A backquote ends the command
// too: in a SKILL.md's !`… | base64 -d | sh` it runs as the skill loads.
var decodeExecPatterns = []*lazyre.Regexp{
	lazyre.New(`(?i)(\bbase64\s+(-d|--decode|-D)\b|\bxxd\s+-r|\|\s*rev\b|\bopenssl\s+(enc\s+)?[^|\n]*-d\b|\bgunzip\b|\bzcat\b|\btr\s+['"]?[a-z]-[a-z])[^|\n]*\|\s*(sudo\s+(-\S+\s+)*)?(sh|bash|zsh|dash|ksh|python[0-9.]*|perl|ruby|node|pwsh|powershell|iex|invoke-expression)\b\s*(-\s*)?($|[;&|)'"` + "`" + `]|-[a-z]*$)`),
	lazyre.New(`(?i)\b(eval|(ba|z)?sh\s+-c|source|\.|iex|invoke-expression)\s+["'(]*\$?\(\s*(echo|printf|\[)[^)]*\|\s*(base64|rev|xxd|openssl|tr)\b`),
	lazyre.New(`(?i)\b(ba|z)?sh\s+<\(\s*(echo|printf)\b[^)]*\|\s*(base64|rev|xxd)\b`),
	lazyre.New(`(?i)\b(powershell|pwsh)(\.exe)?\b[^|\n]*\s-e(nc|ncodedcommand|c)?\s+[A-Za-z0-9+/=]{20,}`),
	// exec(b64decode(…)), eval(String.fromCharCode(102, 101, …)): a
	// character-code list is an encoding too.
	lazyre.New(`(?i)\b(exec|eval)\s*\(\s*(base64\.b64decode|b64decode|zlib\.decompress|codecs\.decode|bytes\.fromhex|atob|buffer\.from|string\.fromcharcode)\s*\(`),
	lazyre.New(`(?i)\bnew\s+function\s*\(\s*atob\s*\(|\bfunction\s*\(\s*atob\s*\(`),
	lazyre.New(`(?i)\[scriptblock\]::create\s*\([^)]*frombase64string|iex\s*\(?\s*\[[a-z.]*text\.encoding\][^)]*frombase64string`),
	// Escape-spelled commands: eval "$(printf '\x63\x75\x72\x6c …')",
	// sh -c $'\143\165…', printf '\x63…' | sh, exec("\x69\x6d…"). Three
	// escapes in a row spell a word no reader sees; one is formatting.
	lazyre.New(`(?i)\b(eval|(ba|z|da)?sh\s+-c|source|\.)\s+["'(]*\$\(\s*(printf|echo\s+-e)\s[^)\n]*` + escRun + `|\b(eval|(ba|z|da)?sh\s+-c)\s+\$'[^'\n]*` + escRun + `|\b(exec|eval)\s*\(\s*[rbu]?["'][^"'\n]*` + escRun),
	lazyre.New(`(?i)\b(printf|echo\s+-e)\s[^|\n]*` + escRun + `[^|\n]*\|\s*(sudo\s+(-\S+\s+)*)?(sh|bash|zsh|dash|ksh|python[0-9.]*|perl|ruby|node|pwsh|powershell|iex)\b\s*(-\s*)?($|[;&|)'"` + "`" + `])`),
}

// escRun is three character escapes in a row (\x63, \143, \u0063).
const escRun = `(\\x[0-9a-f]{2}|\\[0-7]{3}|\\u[0-9a-f]{4})(\\x[0-9a-f]{2}|\\[0-7]{3}|\\u[0-9a-f]{4})(\\x[0-9a-f]{2}|\\[0-7]{3}|\\u[0-9a-f]{4})`

// decodeExecWhat starts each decode-and-run message; the verdict names
// these apart from downloads by it.
const decodeExecWhat = "decodes hidden code and runs it"

// decodeExecIn returns a description when line decodes code and runs it.
func decodeExecIn(line string) string {
	lower := strings.ToLower(line)
	if !containsAny(lower, []string{"base64", "xxd", "rev", "openssl", "zcat", "gunzip", "tr ", "-e", "decode", "atob", "fromhex", "decompress", "fromcharcode", `\`}) {
		return ""
	}
	for i, re := range decodeExecPatterns {
		if containsAny(lower, decodeExecNeeds[i]) && re.MatchString(line) {
			return decodeExecWhat
		}
	}
	return ""
}

// decodeExecNeeds are, per pattern, words (lower case) a line must hold
// one of to match it, so most lines that only mention a decoder are
// spared the expressions.
var decodeExecNeeds = [][]string{
	{"|"}, {"|"}, {"|"},
	{"powershell", "pwsh"},
	{"exec", "eval"},
	{"atob"},
	{"frombase64string"},
	{"eval", "-c", "source", ". ", "exec"},
	{"|"},
}

// downloadTo finds a download saved to a file (curl -o F, wget -O F,
// Invoke-WebRequest -OutFile F); runFile a later run of that file.
var (
	downloadTo = lazyre.New(`(?i)\b(curl|wget|iwr|irm|invoke-webrequest|invoke-restmethod)\b[^|;&\n]*?\s(-[a-zA-Z]*[oO]|--output|--output-document|-outfile)[\s=]+["']?([^\s"';&|)]+)`)
	verifyRe   = lazyre.New(`(?i)\b(sha(1|256|384|512)?sum|shasum|gpg\s+(--verify|-v)|cosign\s+verify|minisign|get-filehash|certutil\s+-hashfile|openssl\s+dgst|slsa-verifier|gh\s+attestation\s+verify|less|more|view)\b`)
)

// downloadThenRun looks at the lines from one that saves a download to a
// file onwards (the same line and the next few) for a run of that file
// with no checksum or signature check in between.
func downloadThenRun(lines []string, i int) string {
	m := downloadTo.FindStringSubmatchIndex(lines[i])
	if m == nil {
		return ""
	}
	file := lines[i][m[6]:m[7]]
	if file == "-" || file == "/dev/null" || strings.HasPrefix(file, "$(") {
		return ""
	}
	base := path.Base(strings.ReplaceAll(file, "\\", "/"))
	q := regexp.QuoteMeta(file)
	qb := regexp.QuoteMeta(base)
	run := regexp.MustCompile(`(?i)(\b(sh|bash|zsh|dash|ksh|python[0-9.]*|perl|ruby|node|pwsh|powershell|source|iex)\s+(-\S+\s+)*["']?` + q + `\b|(^|[;&|(]|&&)\s*["']?(\./|\.\\|&\s*)?` + q + `["']?\s*($|[;&|)]|\s+-)|(^|[;&|]|&&)\s*(\./|\.\\)` + qb + `\b)`)
	tail := lines[i][m[1]:]
	window := []string{tail}
	for j := i + 1; j < len(lines) && j <= i+5; j++ {
		window = append(window, lines[j])
	}
	for _, l := range window {
		if verifyRe.MatchString(l) {
			return ""
		}
	}
	for _, l := range window {
		if run.MatchString(l) {
			return "downloads code to " + clip(file, 60) + " and runs it unchecked"
		}
	}
	return ""
}
