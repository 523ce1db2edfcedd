package review

import (
	"fmt"
	"strings"

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
	for i := 0; i+1 < len(fm.Node.Content); i += 2 {
		key, val := fm.Node.Content[i], fm.Node.Content[i+1]
		switch key.Value {
		case "allowed-tools":
			r.allowedTools(f, at, key, val)
		case "hooks":
			r.hooks(f, at, val)
		case "context":
			if val.Value == "fork" {
				line, col := at(key)
				r.reportAt(f.path, line, col, "review/capability", "context: fork runs the skill in a sub-agent with its own context; the user sees only its final answer.", "")
			}
		}
	}
}

func (r *reviewer) allowedTools(f *source, at func(*yaml.Node) (int, int), key, val *yaml.Node) {
	var tools []string
	switch val.Kind {
	case yaml.ScalarNode:
		tools = splitTools(val.Value)
	case yaml.SequenceNode:
		for _, it := range val.Content {
			tools = append(tools, splitTools(it.Value)...)
		}
	}
	if len(tools) == 0 {
		return
	}
	line, col := at(key)
	r.reportAt(f.path, line, col, "review/capability", fmt.Sprintf("allowed-tools lets the agent use %s without asking the user.", strings.Join(tools, ", ")), "")
	for _, t := range tools {
		if isUnrestrictedShell(t) {
			r.reportAt(f.path, line, col, "review/unrestricted-shell", fmt.Sprintf("allowed-tools grants %s: the agent may run any shell command without asking.", t),
				"Narrow it to the commands the skill needs, e.g. Bash(git status:*) Bash(npm test:*).")
		}
	}
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
				cmd := get(h, "command")
				if cmd == nil || cmd.Value == "" {
					continue
				}
				when := "on " + event
				if matcher != "" {
					when += fmt.Sprintf(" (matching %q)", matcher)
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
