package skillmd

import (
	"io"
	"path"
	"slices"
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
	var names []string
	for name := range c.fileSet {
		if spellableName(name) {
			names = append(names, name)
		}
	}
	if len(names) == 0 {
		return // most skills ship Markdown only: no word can name a file to sniff
	}
	var named []string
	if len(names) <= maxSearchedNames {
		named = searchNamedFiles(text, names)
	} else {
		named = wordsNamingFiles(text, c.fileSet)
	}
	for _, name := range named {
		c.checkWideReference(name)
	}
}

// maxSearchedNames is how many candidate files searchNamedFiles looks for
// one by one; with more, one pass over the words (wordsNamingFiles) costs
// less.
const maxSearchedNames = 48

// spellableName: a word of text can name the file or folder name for
// checkWideNamedFiles. The name has an extension that is not Markdown
// (readLinked reads those) and is made of path bytes, and does not end in
// a dot (a word's trailing dots are sentence punctuation).
func spellableName(name string) bool {
	if name == "" || name[len(name)-1] == '.' || path.Ext(name) == "" || isMarkdown(name) {
		return false
	}
	for i := 0; i < len(name); i++ {
		if !isPathByte(name[i]) {
			return false
		}
	}
	return true
}

// wordsNamingFiles returns, in the order text first names them, the names
// in files that a word of text spells: a run of path bytes, less a leading
// "./" and trailing dots, with an extension that is not Markdown.
func wordsNamingFiles(text string, files map[string]bool) []string {
	var named []string
	seen := map[string]bool{}
	for i := 0; i < len(text); {
		if !isPathByte(text[i]) {
			i++
			continue
		}
		j, dot := i, false
		for j < len(text) && isPathByte(text[j]) {
			dot = dot || text[j] == '.'
			j++
		}
		word := text[i:j]
		i = j
		if !dot {
			continue // a name with an extension has a dot; most words have none
		}
		name := strings.TrimRight(strings.TrimPrefix(word, "./"), ".")
		if path.Ext(name) != "" && !isMarkdown(name) && files[name] && !seen[name] {
			seen[name] = true
			named = append(named, name)
		}
	}
	return named
}

// searchNamedFiles is wordsNamingFiles for a few spellable names: each is
// looked for with strings.Index (vectorised) instead of walking every
// byte of text, and the names found are put in the order of the words
// that first name them. FuzzSearchNamedFilesMatchesWords holds the two
// to the same answer.
func searchNamedFiles(text string, names []string) []string {
	type hit struct {
		at   int
		name string
	}
	var hits []hit
	for _, name := range names {
		if at := firstWordNaming(text, name); at >= 0 {
			hits = append(hits, hit{at, name})
		}
	}
	slices.SortFunc(hits, func(a, b hit) int { return a.at - b.at })
	named := make([]string, len(hits))
	for i, h := range hits {
		named[i] = h.name
	}
	return named
}

// firstWordNaming returns where the first word of text that spells name
// starts (the word is name itself, or "./" and name, followed by nothing
// but dots), or -1.
func firstWordNaming(text, name string) int {
	for from := 0; from < len(text); {
		k := strings.Index(text[from:], name)
		if k < 0 {
			return -1
		}
		at := from + k
		from = at + 1
		start := at
		if at > 0 && isPathByte(text[at-1]) {
			if at < 2 || text[at-2:at] != "./" || at > 2 && isPathByte(text[at-3]) {
				continue // name sits inside a longer word
			}
			start = at - 2
		}
		end := at + len(name)
		for end < len(text) && text[end] == '.' {
			end++
		}
		if end == len(text) || !isPathByte(text[end]) {
			return start
		}
	}
	return -1
}
