package skillmd

import (
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"

	"github.com/skillstudio/skillstudio/internal/suggest"
	"github.com/skillstudio/skillstudio/model"
)

// skillFolders (each ends in "s/", which scanNamedFiles searches for) are the folders the Agent Skills spec (and Claude Code's
// templates/) give a skill for its own files: a path that starts with one
// of them, in a command, names a file of the skill.
var skillFolders = []string{"scripts/", "references/", "assets/", "templates/"}

// namedFile is a path under one of skillFolders that a code span or a
// fenced shell block of the body names.
type namedFile struct {
	rel     string // the path, without a leading ./
	at, end int    // where the path (with its ./) is in the body
	runs    bool   // a command reads or runs it, so the command fails without it
	creates bool   // the command or the sentence makes the file
	example bool   // the sentence says it is an example, or that the path is the project's
	inSpan  bool
	nested  bool // the folder is inside a longer path (${CLAUDE_PLUGIN_ROOT}/scripts/x.sh)
}

// checkNamedFiles reports the files of the skill that a command in the
// body names (`python scripts/build.py`, a ```bash block running
// ./scripts/collect.sh) when they are not in the skill folder. Only the
// folders the skill has count: a skill without a scripts/ folder that
// says "run scripts/test.sh" may mean the user's project, which no lint
// can see. Paths the body creates anywhere (> out, -o, mkdir, "create"),
// globs and placeholders, and examples are left alone.
func (c *checker) checkNamedFiles(body string, links []Link) {
	names := scanNamedFiles(body, func(rel string) bool { return !c.exists(rel) })
	c.checkHookPaths()
	if len(names) == 0 {
		return
	}
	// A path the body creates anywhere, or names under another root
	// (${CLAUDE_PLUGIN_ROOT}/templates/loop.md), is not the skill's file
	// where the body names it bare either.
	created := map[string]bool{}
	for _, n := range names {
		if n.creates || n.nested {
			created[n.rel] = true
		}
	}
	inLink := map[int]bool{}
	for _, l := range links {
		inLink[l.Offset] = true
	}
	reported := map[string]bool{}
	for _, n := range names {
		if n.nested || n.creates || n.example || created[n.rel] || reported[n.rel] || inLink[n.at] || c.exists(n.rel) {
			continue
		}
		top, _, _ := strings.Cut(n.rel, "/")
		ownFolder := c.fileSet[top]
		if !ownFolder && !n.runs || c.projectHas(n.rel) {
			continue
		}
		reported[n.rel] = true
		c.reportNamedFile(n, ownFolder)
	}
}

// scanNamedFiles returns the paths under the skill folders that body
// names, in body order: those inside a longer path as nested, and those
// in code that missing says are missing, read for what the command or
// sentence does with them. Most named files exist, so the reading (and
// the fences it needs) is left until one does not.
func scanNamedFiles(body string, missing func(rel string) bool) []namedFile {
	var names []namedFile
	var fences []fence
	scanned := false
	// Every folder name ends in "s/", and prose seldom holds a slash: one
	// IndexByte pass finds them all, in the order of the body (measured:
	// cheaper than strings.Index for "s/", whose first byte is common).
	for from, hits := 0, 0; hits < maxNamedPaths; {
		k := strings.IndexByte(body[from:], '/')
		if k < 0 {
			break
		}
		slash := from + k
		from = slash + 1
		if slash == 0 || body[slash-1] != 's' {
			continue
		}
		folder := skillFolderBefore(body, slash)
		if folder == 0 {
			continue
		}
		hits++
		n, ok := pathAt(body, slash+1-folder, folder)
		if !ok || !n.nested && !missing(n.rel) {
			continue
		}
		if !n.nested {
			if !scanned {
				fences, scanned = findFences(body), true
			}
			if n, ok = namedFileAt(body, n, fences); !ok {
				continue
			}
		}
		names = append(names, n)
	}
	return names
}

// skillFolderBefore is the length of the skill folder name ("scripts/")
// that ends with the slash at body[slash], 0 when there is none.
func skillFolderBefore(body string, slash int) int {
	for _, f := range skillFolders {
		if slash+1 >= len(f) && body[slash+1-len(f):slash+1] == f {
			return len(f)
		}
	}
	return 0
}

// reportNamedFile words the finding for a missing named file, with "did
// you mean" (and a fix) when one file of the skill is a near miss.
func (c *checker) reportNamedFile(n namedFile, ownFolder bool) {
	line, col := c.bodyPos(n.at)
	what := "names"
	if n.runs {
		what = "runs or reads"
	}
	where := "a code span"
	if !n.inSpan {
		where = "a shell block"
	}
	msg := fmt.Sprintf("%s %s %s, which is not in the skill folder", where, what, n.rel)
	hint := fmt.Sprintf("Add %s to the skill folder, or fix the path.", n.rel)
	near := c.nearMiss(n.rel)
	if near != "" {
		msg += "; did you mean " + near + "?"
		hint = fmt.Sprintf("Write %s, the file the skill has.", near)
	}
	top, _, _ := strings.Cut(n.rel, "/")
	if !ownFolder {
		msg = fmt.Sprintf("%s %s %s, but the skill has no %s/ folder", where, what, n.rel, top)
		hint = fmt.Sprintf("Ship %s in the skill folder; if the command means a file of the user's project, say so, or root the path there ($CLAUDE_PROJECT_DIR/%s).", n.rel, n.rel)
	}
	d := c.report("skillmd/named-file", line, col, msg, hint)
	if !n.runs || !ownFolder {
		d.Severity = model.SeverityInfo
	}
	if near != "" {
		start := c.doc.BodyOffset + n.end - len(n.rel)
		if start >= 0 && n.end+c.doc.BodyOffset <= len(c.lines.text) && string(c.lines.text[start:c.doc.BodyOffset+n.end]) == n.rel {
			d.Hint += " (`skillstudio lint --fix` does it)."
			d.Fix = &model.Fix{
				Description: fmt.Sprintf("name %s instead of %s", near, n.rel),
				Edits:       []model.TextEdit{{File: c.skill.Location.File, Start: start, End: c.doc.BodyOffset + n.end, NewText: near}},
			}
		}
	}
}

// projectHas: a folder above the skill's, inside what is linted, holds
// rel (the repository's scripts/test.sh beside .claude/skills/): the
// command means the project's file, which agents run from the project
// root.
func (c *checker) projectHas(rel string) bool {
	for dir, depth := path.Dir(c.dir), 0; dir != "." && dir != "/" && dir != "" && depth < maxProjectDepth; dir, depth = path.Dir(dir), depth+1 {
		if _, err := fs.Stat(c.fsys, path.Join(dir, rel)); err == nil {
			return true
		}
	}
	_, err := fs.Stat(c.fsys, rel) // the lint root itself, when the skill is below it
	return err == nil && c.dir != "." && c.dir != ""
}

// maxProjectDepth bounds how many folders above the skill projectHas looks in.
const maxProjectDepth = 8

// nearMiss is the one file of the skill that rel misspells: the same path
// but for letter case, the same name with another script extension
// (collect.sh for collect.py), or one edit away in the same folder. ""
// when there is none or more than one.
func (c *checker) nearMiss(rel string) string {
	if real := c.caseVariant(rel); real != "" {
		return real
	}
	dir := path.Dir(rel) + "/"
	stem := strings.TrimSuffix(rel, path.Ext(rel))
	var sameStem, oneEdit []string
	for _, f := range c.files {
		if !strings.HasPrefix(f, dir) || strings.Contains(f[len(dir):], "/") {
			continue
		}
		if strings.TrimSuffix(f, path.Ext(f)) == stem {
			sameStem = append(sameStem, f)
		} else if suggest.Distance(rel, f, 2) < 2 {
			oneEdit = append(oneEdit, f)
		}
	}
	switch {
	case len(sameStem) == 1:
		return sameStem[0]
	case len(sameStem) == 0 && len(oneEdit) == 1:
		return oneEdit[0]
	}
	return ""
}

// namedFileAt reads what the code around nf (pathAt's, not nested) does
// with it; ok is false when nf is not in a code span or a fenced shell
// block.
func namedFileAt(body string, nf namedFile, fences []fence) (namedFile, bool) {
	start, end := nf.at, nf.end
	at := end - len(nf.rel)
	// Only this much of the line around the path is read: a command or a
	// sentence is shorter, and a hostile one-line body stays linear.
	lo := max(0, at-maxCommandLine)
	lineFrom := strings.LastIndexByte(body[lo:at], '\n') + 1 + lo
	if lineFrom == lo && lo > 0 {
		return namedFile{}, false
	}
	lineTo := min(len(body), end+maxCommandLine)
	if i := strings.IndexByte(body[end:lineTo], '\n'); i >= 0 {
		lineTo = end + i
	}
	var segment string // the command the path is in, up to the path
	if f, ok := fenceAt(fences, at); ok {
		if !f.shell {
			return namedFile{}, false
		}
		before := strings.TrimLeft(body[lineFrom:start], " \t")
		if f.console && !strings.HasPrefix(before, "$ ") && !strings.HasPrefix(before, "> ") && !strings.HasPrefix(before, "PS") {
			return namedFile{}, false // a console block's output, not a command
		}
		if !f.console && (strings.HasPrefix(before, "#") || strings.Contains(before, " #")) {
			// A shell comment names the file without running it.
			nf.creates = createsInProse(strings.ToLower(before))
			return nf, true
		}
		segment = commandBefore(body[lineFrom:start])
		nf.runs = !f.bare || runsPath(segment) && (segment != "" || start < at)
		if !nf.runs {
			// In a block with no language a bare path is as likely a
			// file tree or output as a command.
			return namedFile{}, false
		}
	} else {
		open := strings.LastIndexByte(body[lineFrom:at], '`')
		if open < 0 || strings.Count(body[lineFrom:at], "`")%2 == 0 || strings.IndexByte(body[end:lineTo], '`') < 0 {
			return namedFile{}, false // prose: references/ there is skillmd/link's
		}
		nf.inSpan = true
		if strings.HasSuffix(body[lineFrom+open+1:start], "](") {
			return namedFile{}, false // link syntax shown in a span: `[text](references/x.md)`
		}
		segment = commandBefore(body[lineFrom+open+1 : start])
		// The sentence before the span speaks for it (a paragraph is often
		// one long line), and a list item's lead-in for the item.
		sentence := body[lineFrom : lineFrom+open]
		if i := strings.LastIndex(sentence, ". "); i >= 0 {
			sentence = sentence[i+2:]
		}
		// After an earlier span of the sentence, only the words since it
		// speak for this one ("write `a`, then run `b`"), unless they
		// join the two ("create `a` and `b`").
		if i := strings.LastIndexByte(sentence, '`'); i >= 0 {
			switch strings.TrimSpace(sentence[i+1:]) {
			case "", ",", "and", "or", ", and", ", or", "/", "&":
			default:
				sentence = sentence[i+1:]
			}
		}
		prose := strings.ToLower(leadIn(body, lineFrom) + sentence)
		nf.creates = createsInProse(prose)
		// The rest of the sentence may place the path too ("… from your
		// project root").
		rest := body[end:lineTo]
		if i := strings.IndexAny(rest, ".!?"); i >= 0 && i+1 < len(rest) && rest[i+1] == ' ' {
			rest = rest[:i]
		}
		nf.example = isExampleProse(prose) || elsewhereInProse(prose) || elsewhereInProse(strings.ToLower(rest))
		// A span that is the path alone is a mention ("see `scripts/x.py`")
		// unless the sentence says to run it or ./ does.
		alone := segment == "" && strings.HasPrefix(body[end:lineTo], "`")
		nf.runs = runsPath(segment) && (!alone || start < at || runsInProse(prose))
	}
	nf.creates = nf.creates || createsInCommand(segment, body[end:lineTo])
	return nf, true
}

// pathAt reads the file path whose skill folder starts at text[at:]: with
// the ./ before it, up to where a path ends, when it ends in a file name
// with an extension. ok is false for a folder, a glob or a template (the
// path runs on into <name>, {x}, $VAR or *) and for a path with .. or //.
func pathAt(text string, at, folderLen int) (namedFile, bool) {
	start := at
	if at >= 2 && text[at-2:at] == "./" {
		start = at - 2
	}
	end := at + folderLen
	for end < len(text) && isPathByte(text[end]) {
		end++
	}
	if end < len(text) && !endsPath(text[end]) {
		return namedFile{}, false
	}
	n := fileNameEnd(text[at+folderLen : end])
	if n == 0 {
		return namedFile{}, false
	}
	end = at + folderLen + n
	rel := text[at:end]
	if strings.Contains(rel, "..") || strings.Contains(rel, "//") {
		return namedFile{}, false
	}
	// Inside a longer path: ${CLAUDE_PLUGIN_ROOT}/scripts/…, src/assets/….
	nested := start > 0 && !startsPath(text[start-1])
	return namedFile{rel: rel, at: start, end: end, nested: nested}, true
}

// hookPaths are the files of the skill's own folders that a hook's
// command runs (command: ./scripts/validate.sh), less those it writes.
func hookPaths(command string) []string {
	var out []string
	for _, folder := range skillFolders {
		for from := 0; ; {
			k := strings.Index(command[from:], folder)
			if k < 0 {
				break
			}
			at := from + k
			from = at + len(folder)
			if n, ok := pathAt(command, at, len(folder)); ok && !n.nested && !createsInCommand(commandBefore(command[:n.at]), command[n.end:]) {
				out = append(out, n.rel)
			}
		}
	}
	return out
}

// checkHookPaths reports a command hook of the frontmatter that runs a
// file of one of the skill's folders that is not there: Claude Code runs
// it on every matching tool call and it fails each time.
func (c *checker) checkHookPaths() {
	for _, h := range c.hookCommands {
		for _, rel := range hookPaths(h.Value) {
			top, _, _ := strings.Cut(rel, "/")
			if !c.fileSet[top] || c.exists(rel) {
				continue
			}
			msg := fmt.Sprintf("the hook command runs %s, which is not in the skill folder", rel)
			hint := fmt.Sprintf("Add %s to the skill folder, or fix the path in the command.", rel)
			if near := c.nearMiss(rel); near != "" {
				msg += "; did you mean " + near + "?"
				hint = fmt.Sprintf("Write %s, the file the skill has.", near)
			}
			c.at(h, "skillmd/named-file", msg, hint)
		}
	}
}

// startsPath: b may come right before a path in a command or a sentence.
func startsPath(b byte) bool {
	return strings.IndexByte(" \t\n`'\"(=[:,;|&", b) >= 0
}

// commandBefore is the part of a command line before a path: from the
// last ; && || | or $( (a new command), less a shell prompt.
func commandBefore(s string) string {
	for _, sep := range []string{";", "&&", "||", "|", "$(", "`"} {
		if i := strings.LastIndex(s, sep); i >= 0 {
			s = s[i+len(sep):]
		}
	}
	s = strings.TrimSpace(s)
	for _, prompt := range []string{"$ ", "> ", "PS> ", "# "} {
		s = strings.TrimPrefix(s, prompt)
	}
	return s
}

// interpreters run the script that follows them (and their flags).
var interpreters = map[string]bool{
	"bash": true, "sh": true, "zsh": true, "python": true, "python3": true, "py": true, "node": true,
	"deno": true, "bun": true, "ruby": true, "perl": true, "php": true, "pwsh": true, "powershell": true,
	"rscript": true, "source": true, ".": true, "uv": true, "uvx": true, "run": true, "npx": true,
	"tsx": true, "ts-node": true, "sudo": true, "exec": true, "-file": true, "env": true, "poetry": true,
	"pipenv": true, "osascript": true, "lua": true, "cscript": true, "cmd": true, "/c": true, "call": true,
}

// runsPath: the command before a path runs it: nothing (the path is the
// command) or interpreters and their flags (python3 -u, uv run, bash -x).
func runsPath(segment string) bool {
	for _, w := range strings.Fields(segment) {
		lw := strings.ToLower(w)
		if !interpreters[lw] && !strings.HasPrefix(lw, "-") && !strings.Contains(lw, "=") {
			return false
		}
	}
	return true
}

// createsInCommand: the command writes the path rather than reading it:
// a redirection or an output flag right before it, or mkdir, touch, or
// the last argument of cp, mv, ln or install.
func createsInCommand(segment, after string) bool {
	words := strings.Fields(segment)
	if len(words) > 0 {
		last := words[len(words)-1]
		switch last {
		case ">", ">>", "-o", "-O", "--out", "--output", "--outdir", "--output-file", "--out-file", "--dest", "tee", "-d", "--target":
			return true
		}
		if strings.HasSuffix(last, ">") || strings.HasPrefix(last, ">") {
			return true
		}
		switch strings.ToLower(words[0]) {
		case "mkdir", "touch", "tee":
			return true
		case "cp", "mv", "ln", "install", "rsync", "curl", "wget":
			rest := strings.TrimSpace(after)
			return rest == "" || strings.HasPrefix(rest, "`") || strings.HasPrefix(rest, "#") || strings.HasPrefix(rest, "&&") || strings.HasPrefix(rest, ";")
		}
	}
	if strings.HasSuffix(segment, "=") {
		// --out=scripts/x.py, -o=…
		i := strings.LastIndexAny(segment, " \t")
		flag := strings.ToLower(segment[i+1:])
		return strings.Contains(flag, "out") || strings.Contains(flag, "dest") || strings.Contains(flag, "save") || strings.Contains(flag, "write")
	}
	return false
}

// createVerbs in the sentence before a code span say the span names a
// file the agent is to make, not one the skill ships.
var createVerbs = []string{"create", "save", "write", "wrote", "generat", "output", "produc", "move", "export", "emit", "scaffold", "becom", "new"}

// createsInProse: a word of the sentence starts with one of createVerbs
// (create, writes, generated), or it says "will be" or "add a". Copy and
// rename are left out: their first path is the file the skill ships.
func createsInProse(lower string) bool {
	for _, w := range strings.Fields(lower) {
		w = strings.TrimLeft(w, "(*_\"'")
		for _, v := range createVerbs {
			if strings.HasPrefix(w, v) {
				return true
			}
		}
	}
	return strings.Contains(lower, "will be") || strings.Contains(lower, "add a")
}

// leadIn is the sentence that introduces a list or a table when the line
// at lineFrom is one of its items or rows ("Create a references/ folder
// and move material there:"), else "".
func leadIn(body string, lineFrom int) string {
	if !isItemLine(body[lineFrom:min(len(body), lineFrom+8)]) {
		return ""
	}
	// A list whose lead-in is further back than this is too long for the
	// lead-in to speak for this item.
	lo := max(0, lineFrom-maxCommandLine)
	for end := lineFrom - 1; end > lo; {
		from := strings.LastIndexByte(body[lo:end], '\n') + 1 + lo
		line := body[from:end]
		if strings.TrimSpace(line) != "" && !isItemLine(line) {
			return line + " "
		}
		end = from - 1
	}
	return ""
}

// isItemLine: the line is a list item or a table row.
func isItemLine(line string) bool {
	t := strings.TrimLeft(line, " \t")
	if t == "" {
		return false
	}
	switch t[0] {
	case '|':
		return true
	case '-', '*', '+': // a marker, then a space: **bold** starts no item
		return len(t) > 1 && (t[1] == ' ' || t[1] == '\t')
	}
	i := 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	return i > 0 && i < len(t) && (t[i] == '.' || t[i] == ')')
}

// elsewhereInProse: the sentence places the path under another root
// (the plugin's, the user's project, the repository).
func elsewhereInProse(lower string) bool {
	for _, v := range []string{"plugin-root", "plugin root", "project root", "repo root", "repository root", "your project", "your repo", "in the project", "project's", "repo's", "in the repository", "of the repository", "workspace"} {
		if strings.Contains(lower, v) {
			return true
		}
	}
	return false
}

// runsInProse: the sentence before a code span tells the agent to run
// or read what it names (a word such as run, use or read, not a word that
// merely holds one: "because", "rerun").
func runsInProse(lower string) bool {
	for _, w := range strings.Fields(lower) {
		switch strings.Trim(w, ",:;()*_") {
		case "run", "runs", "execute", "invoke", "call", "launch", "use", "using", "via", "with", "read", "reads", "open", "opens", "load", "loads":
			return true
		}
	}
	return false
}

func isExampleProse(lower string) bool {
	for _, v := range []string{"e.g", "example", "for instance", "such as", "like ", "i.e"} {
		if strings.Contains(lower, v) {
			return true
		}
	}
	return false
}

// fence is a fenced code block of the body: its lines from start to end,
// and whether its info string makes it shell (or is empty: bare).
type fence struct {
	start, end  int
	shell, bare bool
	console     bool // a terminal transcript: commands follow a $ or > prompt
}

// shellLanguages name fenced blocks whose lines are commands.
var shellLanguages = map[string]bool{
	"bash": true, "sh": true, "shell": true, "zsh": true, "console": true, "shell-session": true,
	"terminal": true, "powershell": true, "pwsh": true, "ps1": true, "ps": true, "cmd": true, "bat": true, "batch": true, "fish": true,
}

// consoleLanguages name blocks that show a terminal: prompts and output.
var consoleLanguages = map[string]bool{"console": true, "shell-session": true, "terminal": true}

// findFences returns the body's fenced code blocks (``` or ~~~, indented
// under three columns past any list or quote markers), in order. An
// unclosed fence runs to the end, as CommonMark reads it.
func findFences(body string) []fence {
	var out []fence
	open := false
	var cur fence
	var mark byte
	var markLen int
	// Only lines holding ``` or ~~~ can open or close a fence: they are
	// found with strings.Index, each kind's next one kept until passed.
	ticks, tildes := -1, -1
	for from := 0; from < len(body); {
		if ticks < from && ticks != len(body) {
			ticks = nextIndex(body, from, "```")
		}
		if tildes < from && tildes != len(body) {
			tildes = nextIndex(body, from, "~~~")
		}
		p := min(ticks, tildes)
		if p == len(body) {
			break
		}
		lineFrom := strings.LastIndexByte(body[:p], '\n') + 1
		lineEnd := len(body)
		if i := strings.IndexByte(body[p:], '\n'); i >= 0 {
			lineEnd = p + i
		}
		from = lineEnd + 1
		if strings.Trim(body[lineFrom:p], " \t>-*+0123456789.") != "" {
			continue // ``` inside a line of text, not a fence
		}
		line := body[p:lineEnd]
		if open {
			if n := runOf(line, mark); n >= markLen && strings.TrimSpace(line[n:]) == "" {
				cur.end = lineFrom
				out = append(out, cur)
				open = false
			}
		} else if n := runOf(line, line[0]); n >= 3 {
			mark, markLen, open = line[0], n, true
			info := strings.ToLower(strings.TrimSpace(line[n:]))
			if i := strings.IndexAny(info, " \t{,"); i >= 0 {
				info = info[:i]
			}
			cur = fence{start: lineEnd, shell: info == "" || shellLanguages[info], bare: info == "", console: consoleLanguages[info]}
		}
	}
	if open {
		cur.end = len(body)
		out = append(out, cur)
	}
	return out
}

// nextIndex is where pat next occurs in body at or after from, or
// len(body).
func nextIndex(body string, from int, pat string) int {
	if i := strings.Index(body[from:], pat); i >= 0 {
		return from + i
	}
	return len(body)
}

// runOf is how many times b repeats at the start of s.
func runOf(s string, b byte) int {
	n := 0
	for n < len(s) && s[n] == b {
		n++
	}
	return n
}

// fenceAt is the fenced block holding body offset at (fences are in
// order and do not overlap).
func fenceAt(fences []fence, at int) (fence, bool) {
	i := sort.Search(len(fences), func(i int) bool { return fences[i].end > at })
	if i < len(fences) && fences[i].start <= at {
		return fences[i], true
	}
	return fence{}, false
}

// maxHookCommands bounds the hook commands one skill's files are looked
// up for (a real skill has a handful; a hostile one may have thousands).
const maxHookCommands = 64

// maxNamedPaths bounds the folder names looked at in one body (a real
// skill names a few dozen files), and maxCommandLine how far around one
// the line is read.
const (
	maxNamedPaths  = 512
	maxCommandLine = 4096
)
