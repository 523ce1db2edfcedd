package review

import (
	"bytes"
	"fmt"
	"path"
	"slices"
	"strings"
)

// Persistence: a command that leaves something behind that runs later on
// its own, after the skill is done and outside what a reviewer of the
// skill sees: a Git hook, a line in a shell start-up file, a scheduled
// job or login item, an SSH key that lets someone log in. Nothing needs to
// be downloaded for it to harm, so remote-exec does not see it.
//
// Severity: it is not harm at run time by itself (honest setup skills
// install a pre-commit hook or add a PATH line), so a script, hook or
// load-time command doing it is a warning (review/persistence), and a
// documented step in Markdown, or a start-up line that only sets PATH or
// starts a known tool (direnv, nvm, pyenv…), is evidence
// (review/persistence-setup, info). An authorized_keys line with a key
// written into the skill gives the skill's author a login: a warning
// wherever it is written.

// persistWords are the lower-case words one of which every persistence
// line holds: the cheap test that spares most lines any further work.
var persistWords = []string{
	".git/hooks", ".git\\hooks", "hookspath",
	"shrc", ".bash_", ".zsh", ".zlogin", "profile", "config.fish", "conf.d",
	"crontab", "/cron", "systemd", "systemctl", "launchagents", "launchdaemons", "launchctl",
	"schtasks", "scheduledtask", "currentversion\\run", "currentversion/run", "programs\\startup", "programs/startup",
	"authorized_keys", "autostart", "settings.json", "settings.local.json",
	"mcp.json", "claude_desktop_config.json", "/.claude.json", "mcp_config.json", "cline_mcp_settings.json", "/.codex/config.toml",
	"claude.md", "agents.md", "gemini.md",
	".pth", "sitecustomize", "usercustomize", "claude_env_file",
}

// sitePackagesWords mark a path in Python's site-packages, whose .pth
// files' "import" lines run at every interpreter start.
var sitePackagesWords = []string{"site-packages", "dist-packages", "getsitepackages", "getusersitepackages", "user_site", "usersite", "purelib", "platlib"}

// codeRunningEnv are environment variables that make other programs run
// code of their own choosing: bash sources $BASH_ENV (and sh $ENV) before
// every script, runs $PROMPT_COMMAND before every prompt, the loader
// loads LD_PRELOAD, node reads --require from NODE_OPTIONS.
var codeRunningEnv = []string{"bash_env=", "export env=", "prompt_command=", "ld_preload=", "dyld_insert_libraries=", "node_options=", "perl5opt=", "rubyopt=", "pythonstartup="}

// mcpClientConfigs are the user-level files where agents and editors list
// the MCP servers they start in every session: a server written there
// runs on its own from then on, outside any plugin or skill.
var mcpClientConfigs = []string{
	"/.cursor/mcp.json", "claude_desktop_config.json", "/.claude.json", "/.codeium/windsurf/mcp_config.json",
	"cline_mcp_settings.json", "/.codex/config.toml", "/.gemini/settings.json", "/code/user/mcp.json",
}

// userInstructionFiles are the agents' user-level instruction files, read
// at the start of every session in every project: a line written there
// steers the agent long after the skill is gone. A project's own CLAUDE.md
// or AGENTS.md is not one (init skills write those, and they are
// reviewed in the repository).
var userInstructionFiles = []string{"/.claude/claude.md", "/.codex/agents.md", "/.gemini/gemini.md"}

// startupFiles are shell start-up files, as they appear in a path.
var startupFiles = []string{
	".bashrc", ".bash_profile", ".bash_login", ".zshrc", ".zshenv", ".zprofile", ".zlogin",
	".profile", ".kshrc", ".cshrc", ".tcshrc", "fish/config.fish", "fish/conf.d/",
	"/etc/bash.bashrc", "/etc/profile", "/etc/profile.d/", "powershell_profile.ps1", "$profile",
}

// setupLineWords mark a start-up line that sets PATH or starts a known
// developer tool: the honest reason a setup skill edits ~/.bashrc.
var setupLineWords = []string{
	"path=", "path:", "fish_add_path", "set -gx path", "set -x path", "$env:path",
	"direnv hook", "nvm.sh", "nvm_dir", "pyenv init", "rbenv init", "nodenv init", "conda init", "conda.sh",
	"mise activate", "rtx activate", "asdf.sh", "zoxide init", "starship init", "/.cargo/env", "brew shellenv",
	"completion", "source <(", "fnm env", "goenv init", "sdkman-init",
}

// persistenceIn says what a logical shell line installs to run later, or
// "", and whether it is a setup line (PATH, a tool's init).
func persistenceIn(line string) (what string, setup bool) {
	lower := strings.ToLower(line)
	if !containsAny(lower, persistWords) {
		return "", false
	}
	lower = joinPathPieces(strings.ReplaceAll(lower, "\\", "/"))
	if len(lower) != len(line) {
		line = lower // ToLower or the joining changed a byte length: quote the lower-case text
	}
	// macOS's "Application Support" is one path segment with a space in
	// it; joined (same length) it stays inside the path token.
	lower = strings.ReplaceAll(lower, "application support/", "application_support/")
	if i := indexWrite(lower, ".git/hooks/"); i >= 0 {
		return "writes a Git hook (" + clip(pathToken(line, i), 60) + "), which runs on every matching git command in the repository", false
	}
	if setsHooksPath(lower) {
		return "points Git's hooks folder (core.hooksPath) elsewhere, so its scripts run on every matching git command", false
	}
	for _, name := range startupFiles {
		if i := indexWrite(lower, name); i >= 0 {
			what := "writes to a shell start-up file (" + clip(pathToken(line, i), 60) + "), which runs in every new shell"
			return what, containsAny(lower, setupLineWords)
		}
	}
	// Claude Code's own settings: hooks and a status line written there
	// run in every session, outside any plugin, so removing the plugin
	// does not remove them.
	for _, name := range []string{".claude/settings.json", ".claude/settings.local.json"} {
		if i := indexWrite(lower, name); i >= 0 && !containsAny(lower, emptyObjectWrites) {
			return "writes Claude Code's settings (" + clip(pathToken(line, i), 60) + "), whose hooks and status line run in every session, even once the plugin or skill is removed", false
		}
	}
	for _, name := range mcpClientConfigs {
		if i := indexWrite(lower, name); i >= 0 && !containsAny(lower, emptyObjectWrites) {
			return "writes an MCP client's configuration (" + clip(pathToken(line, i), 60) + "), whose servers the agent or editor starts in every session", false
		}
	}
	for _, name := range userInstructionFiles {
		if i := indexWrite(lower, name); i >= 0 {
			return "writes the agent's user-level instructions (" + clip(pathToken(line, i), 60) + "), read at the start of every session in every project", false
		}
	}
	// Python runs the "import" lines of every .pth file in site-packages,
	// and sitecustomize/usercustomize, at every interpreter start.
	if i := indexWrite(lower, ".pth"); i >= 0 && containsAny(lower, sitePackagesWords) {
		return "writes a .pth file into Python's site-packages (" + clip(pathToken(line, i), 60) + "), whose import lines run at every Python start", false
	}
	for _, name := range []string{"sitecustomize.py", "usercustomize.py"} {
		if i := indexWrite(lower, name); i >= 0 {
			return "writes Python's " + name + ", which runs at every Python start", false
		}
	}
	// Claude Code sources the file a SessionStart hook writes to
	// $CLAUDE_ENV_FILE before every Bash command of the session: a
	// variable there that runs code (BASH_ENV, PROMPT_COMMAND, …) runs it
	// before each command the agent runs.
	for _, name := range []string{"$claude_env_file", "${claude_env_file}"} {
		if i := indexWrite(lower, name); i >= 0 && containsAny(lower, codeRunningEnv) {
			return "sets a variable that runs code (BASH_ENV, PROMPT_COMMAND, LD_PRELOAD, NODE_OPTIONS, …) in Claude Code's session environment file ($CLAUDE_ENV_FILE), so it runs before every Bash command of the session", false
		}
	}
	if i := indexWrite(lower, "/.config/autostart"); i >= 0 {
		return "writes an XDG autostart entry (" + clip(pathToken(line, i), 60) + "), which runs at every desktop login", false
	}
	if i := indexWrite(lower, "/.ssh/authorized_keys"); i >= 0 {
		return "adds to ~/.ssh/authorized_keys, letting the key's holder log in to this machine", false
	}
	if crontabInstall(lower) {
		return "installs a crontab, which runs on a schedule", false
	}
	for _, p := range []string{"/etc/cron.d/", "/etc/cron.daily/", "/etc/cron.hourly/", "/etc/cron.weekly/", "/etc/cron.monthly/", "/etc/crontab", "/var/spool/cron/"} {
		if indexWrite(lower, p) >= 0 {
			return "writes a cron job, which runs on a schedule", false
		}
	}
	for _, p := range []string{"/systemd/user/", "/etc/systemd/system/"} {
		if indexWrite(lower, p) >= 0 {
			return "writes a systemd unit, which the system runs on its own", false
		}
	}
	if strings.Contains(lower, "systemctl --user enable") {
		return "enables a systemd user unit, which runs at every login", false
	}
	for _, p := range []string{"library/launchagents/", "library/launchdaemons/"} {
		if indexWrite(lower, p) >= 0 {
			return "writes a launchd job, which macOS runs on its own", false
		}
	}
	if containsAny(lower, []string{"launchctl load", "launchctl bootstrap", "launchctl submit"}) {
		return "loads a launchd job, which macOS runs on its own", false
	}
	if strings.Contains(lower, "schtasks") && strings.Contains(lower, "/create") || strings.Contains(lower, "register-scheduledtask") {
		return "creates a Windows scheduled task", false
	}
	if strings.Contains(lower, "currentversion/run") && containsAny(lower, []string{"reg add", "reg.exe add", "new-itemproperty", "set-itemproperty", "setvalue"}) {
		return "adds a Windows Run key, which runs at every login", false
	}
	if indexWrite(lower, "programs/startup/") >= 0 {
		return "writes to the Windows Startup folder, which runs at every login", false
	}
	return "", false
}

// emptyObjectWrites create a settings file with nothing in it ([ -f s ]
// || echo '{}' > s), which runs nothing.
var emptyObjectWrites = []string{"echo '{}'", `echo "{}"`, "echo {}", "printf '{}'", `printf "{}"`}

// joinPathPieces writes a path assembled from pieces as one (lower case,
// forward slashes): pathlib's Path.home() / ".ssh" / "authorized_keys",
// os.path.join(home, ".config", "autostart"), path.join(…), a quoted
// variable before the rest ("$HOME"/.zshrc, "$D/"x). Without a piece
// operator the line is returned as is.
func joinPathPieces(lower string) string {
	if !strings.Contains(lower, "/") && !strings.Contains(lower, "join(") {
		return lower
	}
	// join(a, "b", "c") → join(a/b/c), within the call's parentheses;
	// one pass, the first maxWriteLooks calls.
	if strings.Contains(lower, "join(") {
		var jb strings.Builder
		jb.Grow(len(lower))
		rest := lower
		for looks := 0; looks < maxWriteLooks; looks++ {
			i := strings.Index(rest, "join(")
			if i < 0 {
				break
			}
			i += len("join(")
			end := closingParen(rest, i)
			if end < 0 {
				break
			}
			jb.WriteString(rest[:i])
			for k, a := range strings.Split(rest[i:end], ",") {
				if k > 0 {
					jb.WriteByte('/')
				}
				jb.WriteString(strings.Trim(strings.TrimSpace(a), `"'`))
			}
			rest = rest[end:]
		}
		jb.WriteString(rest)
		lower = jb.String()
	}
	if !strings.Contains(lower, "/") {
		return lower
	}
	// The pieces of a / operator, and quotes against a slash, go.
	out := make([]byte, 0, len(lower))
	for i := 0; i < len(lower); i++ {
		c := lower[i]
		if c != '/' {
			out = append(out, c)
			continue
		}
		t := bytes.TrimRight(out, " \t")
		// An operator has space on both sides or on neither ("$h"/x);
		// `cp "$f" /tmp/x` is two words.
		spaced := len(t) < len(out)
		if spaced != (i+1 < len(lower) && (lower[i+1] == ' ' || lower[i+1] == '\t')) {
			out = append(out, '/')
			continue
		}
		closed := false // the piece before ends with a quote or a call
		switch {
		case bytes.HasSuffix(t, []byte(`"`)) || bytes.HasSuffix(t, []byte("'")):
			out, closed = bytes.TrimRight(t, `"'`), true
		case bytes.HasSuffix(t, []byte(")")) && spaced:
			out, closed = t, true
		}
		out = append(out, '/')
		j := i + 1
		if closed {
			for j < len(lower) && (lower[j] == ' ' || lower[j] == '\t') {
				j++
			}
		}
		for j < len(lower) && (lower[j] == '"' || lower[j] == '\'') && (closed || j == i+1) {
			j++ // the next piece's opening quote, or "$d/": the string's end
		}
		i = j - 1
	}
	return string(out)
}

// closingParen is the index of the ')' closing the call whose arguments
// start at i, or -1 (within 4 KB).
func closingParen(s string, i int) int {
	depth := 0
	for j := i; j < len(s) && j-i < writeWindow; j++ {
		switch s[j] {
		case '(':
			depth++
		case ')':
			if depth == 0 {
				return j
			}
			depth--
		}
	}
	return -1
}

// setsHooksPath: git config core.hooksPath VALUE; without a value (or
// with --get, --unset) it only reads or removes the setting.
func setsHooksPath(lower string) bool {
	i := strings.Index(lower, "core.hookspath")
	if i < 0 || !strings.Contains(lower[:i], "git") || !strings.Contains(lower[:i], "config") || containsAny(lower[:i], []string{"--get", "--unset", "--list", " -l "}) {
		return false
	}
	v := strings.Fields(lower[i+len("core.hookspath"):])
	return len(v) > 0 && !strings.ContainsAny(v[0][:1], ";|&)`#")
}

// hasLiteralKey: the line writes a public key the skill ships.
func hasLiteralKey(lower string) bool {
	return containsAny(lower, []string{"ssh-rsa aaaa", "ssh-ed25519 aaaa", "ecdsa-sha2-nistp256 aaaa", "ssh-dss aaaa"})
}

// indexWrite finds name in line (lower case, slashes forward) where the
// line writes to it: the target of > or >>, an argument of tee, sed -i or
// PowerShell's Add-Content/Set-Content/Out-File, the last argument of cp,
// mv, ln, install or rsync, or a file opened for writing in Python, Node
// or Ruby. A read (cat, grep, source, [ -f … ]) is not a write. -1 if none.
//
// Each mention is judged within writeWindow bytes either side, and at most
// maxWriteLooks mentions of name per line: one 250 KB line repeating
// "cp a ~/.bashrc " (never the last argument, so every mention was judged
// over the whole line) took 25 s to review, 1 MB ten minutes.
func indexWrite(line, name string) int {
	for from, looks := 0, 0; looks < maxWriteLooks; looks++ {
		i := strings.Index(line[from:], name)
		if i < 0 {
			return -1
		}
		i += from
		from = i + len(name)
		if !strings.HasSuffix(name, "/") && i+len(name) < len(line) && isNameByte(line[i+len(name)]) {
			continue // ~/.bashrc.bak, .profile_helper: another file
		}
		lo, hi := max(0, i-writeWindow), min(len(line), i+writeWindow)
		if writesAt(line[lo:hi], i-lo) {
			return i
		}
	}
	return -1
}

const (
	maxWriteLooks = 64
	writeWindow   = 4096
)

func isNameByte(c byte) bool {
	return c == '_' || c == '.' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9'
}

// placeholderStart returns where a placeholder such as <name> ending s
// starts, or -1: its '>' closes a word, not a redirect.
func placeholderStart(s string) int {
	if !strings.HasSuffix(s, ">") {
		return -1
	}
	j := strings.LastIndexByte(s, '<')
	if j < 0 || j == len(s)-2 {
		return -1
	}
	for _, c := range s[j+1 : len(s)-1] {
		if !(c == '_' || c == '-' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return -1
		}
	}
	return j
}

// writesAt: the path holding line[i] is written to by its command.
func writesAt(line string, i int) bool {
	// The path token: back to white space, a redirect or an opening quote.
	start := i
	for start > 0 {
		if j := placeholderStart(line[:start]); j >= 0 {
			start = j // ~/.profiles/<name>/.claude.json: a placeholder, not a redirect
			continue
		}
		if strings.ContainsRune(" \t>'\"(=,", rune(line[start-1])) {
			break
		}
		start--
	}
	before := strings.TrimRight(line[:start], " \t'\"")
	if strings.HasSuffix(before, ">") && !strings.HasSuffix(before, "->") && !strings.HasSuffix(before, "=>") {
		return true
	}
	// The simple command holding the token.
	seg := line[:start]
	if k := strings.LastIndexAny(seg, ";|&`"); k >= 0 {
		seg = seg[k+1:]
	}
	if k := strings.LastIndex(seg, "$("); k >= 0 {
		seg = seg[k+2:]
	}
	fields := strings.Fields(seg)
	for len(fields) > 0 && (fields[0] == "sudo" || fields[0] == "(" || fields[0] == "{" || fields[0] == "then" || fields[0] == "do") {
		fields = fields[1:]
	}
	end := len(line)
	if k := strings.IndexAny(line[i:], ";|&`)"); k >= 0 {
		end = i + k
	}
	last := strings.Trim(strings.TrimSpace(line[i:end]), "'\"")
	isLast := !strings.ContainsAny(last, " \t")
	if len(fields) > 0 {
		switch fields[0] {
		case "tee", "add-content", "ac", "set-content", "out-file":
			return true
		case "sed", "perl":
			return strings.Contains(seg, " -i")
		case "cp", "mv", "ln", "install", "rsync", "copy-item", "move-item", "copy":
			return isLast
		}
	}
	// A file opened for writing, in code (the whole line: the mode comes
	// after the path).
	if containsAny(line, []string{"appendfile", "writefile", "write_text", "write_bytes", "shutil.copy", "copyfile", "file.write(", "file.open(", "file.write"}) {
		return true
	}
	rest := line[i:]
	if strings.Contains(line[:i], "open(") && containsAny(rest, []string{`"a"`, `'a'`, `"w"`, `'w'`, `"a+"`, `'a+'`, `"w+"`, `'w+'`, `"ab"`, `'ab'`, `"wb"`, `'wb'`, "mode="}) {
		return true
	}
	// pathlib: (Path.home() / ".bashrc").open("a")
	return containsAny(rest, []string{`open("a`, `open('a`, `open("w`, `open('w`})
}

// crontabInstall: a crontab command that installs a table (from a file
// or standard input), not one that lists (-l), removes (-r) or opens the
// user's editor (-e).
func crontabInstall(lower string) bool {
	for from := 0; ; {
		i := strings.Index(lower[from:], "crontab")
		if i < 0 {
			return false
		}
		i += from
		from = i + 7
		if i > 0 && !strings.ContainsRune(" \t;|&(`", rune(lower[i-1])) {
			continue
		}
		rest := lower[i+7:]
		if rest != "" && !strings.ContainsRune(" \t", rune(rest[0])) {
			continue
		}
		// Only the first fields decide; splitting the whole rest of the
		// line at every mention was quadratic in a long line.
		f := strings.Fields(rest[:min(len(rest), 256)])
		if len(f) > 1 && f[0] == "-u" {
			f = f[2:]
		}
		if len(f) == 0 {
			continue // bare "crontab" in a sentence or a listing
		}
		switch f[0] {
		case "-l", "-r", "-e", "-i", "-v", "--help", "-h":
			continue
		}
		if strings.ContainsAny(f[0][:1], ";|&)") {
			continue
		}
		return true
	}
}

// pathToken returns the path-like token of line at i, as written.
func pathToken(line string, i int) string {
	start, end := i, i
	for start > 0 && (!strings.ContainsRune(" \t>'\"(=,", rune(line[start-1])) || strings.HasPrefix(line[start-1:], "()")) {
		start-- // past a call's () (Path.home()/.zshrc)
	}
	for end < len(line) && !strings.ContainsRune(" \t'\";|&)`,", rune(line[end])) {
		end++
	}
	return line[start:end]
}

const persistHint = "Check what it leaves behind and that the skill tells the user: it runs later, outside the skill, where no review of the skill sees it."

// scanPersistence reports commands that leave something to run later:
// scripts and hooks run them (review/persistence); in Markdown only
// code counts and a documented step is evidence (review/persistence-setup).
func (r *reviewer) scanPersistence(f *source, kind fileKind) {
	text := f.text
	if kind == kindMarkdown || kind == kindText {
		text = codeOnly(text)
	}
	if !containsAny(strings.ToLower(text), persistWords) {
		return
	}
	var held, setupVals []heldPath
	n := 0
	forLines(text, func(pos int, logical, joined string) {
		n++
		what, setup := persistenceIn(joined)
		if what == "" && len(held) > 0 {
			what, setup = persistenceThrough(joined, held, n, f)
		}
		setupVals = holdSetupLine(setupVals, joined, n)
		if what != "" && !setup && strings.Contains(what, "start-up file") {
			setup = writesSetupLines(joined, text[min(len(text), pos+len(logical)):], setupVals, n)
		}
		if what == "" {
			k := len(held)
			held = holdPath(held, joined, n, pos)
			if len(held) <= k || !strings.ContainsAny(joined, ";&") {
				return
			}
			// dir=~/.config/systemd/user; cp x "$dir/": held and used on
			// one line (the assignment itself is no write).
			if what, setup = persistenceThrough(joined, held[k:], n, f); what == "" {
				return
			}
		}
		off := pos + len(logical) - len(strings.TrimLeft(logical, " \t"))
		rule := "review/persistence"
		switch {
		case strings.Contains(what, "authorized_keys") && hasLiteralKey(strings.ToLower(joined)):
			what += ", for a key written into the skill"
		case setup:
			rule = "review/persistence-setup"
			what += "; the line sets PATH or starts a known tool"
		case kind == kindOther:
			// A template, a config file, a comment in either: nothing
			// there runs by being read.
			rule = "review/persistence-setup"
		case inProse(f, off) && !runsOnLoad(f, off, installsPersistence):
			rule = "review/persistence-setup"
		}
		if at := loadCommandOn(f, off, installsPersistence); at >= 0 {
			off = at
		}
		r.report(f, off, rule, fmt.Sprintf("%s: %s", what, clip(Visible(strings.TrimSpace(joined)), 200)), persistHint)
	})
}

// A start-up file is often written through a handle or a variable
// holding the line (line = 'eval "$(tool completion zsh)"'; with
// rc.open("a") as f: f.write(line)), so the PATH or tool line the literal
// form shows on the write's line sits on the lines around it. holdSetupLine
// keeps the variables assigned such a line (persistVarWindow lines, at
// most maxHeldPaths).
func holdSetupLine(vals []heldPath, line string, n int) []heldPath {
	name, value := assignment(line)
	if name == "" {
		return vals
	}
	vals = slices.DeleteFunc(vals, func(h heldPath) bool { return h.name == name || n-h.line > persistVarWindow })
	if len(vals) < maxHeldPaths && containsAny(strings.ToLower(value), setupLineWords) {
		vals = append(vals, heldPath{name: name, line: n})
	}
	return vals
}

// writesSetupLines: what a start-up file write puts there is a setup line
// — the write's own line uses a variable holding one, or the write opens a
// handle and each of the next writes (the first setupWriteLines lines after
// it that write) is a setup line or such a variable. A block that also
// writes anything else is no setup.
func writesSetupLines(line, after string, vals []heldPath, n int) bool {
	usesSetup := func(l string) bool {
		if containsAny(strings.ToLower(l), setupLineWords) {
			return true
		}
		for _, v := range vals {
			if n-v.line <= persistVarWindow && replaceVar(l, v.name, "") != l {
				return true
			}
		}
		return false
	}
	if !strings.Contains(line, "open(") {
		return usesSetup(line)
	}
	writes := 0
	for i := 0; i < setupWriteLines && after != ""; i++ {
		l, rest, _ := strings.Cut(after, "\n")
		after = rest
		if !strings.Contains(l, ".write(") && !strings.Contains(l, "print(") {
			continue
		}
		if !usesSetup(l) {
			return false
		}
		writes++
	}
	return writes > 0
}

const setupWriteLines = 4

func installsPersistence(cmd string) bool {
	w, _ := persistenceIn(cmd)
	return w != ""
}

// A start-up file's path is often put in a variable first and written
// through it a few lines on (RC="$HOME/.bashrc"; echo … >> "$RC";
// profile = Path.home() / ".zshrc"; profile.write_text(…)). heldPath is
// such a variable, followed for persistVarWindow lines, the way a
// shell, Python or JS script reads top to bottom.
type heldPath struct {
	name, path string
	line, pos  int
}

const (
	persistVarWindow = 40
	maxHeldPaths     = 16
)

// holdPath records (or forgets) the variable line assigns, if any.
func holdPath(held []heldPath, line string, n, pos int) []heldPath {
	name, value := assignment(line)
	if name == "" {
		return held
	}
	held = slices.DeleteFunc(held, func(h heldPath) bool { return h.name == name || n-h.line > persistVarWindow })
	lower := strings.ToLower(value)
	if !containsAny(lower, persistWords) || len(held) >= maxHeldPaths {
		return held
	}
	lower = joinPathPieces(strings.ReplaceAll(lower, "\\", "/"))
	value = lower
	i := -1
	for _, w := range persistWords {
		if k := strings.Index(lower, w); k >= 0 && (i < 0 || k < i) {
			i = k
		}
	}
	return append(held, heldPath{name: name, path: pathToken(value, i), line: n, pos: pos})
}

// persistenceThrough reads line with each held variable it uses replaced
// by the path it holds.
func persistenceThrough(line string, held []heldPath, n int, f *source) (string, bool) {
	for _, h := range held {
		if n-h.line > persistVarWindow || !strings.Contains(line, h.name) {
			continue
		}
		sub := replaceVar(line, h.name, `"`+h.path+`"`)
		if sub == line {
			continue
		}
		if what, setup := persistenceIn(sub); what != "" {
			at, _ := f.pos(h.pos)
			return fmt.Sprintf("%s (the path held in %s, line %d)", what, h.name, at), setup
		}
	}
	return "", false
}

// assignment returns the variable a line assigns and the value's text:
// shell NAME=…, export/local/readonly NAME=…, Python name = …, JS
// const/let/var name = …; "" when the line assigns nothing.
func assignment(line string) (name, value string) {
	s := strings.TrimLeft(line, " \t")
	for _, kw := range []string{"export ", "local ", "readonly ", "declare ", "const ", "let ", "var "} {
		s = strings.TrimPrefix(s, kw)
	}
	i := 0
	for i < len(s) && (s[i] == '_' || s[i] >= 'a' && s[i] <= 'z' || s[i] >= 'A' && s[i] <= 'Z' || i > 0 && s[i] >= '0' && s[i] <= '9') {
		i++
	}
	if i == 0 {
		return "", ""
	}
	name, rest := s[:i], strings.TrimLeft(s[i:], " \t")
	if strings.HasPrefix(rest, ":") { // a Python type: name: Path = …
		if k := strings.IndexByte(rest, '='); k > 0 {
			rest = rest[k:]
		}
	}
	if !strings.HasPrefix(rest, "=") || strings.HasPrefix(rest, "==") || strings.HasPrefix(rest, "=>") {
		return "", ""
	}
	return name, strings.TrimSpace(rest[1:])
}

// replaceVar replaces each use of the variable name in line — $NAME,
// ${NAME}, or the bare name in code — by with.
func replaceVar(line, name, with string) string {
	var b strings.Builder
	last := 0
	for from := 0; ; {
		i := strings.Index(line[from:], name)
		if i < 0 {
			break
		}
		i += from
		end := i + len(name)
		from = end
		if i > 0 && isIdentByte(line[i-1]) || end < len(line) && isIdentByte(line[end]) {
			continue
		}
		start := i
		switch {
		case strings.HasSuffix(line[:i], "${") && strings.HasPrefix(line[end:], "}"):
			start, end = i-2, end+1
		case strings.HasSuffix(line[:i], "$"):
			start = i - 1
		}
		if start > 0 && line[start-1] == '"' && end < len(line) && line[end] == '"' {
			start, end = start-1, end+1 // "$RC": the quotes go with it
		}
		b.WriteString(line[last:start])
		b.WriteString(with)
		last, from = end, end
	}
	if last == 0 {
		return line
	}
	b.WriteString(line[last:])
	return b.String()
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// scanShippedPth reports a .pth file of the skill with an "import" line:
// copied into site-packages, Python runs that line at every start (the
// only thing such a line is for; a plain .pth lists folders).
func (r *reviewer) scanShippedPth(f *source) {
	if !strings.EqualFold(path.Ext(f.rel), ".pth") {
		return
	}
	forLines(f.text, func(pos int, logical, _ string) {
		if t := strings.TrimLeft(logical, " \t"); strings.HasPrefix(t, "import ") || strings.HasPrefix(t, "import\t") {
			r.report(f, pos+len(logical)-len(t), "review/persistence", "ships a .pth file with an import line, which Python runs at every start once the file is in site-packages: "+clip(Visible(strings.TrimSpace(t)), 160), persistHint)
		}
	})
}
