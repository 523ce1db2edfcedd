package ui

import (
	"fmt"
	"io"
	"io/fs"
	"path"
	"strings"
	"unicode"

	tea "charm.land/bubbletea/v2"

	"github.com/skillstudio/skillstudio/formats/skillmd"
	"github.com/skillstudio/skillstudio/internal/sniff"
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/sanitize"
)

// readerDoc is one document in the reader: a skill's body or one of its
// files turned into Markdown.
type readerDoc struct {
	id       string // names the document in the render cache
	title    string // what the breadcrumb shows
	markdown string
	fsys     fs.FS  // where relative links are looked up
	dir      string // FS folder relative links resolve against
	skillDir string // links may not leave this folder
	fsPath   string // the file shown, "" for the body
	yOffset  int    // scroll position, kept while another doc is on top
	// sectionAt, in a gated body, maps a body heading's anchor to the
	// offset in markdown where its unlocked section starts.
	sectionAt map[string]int
	// pending: the body of a slim skill whose whole read has not arrived
	// (hydrate.go); nothing is rendered for it.
	pending bool
	// readNote, when the reader read only the start of the file, says so
	// after the rendering's "shown up to" note.
	readNote string
	// lineShift is what to add to a line of the file for its line in
	// markdown: 1 for a file shown in a fenced code block.
	lineShift int
}

// bodyDoc is the Markdown that matters for a skill: its body, or when it
// has none, a short page made from its name and description.
func bodyDoc(e *Entry) *readerDoc {
	s := e.Skill
	md := s.Body
	if strings.TrimSpace(md) == "" {
		md = unreadBody(s)
	}
	if strings.TrimSpace(md) == "" {
		md = fmt.Sprintf("# %s\n\n%s\n\n*This skill has no body text to read.*\n", s.Name, s.Description)
	}
	md += unparsedNote(s)
	title := path.Base(s.BodyFile)
	if s.BodyFile == "" {
		title = path.Base(s.Location.File)
	}
	dir := s.Location.Dir
	if s.BodyFile != "" {
		dir = path.Dir(s.BodyFile)
	}
	return &readerDoc{
		pending:  e.slim && e.view == nil,
		id:       fmt.Sprintf("skill:%d", e.ID),
		title:    sanitize.Line(title),
		markdown: md,
		fsys:     s.Location.FS,
		dir:      dir,
		skillDir: s.Location.Dir,
		readNote: tooLargeNote(s),
	}
}

// unreadBody is the text of a SKILL.md the checked read stopped at (a
// skillmd/binary finding: UTF-16 or UTF-32 from Windows, or a stray NUL),
// as show has it from skillmd.Preview: decoded, or up to the NUL, under
// the finding, so the author sees both what the file says and why agents
// do not. It is "" for any other skill. The read is of one capped file,
// and only for a skill whose checked read already failed.
func unreadBody(s *model.Skill) string {
	if s.Format != model.FormatSkillMD || s.Location.FS == nil {
		return ""
	}
	for _, d := range s.Diagnostics {
		if d.Rule != "skillmd/binary" {
			continue
		}
		p, err := skillmd.Preview(s.Location.FS, s.Location.Dir)
		if err != nil || strings.TrimSpace(p.Body) == "" {
			return ""
		}
		return fmt.Sprintf("> **⚠ %s** %s\n>\n> *Shown here as read for you; the Lint tab has the finding.*\n\n%s",
			mdLiteral(d.Message), mdLiteral(d.Hint), p.Body)
	}
	return ""
}

// unparsedNote: an .xgs.js skill's notes are the comments above its
// code, read only once the code parses. Without this the page an edit
// broke just loses them, and nothing says why or where to look.
func unparsedNote(s *model.Skill) string {
	if s.Format != model.FormatXGS {
		return ""
	}
	for _, d := range s.Diagnostics {
		if d.Rule == "xgs/syntax" || d.Rule == "xgs/too-large" {
			return fmt.Sprintf("\n\n---\n\n*The notes above the code are not shown: the code does not parse (%s:%d:%d: %s). "+
				"The Lint tab has the finding; e opens the file in your editor.*\n",
				mdLiteral(path.Base(d.File)), d.Line, d.Column, mdLiteral(d.Message))
		}
	}
	return ""
}

// mdLiteral escapes every ASCII punctuation mark in s (CommonMark allows
// a backslash before any), so a message quoting code renders as written.
func mdLiteral(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r < 0x80 && unicode.IsPunct(r) || r < 0x80 && unicode.IsSymbol(r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// tooLargeNote: the body is the start of a file too large to read whole
// (skillmd/too-large), so "of M lines" counts what was read, not the file.
func tooLargeNote(s *model.Skill) string {
	for _, d := range s.Diagnostics {
		if d.Rule == "skillmd/too-large" {
			return fmt.Sprintf(" The file is larger than %d MiB: only its first %d MiB were read.", skillmd.MaxFileBytes>>20, skillmd.MaxFileBytes>>20)
		}
	}
	return ""
}

// maxReadBytes caps what the reader loads of one file.
const maxReadBytes = 1 << 20

// fileOpenedMsg brings a file read for the reader back to the loop.
type fileOpenedMsg struct {
	entryID int
	doc     *readerDoc
	err     error
}

// openFileCmd reads fsPath (an FS path inside the skill's folder) and turns
// it into a reader document: Markdown as is, other text in a fenced code
// block, binary files as a one-line note.
func openFileCmd(e *Entry, fsPath string) tea.Cmd {
	s := e.Skill
	id := e.ID
	return func() tea.Msg {
		d, err := fileDoc(s, id, fsPath)
		return fileOpenedMsg{entryID: id, doc: d, err: err}
	}
}

func fileDoc(s *model.Skill, entryID int, fsPath string) (*readerDoc, error) {
	clean := path.Clean(fsPath)
	dir := s.Location.Dir
	if dir != "." && clean != dir && !strings.HasPrefix(clean, dir+"/") {
		return nil, fmt.Errorf("%s is outside the skill's folder", sanitize.Line(fsPath))
	}
	if s.Location.FS == nil {
		return nil, fmt.Errorf("the skill's files are not available")
	}
	f, err := s.Location.FS.Open(clean)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxReadBytes+1))
	if err != nil {
		return nil, err
	}
	truncated := len(data) > maxReadBytes
	if truncated {
		data = data[:maxReadBytes]
	}
	rel := strings.TrimPrefix(strings.TrimPrefix(clean, dir), "/")
	if rel == "" {
		rel = path.Base(clean)
	}
	d := &readerDoc{
		id:       fileDocID(entryID, clean),
		title:    sanitize.Line(rel),
		fsys:     s.Location.FS,
		dir:      path.Dir(clean),
		skillDir: dir,
		fsPath:   clean,
	}
	switch {
	case sniff.Binary(data):
		d.markdown = fmt.Sprintf("# %s\n\n*Binary file, %s — not shown.*\n", "`"+rel+"`", humanBytes(len(data)))
	case isMarkdown(clean):
		d.markdown = frontmatterAsCode(string(data))
	default:
		d.markdown = codeBlock(string(data), languageOf(clean))
		d.lineShift = 1
	}
	if truncated {
		d.markdown += fmt.Sprintf("\n\n*Only the first %s are shown.*\n", humanBytes(maxReadBytes))
	}
	return d, nil
}

// fileDocID names a file's document in the render cache.
func fileDocID(entryID int, fsPath string) string {
	return fmt.Sprintf("file:%d:%s", entryID, fsPath)
}

func isMarkdown(p string) bool {
	switch strings.ToLower(path.Ext(p)) {
	case ".md", ".markdown", ".mdx":
		return true
	}
	return false
}

// languageOf names a file's language for glamour's code highlighting.
func languageOf(p string) string {
	switch strings.ToLower(path.Ext(p)) {
	case ".js", ".mjs", ".cjs":
		return "javascript"
	case ".ts", ".mts", ".tsx":
		return "typescript"
	case ".json":
		return "json"
	case ".yaml", ".yml":
		return "yaml"
	case ".py":
		return "python"
	case ".sh", ".bash":
		return "bash"
	case ".go":
		return "go"
	case ".html", ".htm":
		return "html"
	case ".css":
		return "css"
	case ".toml":
		return "toml"
	}
	return ""
}

// codeBlock fences text with a fence longer than any backtick run in it.
func codeBlock(text, lang string) string {
	fence := "```"
	for strings.Contains(text, fence) {
		fence += "`"
	}
	return fence + lang + "\n" + strings.TrimRight(text, "\n") + "\n" + fence + "\n"
}

// frontmatterAsCode shows a Markdown file's YAML frontmatter as a YAML
// code block: rendered as Markdown it ran its keys together into one
// paragraph (and the closing --- made it a heading), so a finding's line
// in it (name, description, a quiz) could not be told apart. The fences
// take the --- lines' places, so every line keeps its number.
func frontmatterAsCode(md string) string {
	rest, ok := strings.CutPrefix(md, "---\n")
	if !ok {
		if rest, ok = strings.CutPrefix(md, "---\r\n"); !ok {
			return md
		}
	}
	end := -1
	for at := 0; at < len(rest); {
		line, _, _ := strings.Cut(rest[at:], "\n")
		if strings.TrimRight(line, " \t\r") == "---" {
			end = at
			break
		}
		at += len(line) + 1
	}
	if end < 0 {
		return md
	}
	yaml := rest[:end]
	after := rest[end:]
	_, after, more := strings.Cut(after, "\n")
	fence := "```"
	for strings.Contains(yaml, fence) {
		fence += "`"
	}
	if more {
		after = "\n" + after
	}
	return fence + "yaml\n" + yaml + fence + after
}
