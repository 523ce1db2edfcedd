package skillmd

import (
	"io"
	"path"
	"strings"

	"github.com/skillstudio/skillstudio/internal/sniff"
)

// wideHeadBytes is how much of a non-Markdown reference is read to tell
// UTF-16/UTF-32 text: the byte-order mark, or the 512-byte head
// sniff.WideText looks for alternating NUL bytes in.
const wideHeadBytes = 512

// checkWideReference reports a non-Markdown file of the skill that a
// Markdown file links to or names (scripts/run.ps1, data.csv, a .json or
// .yaml config) when it is UTF-16 or UTF-32 text: agents read reference
// files as UTF-8 and interpreters (sh, python, node) read scripts as
// UTF-8, so either sees NUL bytes. Markdown references are readLinked's.
// Only the head is read, and each file once per Load.
func (c *checker) checkWideReference(rel string) {
	if rel == "" || isMarkdown(rel) || c.wideChecked[rel] || len(c.wideChecked) >= maxLinkedFiles {
		return
	}
	if c.wideChecked == nil {
		c.wideChecked = map[string]bool{}
	}
	c.wideChecked[rel] = true
	file := path.Join(c.dir, rel)
	f, err := c.fsys.Open(file) // the FS refuses FIFOs and devices before reading
	if err != nil {
		return
	}
	defer f.Close()
	if info, err := f.Stat(); err != nil || !info.Mode().IsRegular() {
		return
	}
	var head [wideHeadBytes]byte
	n, _ := io.ReadFull(f, head[:])
	w, wide := sniff.WideText(head[:n])
	if !wide || readsWide(rel, head[:n]) {
		return
	}
	what := "an agent that opens it reads the bytes as UTF-8 and gets text broken by NUL bytes, or a refusal to read a binary file, so what it says is lost"
	if isScript(rel) {
		what = "the interpreter that runs it reads UTF-8 and stops at the NUL bytes (sh: cannot execute binary file; python: source code cannot contain null bytes; node: invalid or unexpected token), so the script fails"
	}
	c.reportIn(file, "skillmd/reference-encoding", 1, 1, rel+" is "+w.Name+" text, not UTF-8: "+what, wideHint)
}

// readsWide: the tool that runs rel reads UTF-16 by design. PowerShell
// (5 and 7) decodes a script by its byte-order mark, and a .reg file is
// UTF-16 LE in regedit's own format; without a mark PowerShell 5 reads
// the bytes as ANSI and the script breaks.
func readsWide(rel string, head []byte) bool {
	switch strings.ToLower(path.Ext(rel)) {
	case ".ps1", ".psm1", ".psd1":
		return len(head) >= 2 && (head[0] == 0xFF && head[1] == 0xFE || head[0] == 0xFE && head[1] == 0xFF)
	case ".reg":
		return true
	}
	return false
}

// isScript: rel is code an agent runs with an interpreter that reads
// UTF-8 source, as the spec's scripts/ folder holds.
func isScript(rel string) bool {
	switch strings.ToLower(path.Ext(rel)) {
	case ".sh", ".bash", ".zsh", ".py", ".js", ".mjs", ".cjs", ".ts", ".mts", ".rb", ".pl", ".php", ".ps1", ".psm1", ".bat", ".cmd", ".lua", ".r":
		return true
	}
	return false
}

// checkWideNamedFiles checks the non-Markdown files of the skill that
// text names by their path from the skill folder outside a link
// ("run `python scripts/run.py`", "load assets/data.csv"): skills name
// their scripts in commands more often than they link them. One pass over
// text; only names of files the walk found are opened.
func (c *checker) checkWideNamedFiles(text string) {
	for i := 0; i < len(text); {
		if !isPathByte(text[i]) {
			i++
			continue
		}
		j := i
		for j < len(text) && isPathByte(text[j]) {
			j++
		}
		name := strings.TrimRight(strings.TrimPrefix(text[i:j], "./"), ".")
		i = j
		if path.Ext(name) != "" && !isMarkdown(name) && c.fileSet[name] {
			c.checkWideReference(name)
		}
	}
}
