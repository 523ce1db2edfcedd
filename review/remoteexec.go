package review

import (
	"fmt"
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
	lazyre.New(`(?i)\b((ba|z)?sh|source|\.)\s+<\(\s*(curl|wget)\b`),
}

// joinContinuations joins backslash-continued shell lines (built once: a
// Replacer per line cost a sixth of the corpus review).
var joinContinuations = strings.NewReplacer("\\\r\n", " ", "\\\n", " ")

const remoteExecHint = "Download the script, read it, pin it by checksum or version, then run the local copy."

// remoteExecIn returns a short description of a download-and-run in line,
// or "".
func remoteExecIn(line string) string {
	if !strings.Contains(line, "curl") && !strings.Contains(line, "wget") && !strings.Contains(strings.ToLower(line), "iwr") &&
		!strings.Contains(strings.ToLower(line), "irm") && !strings.Contains(strings.ToLower(line), "invoke-") && !strings.Contains(strings.ToLower(line), "webclient") {
		return ""
	}
	for i, re := range remoteExecPatterns {
		for _, m := range re.FindAllStringIndex(line, -1) {
			if i == 0 && stdinIsData(line[m[1]:]) {
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
	f := strings.Fields(rest)
	if len(f) == 0 {
		return false
	}
	switch a := f[0]; {
	case a == "-c" || a == "-e" || a == "-m":
		return true
	case a == "-" || strings.HasPrefix(a, "-") || strings.ContainsAny(a[:1], "|;&)`\"'"):
		return false
	}
	return true // "| python3 tool.py": a local script reads the download
}

// scanRemoteExec reports each download-and-run line of f.
func (r *reviewer) scanRemoteExec(f *source) {
	text := f.text
	for pos := 0; pos < len(text); {
		end := pos
		// One logical line: join "\\\n" continuations.
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
		if what := remoteExecIn(joined); what != "" {
			off := pos + len(logical) - len(strings.TrimLeft(logical, " \t"))
			r.report(f, off, remoteExecRule(f, off), fmt.Sprintf("%s: %s", what, clip(Visible(strings.TrimSpace(joined)), 200)), remoteExecHint)
		}
		pos = end + 1
	}
}

// remoteExecRule picks the rule by where the line sits. In a script, a
// hook or code it runs whenever they do (error: harm at run time); in
// Markdown or text prose it is an install line someone must choose to
// follow (warning). A SKILL.md frontmatter holds hooks, so a line there
// counts as code.
func remoteExecRule(f *source, off int) string {
	switch kindOf(f.rel) {
	case kindMarkdown, kindText:
		if !inFrontmatter(f.text, off) {
			return "review/remote-exec-doc"
		}
	}
	return "review/remote-exec"
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
