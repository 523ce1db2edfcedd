package review

import (
	"io"
	"io/fs"
	"path"
	"sort"
	"strings"

	"github.com/skillstudio/skillstudio/internal/sniff"
)

// Reading is bounded: a review must finish quickly on any download, however
// large or hostile. Files beyond the limits are read in part (the head is
// where a reviewer looks first) or skipped; the caps are far above what a
// real skill holds.
const (
	maxFileBytes  = 2 << 20  // per file
	maxTotalBytes = 32 << 20 // per skill
	maxFiles      = 2000
	// maxPerRule caps the findings of one rule in one file, so a minified
	// bundle full of zero-width characters gives a screenful, not a flood.
	maxPerRule = 20
)

// source is one text file of the skill, as read.
type source struct {
	path string // FS path
	rel  string // relative to the skill folder
	text string
	nl   []int // offsets of '\n', for positions
	// hookConfig: a plugin's hooks/hooks.json, whose commands run on
	// agent events; scanned as shell.
	hookConfig bool
	// skillHook: a SKILL.md's own hooks: block (the rest blanked),
	// scanned for the conversation sent away as a plugin's hooks are.
	skillHook bool
	// hookRun: a plugin file a hook command runs
	// (${CLAUDE_PLUGIN_ROOT}/…), whose standard input is the hook's event.
	hookRun bool
	// mcpConfig: a plugin's .mcp.json or plugin.json's mcpServers,
	// whose servers start with the plugin; scanned as shell too.
	mcpConfig bool
	// slashCommand: a plugin's commands/*.md, which runs its !`command`s
	// when the command is invoked, as SKILL.md does when it loads.
	slashCommand bool
	// lspConfig: a plugin's .lsp.json or plugin.json's lspServers, whose
	// language servers start when a file of their language is opened;
	// scanned as shell too.
	lspConfig bool
}

func newSource(fsPath, rel, text string) *source {
	s := &source{path: fsPath, rel: rel, text: text}
	for i := 0; i < len(text); i++ {
		if text[i] == '\n' {
			s.nl = append(s.nl, i)
		}
	}
	return s
}

// pos turns a byte offset into a 1-based line and byte column.
func (s *source) pos(off int) (line, col int) {
	i := sort.SearchInts(s.nl, off)
	start := 0
	if i > 0 {
		start = s.nl[i-1] + 1
	}
	return i + 1, off - start + 1
}

// lineAt returns the line holding off, without its line ending. It is
// found among the newlines by a binary search: the hidden-character scan
// asks it at every non-ASCII character, and scanning the line both ways
// made a long line of bidi controls quadratic (8,000 on one line took 1 s,
// 80,000 over 5 minutes).
func (s *source) lineAt(off int) (text string, start int) {
	i := sort.SearchInts(s.nl, off) // the first newline at or after off
	if i > 0 {
		start = s.nl[i-1] + 1
	}
	end := len(s.text)
	if i < len(s.nl) {
		end = s.nl[i]
	}
	return strings.TrimSuffix(s.text[start:end], "\r"), start
}

// kind says which scanners a file gets, by its name.
type fileKind uint8

const (
	kindOther    fileKind = iota // any other text: hidden content, secrets, blobs
	kindMarkdown                 // prose the agent reads
	kindText                     // plain prose (.txt, .rst)
	kindScript                   // js/ts code
	kindShell                    // shell, PowerShell, Python… (remote-exec, secrets)
)

func kindOf(name string) fileKind {
	lower := strings.ToLower(name)
	switch path.Ext(lower) {
	case ".md", ".mdx", ".markdown":
		return kindMarkdown
	case ".txt", ".rst", ".text":
		return kindText
	case ".js", ".mjs", ".cjs", ".ts", ".mts", ".cts", ".jsx", ".tsx":
		return kindScript
	case ".sh", ".bash", ".zsh", ".fish", ".ps1", ".psm1", ".bat", ".cmd", ".py", ".rb", ".pl":
		return kindShell
	}
	return kindOther
}

// readText reads at most maxFileBytes of a file; ok is false for folders,
// unreadable files and binary content (NUL bytes or mostly invalid UTF-8).
func readText(fsys fs.FS, name string, budget *int) (string, bool) {
	if *budget <= 0 {
		return "", false
	}
	f, err := fsys.Open(name)
	if err != nil {
		return "", false
	}
	defer f.Close()
	if info, err := f.Stat(); err != nil || info.IsDir() {
		return "", false
	}
	limit := min(maxFileBytes, *budget)
	b, err := io.ReadAll(io.LimitReader(f, int64(limit)))
	if err != nil {
		return "", false
	}
	*budget -= len(b)
	if sniff.Binary(b) {
		return "", false
	}
	return string(b), true
}

// offsetOfLine is the byte offset where 1-based line starts (len(text)
// past the last line).
func (s *source) offsetOfLine(line int) int {
	switch {
	case line <= 1:
		return 0
	case line-2 < len(s.nl):
		return s.nl[line-2] + 1
	}
	return len(s.text)
}
