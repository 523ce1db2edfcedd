package review

import (
	"fmt"
	"path"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// loadSpan is a shell command Claude Code runs while it loads a skill:
// an inline !`command` or a ```! block in SKILL.md. Claude Code replaces
// each with the command's output before the agent reads the text
// (promptShellExecution: BLOCK_PATTERN /```!\s*\n?([\s\S]*?)\n?```/g and
// INLINE_PATTERN /(?<=^|\s)!`([^`]+)`/gm, applied to the whole body, code
// fences included; only skills served over MCP are exempt), with the
// skill's allowed-tools as the permission. Nobody chooses to run it.
type loadSpan struct {
	start, end int    // the whole match, !`…` or ```!…```
	cmdAt      int    // where the command text starts
	cmd        string // the command, trimmed
}

// loadTimeCommands finds the commands in a SKILL.md text as Claude Code's
// two patterns do (blocks first, then inline ones outside any block; Claude
// Code runs an inline one inside a block too, but it is the same text).
func loadTimeCommands(text string) []loadSpan {
	if !strings.Contains(text, "!`") && !strings.Contains(text, "```!") {
		return nil
	}
	var spans []loadSpan
	for from := 0; ; {
		i := strings.Index(text[from:], "```!")
		if i < 0 {
			break
		}
		i += from
		body := i + 4
		j := strings.Index(text[body:], "```")
		if j < 0 {
			break
		}
		raw := text[body : body+j]
		cmd := strings.TrimSpace(raw)
		if cmd != "" {
			spans = append(spans, loadSpan{start: i, end: body + j + 3, cmdAt: body + strings.Index(raw, cmd), cmd: cmd})
		}
		from = body + j + 3
	}
	blocks := len(spans)
	for from := 0; ; {
		i := strings.Index(text[from:], "!`")
		if i < 0 {
			break
		}
		i += from
		from = i + 2
		if i > 0 {
			// (?<=^|\s): the ! starts a line or follows white space, so
			// "$!`" or "word!`code`" is not one.
			if r, _ := utf8.DecodeLastRuneInString(text[:i]); !unicode.IsSpace(r) {
				continue
			}
		}
		j := strings.IndexByte(text[i+2:], '`')
		if j <= 0 {
			continue
		}
		if inSpans(spans[:blocks], i) {
			continue
		}
		raw := text[i+2 : i+2+j]
		if cmd := strings.TrimSpace(raw); cmd != "" {
			spans = append(spans, loadSpan{start: i, end: i + 3 + j, cmdAt: i + 2 + strings.Index(raw, cmd), cmd: cmd})
		}
		from = i + 3 + j
	}
	return spans
}

// inSpans: off lies in one of spans, which are in order and apart (the
// blocks, found left to right). A binary search: a SKILL.md of 25,000
// blocks and as many inline commands compared each with every block.
func inSpans(spans []loadSpan, off int) bool {
	k := sort.Search(len(spans), func(k int) bool { return spans[k].start > off })
	return k > 0 && off < spans[k-1].end
}

// isSkillMain: Claude Code preprocesses the main SKILL.md only; the
// references an agent reads later are plain text to it.
func isSkillMain(f *source) bool {
	return f.rel == "SKILL.md" || f.slashCommand
}

// reportLoadTimeCommands lists every command a SKILL.md runs as it loads.
func (r *reviewer) reportLoadTimeCommands(f *source) {
	if !isSkillMain(f) {
		return
	}
	for _, s := range loadTimeCommands(f.text) {
		if inFrontmatter(f.text, s.start) {
			continue
		}
		what := "the skill"
		if f.slashCommand {
			what = "the plugin's command /" + strings.TrimSuffix(path.Base(f.path), ".md")
		}
		r.report(f, s.cmdAt, "review/load-command", fmt.Sprintf("runs %q when %s is invoked and puts its output in the text, before the agent reads it and without it choosing to.", clip(Visible(s.cmd), 160), clip(what, 80)),
			"")
	}
}

// runsOnLoad: the logical line at off, in SKILL.md, holds a command Claude
// Code runs as the skill loads, and that command itself is what detect
// flags; such a line is code that runs, not an install line someone must
// choose to follow.
func runsOnLoad(f *source, off int, detect func(string) bool) bool {
	return loadCommandOn(f, off, detect) >= 0
}

// loadCommandOn returns where the command runsOnLoad found starts, or -1.
func loadCommandOn(f *source, off int, detect func(string) bool) int {
	if !isSkillMain(f) || off < 0 || off > len(f.text) || !strings.Contains(f.text, "`") {
		return -1
	}
	end := strings.IndexByte(f.text[off:], '\n')
	if end < 0 {
		end = len(f.text)
	} else {
		end += off
	}
	for _, s := range loadTimeCommands(f.text) {
		if s.end > off && s.start < end && detect(s.cmd) {
			return max(s.cmdAt, off)
		}
	}
	return -1
}
