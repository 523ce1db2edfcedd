package review

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"github.com/skillstudio/skillstudio/formats/skillmd"
)

// readFrontmatter reports what a SKILL.md lets the agent do on its own:
// allowed-tools (run without asking), hooks (commands run on events) and
// context: fork.
func (r *reviewer) readFrontmatter() {
	f := r.file("SKILL.md")
	if f == nil {
		return
	}
	fm := skillmd.ParseFrontmatter([]byte(f.text))
	if fm.Node == nil || fm.Node.Kind != yaml.MappingNode {
		return
	}
	at := func(n *yaml.Node) (int, int) { return fm.Line + n.Line - 1, n.Column }
	r.declareSkillHosts(fm.Node)
	for i := 0; i+1 < len(fm.Node.Content); i += 2 {
		key, val := fm.Node.Content[i], fm.Node.Content[i+1]
		switch key.Value {
		case "allowed-tools":
			r.allowedTools(f, at, key, val)
		case "hooks":
			r.hooks(f, at, val)
			end := fm.End
			if i+2 < len(fm.Node.Content) {
				end = f.offsetOfLine(fm.Line + fm.Node.Content[i+2].Line - 1)
			}
			r.readSkillHooks(f, f.offsetOfLine(fm.Line+key.Line-1), end, val)
		case "context":
			if val.Value == "fork" {
				line, col := at(key)
				r.reportAt(f.path, line, col, "review/capability", "context: fork runs the skill in a sub-agent with its own context; the user sees only its final answer.", "")
			}
		}
	}
}

func (r *reviewer) allowedTools(f *source, at func(*yaml.Node) (int, int), key, val *yaml.Node) {
	// Each tool keeps where it is written, so a warning points at the
	// entry rather than at the key of a twenty-line list.
	type tool struct {
		name      string
		line, col int
	}
	var tools []tool
	add := func(n *yaml.Node) {
		line, col := at(n)
		if n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0 {
			col++
		}
		oneLine := !strings.Contains(n.Value, "\n") && n.Style&(yaml.LiteralStyle|yaml.FoldedStyle) == 0
		from := 0
		for _, t := range splitTools(n.Value) {
			c := col
			if i := strings.Index(n.Value[from:], t); i >= 0 && oneLine {
				c = col + utf8.RuneCountInString(n.Value[:from+i])
				from += i + len(t)
			}
			tools = append(tools, tool{t, line, c})
		}
	}
	switch val.Kind {
	case yaml.ScalarNode:
		add(val)
	case yaml.SequenceNode:
		for _, it := range val.Content {
			add(it)
		}
	}
	if len(tools) == 0 {
		return
	}
	names := make([]string, len(tools))
	for i, t := range tools {
		names[i] = t.name
	}
	line, col := at(key)
	r.reportAt(f.path, line, col, "review/capability", fmt.Sprintf("allowed-tools lets the agent use %s without asking the user.", strings.Join(names, ", ")), "")
	for _, t := range tools {
		if isUnrestrictedShell(t.name) {
			r.reportAt(f.path, t.line, t.col, "review/unrestricted-shell", fmt.Sprintf("allowed-tools grants %s: the agent may run any shell command without asking.", t.name),
				"Narrow it to the commands the skill needs, e.g. Bash(git status:*) Bash(npm test:*).")
		} else if cmd := anyCommandPattern(t.name); cmd != "" {
			r.reportAt(f.path, t.line, t.col, "review/unrestricted-shell", fmt.Sprintf("allowed-tools grants %s: %s runs whatever follows it, so the agent may run any shell command without asking.", t.name, cmd),
				"Name what it runs, e.g. Bash("+cmd+" scripts/report.py:*).")
		}
	}
}

// runsAnything holds commands whose arguments are themselves code or a
// command: a shell, an interpreter, a package runner that fetches and runs
// any package, or a launcher. Bash(python3 *) admits python3 -c "…", so it
// grants as much as Bash(*); Bash(python3 scripts/x.py *) does not.
var runsAnything = map[string]bool{
	"sh": true, "bash": true, "zsh": true, "dash": true, "ksh": true, "fish": true,
	"sh -c": true, "bash -c": true, "zsh -c": true,
	"python": true, "python3": true, "python -c": true, "python3 -c": true, "py": true,
	"node": true, "node -e": true, "deno": true, "deno run": true, "deno eval": true,
	"bun": true, "bun run": true, "ruby": true, "ruby -e": true, "perl": true, "perl -e": true,
	"php": true, "lua": true, "pwsh": true, "powershell": true, "osascript": true,
	"npx": true, "bunx": true, "uvx": true, "pipx run": true, "uv run": true,
	"npm exec": true, "pnpm exec": true, "pnpm dlx": true, "yarn dlx": true,
	"eval": true, "exec": true, "env": true, "sudo": true, "doas": true, "xargs": true,
	"nohup": true, "timeout": true, "time": true, "nice": true, "watch": true, "command": true,
}

// anyCommandPattern returns the command of a Bash(…) pattern that is one
// of runsAnything followed by a wildcard, or "". A version suffix
// (python3.12, node22) is read as the interpreter it names.
func anyCommandPattern(t string) string {
	name, arg, ok := strings.Cut(t, "(")
	if name != "Bash" || !ok {
		return ""
	}
	arg = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(arg), ")"))
	var cmd string
	switch {
	case strings.HasSuffix(arg, ":*"):
		cmd = strings.TrimSuffix(arg, ":*")
	case strings.HasSuffix(arg, " *"):
		cmd = strings.TrimSuffix(arg, " *")
	default:
		return "" // an exact command, or a wildcard inside a path
	}
	cmd = strings.Join(strings.Fields(cmd), " ")
	first, rest, _ := strings.Cut(cmd, " ")
	if i := strings.LastIndexFunc(first, func(r rune) bool { return (r < '0' || r > '9') && r != '.' }); i >= 0 && i < len(first)-1 {
		first = first[:i+1]
	}
	key := first
	if rest != "" {
		key += " " + rest
	}
	if runsAnything[key] {
		return cmd
	}
	return ""
}

// splitTools splits "Read, Grep Bash(git log:*)" on commas and spaces
// outside parentheses.
func splitTools(s string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i <= len(s); i++ {
		if i < len(s) {
			switch s[i] {
			case '(':
				depth++
				continue
			case ')':
				depth--
				continue
			}
			if depth > 0 || s[i] != ',' && s[i] != ' ' && s[i] != '\t' {
				continue
			}
		}
		if t := strings.TrimSpace(s[start:i]); t != "" {
			out = append(out, t)
		}
		start = i + 1
	}
	return out
}

func isUnrestrictedShell(t string) bool {
	name, arg, hasArg := strings.Cut(t, "(")
	if name != "Bash" && name != "PowerShell" {
		return false
	}
	if !hasArg {
		return true
	}
	arg = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(arg), ")"))
	return arg == "" || arg == "*" || arg == ":*" || arg == "**"
}

// hooks walks event → [{matcher, hooks: [{type, command}]}] and reports
// every command, which runs on its own whenever the event fires. (A
// download-and-run inside one is caught by the file-wide remote-exec scan.)
func (r *reviewer) hooks(f *source, at func(*yaml.Node) (int, int), val *yaml.Node) {
	if val.Kind != yaml.MappingNode {
		return
	}
	for i := 0; i+1 < len(val.Content); i += 2 {
		event := val.Content[i].Value
		for _, entry := range val.Content[i+1].Content {
			matcher := ""
			if m := get(entry, "matcher"); m != nil {
				matcher = m.Value
			}
			hs := get(entry, "hooks")
			if hs == nil {
				continue
			}
			for _, h := range hs.Content {
				when := "on " + event
				if matcher != "" {
					when += fmt.Sprintf(" (matching %q)", matcher)
				}
				// A prompt hook runs nothing, but its text goes to a
				// model whose answer can block or steer the agent.
				if p := get(h, "prompt"); get(h, "command") == nil && p != nil && p.Value != "" {
					line, col := at(p)
					r.reportAt(f.path, line, col, "review/hook", fmt.Sprintf("sends a model the prompt %q %s, whose answer can block or steer the agent, without the agent choosing to.", clip(p.Value, 160), when), "")
					continue
				}
				cmd := get(h, "command")
				if cmd == nil || cmd.Value == "" {
					continue
				}
				line, col := at(cmd)
				r.reportAt(f.path, line, col, "review/hook", fmt.Sprintf("runs %q %s, without the agent choosing to.", clip(cmd.Value, 160), when), "")
			}
		}
	}
}

func get(n *yaml.Node, key string) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}

// readSkillHooks reads a SKILL.md's own hooks (Claude Code's
// skill-scoped hooks, the frontmatter's hooks: block from byte start to
// end) as a plugin's hooks file is: their commands scanned as shell whose
// standard input is the event (a copy of SKILL.md with all but the block
// blanked, so positions stay SKILL.md's), and the skill's files a command
// names (${CLAUDE_SKILL_DIR}/scripts/log.py, ./scripts/after.sh) read as
// scripts a hook runs.
func (r *reviewer) readSkillHooks(f *source, start, end int, val *yaml.Node) {
	if start < 0 || end > len(f.text) || start >= end {
		return
	}
	kept := []byte(f.text)
	blank(kept, 0, len(kept))
	copy(kept[start:end], f.text[start:end])
	src := newSource(f.path, f.rel, string(kept))
	src.skillHook = true
	r.skillHooks = append(r.skillHooks, src)
	for _, cmd := range hookCommands(val) {
		for _, g := range r.files {
			if g != f && namesFile(cmd, g.rel) {
				g.hookRun = true
			}
		}
	}
}

// hookCommands lists the commands of a hooks: mapping (event →
// [{matcher, hooks: [{type, command}]}]).
func hookCommands(val *yaml.Node) []string {
	var out []string
	if val.Kind != yaml.MappingNode {
		return nil
	}
	for i := 1; i < len(val.Content); i += 2 {
		for _, entry := range val.Content[i].Content {
			if hs := get(entry, "hooks"); hs != nil {
				for _, h := range hs.Content {
					if c := get(h, "command"); c != nil && c.Kind == yaml.ScalarNode {
						out = append(out, c.Value)
					}
				}
			}
		}
	}
	return out
}

// namesFile: cmd names the skill file rel as a path of its own, after a
// space, a quote, "/" or at its start (scripts/log.py in "python3
// ${CLAUDE_SKILL_DIR}/scripts/log.py", not in "xscripts/log.pyc").
func namesFile(cmd, rel string) bool {
	for from := 0; ; {
		i := strings.Index(cmd[from:], rel)
		if i < 0 {
			return false
		}
		i += from
		end := i + len(rel)
		from = end
		before := i == 0 || strings.ContainsRune(" \t\"'/=", rune(cmd[i-1]))
		after := end == len(cmd) || strings.ContainsRune(" \t\"';&|)", rune(cmd[end]))
		if before && after {
			return true
		}
	}
}

// declareSkillHosts notes the sites a SKILL.md's frontmatter names
// (homepage, repository, at the top or under metadata) and its name and
// description: where its hooks may send the conversation, the user told.
func (r *reviewer) declareSkillHosts(fm *yaml.Node) {
	for _, m := range []*yaml.Node{fm, get(fm, "metadata")} {
		for _, key := range []string{"homepage", "repository", "name", "description"} {
			v := get(m, key)
			if v == nil || v.Kind != yaml.ScalarNode {
				continue
			}
			if key == "name" || key == "description" {
				if len(r.pluginText) < 4096 {
					r.pluginText += " " + strings.ToLower(clip(v.Value, 1024))
				}
				continue
			}
			for _, a := range urlAuthority.FindAllStringSubmatch(v.Value, 4) {
				if site := siteOf(a[1]); site != "" && len(r.pluginSites) < 32 {
					r.pluginSites = append(r.pluginSites, site)
				}
			}
		}
	}
}
