package skillmd

import (
	"bytes"
	"fmt"
	"github.com/dustin/go-humanize"
	"net/url"
	"path"
	"sort"
	"strconv"
	"strings"

	"github.com/skillstudio/skillstudio/internal/sniff"
)

const (
	maxBodyLines  = 500
	maxBodyTokens = 5000
	// maxLinkedFiles bounds how many linked Markdown files one skill reads
	// for anchors and token counts.
	maxLinkedFiles = 64
	// maxLinkedBytes caps each of them.
	maxLinkedBytes = 1 << 20
)

// checkBody checks the Markdown body: its size, its links and anchors.
// Token sizes are estimates unless the body-length verdict needs the
// exact count (tokens_estimate.go).
func (c *checker) checkBody() {
	body := c.doc.Body
	lines := strings.Count(body, "\n")
	if len(body) > 0 && !strings.HasSuffix(body, "\n") {
		lines++
	}
	over, size := tokensOver(body, maxBodyTokens)
	c.doc.BodyTokens, c.doc.BodyTokensExact = size.n, size.exact
	line, _ := c.bodyPos(0)
	if lines > maxBodyLines || over {
		c.report("skillmd/body-length", line, 1,
			"the body is "+strconv.Itoa(lines)+" lines and "+size.Tokens()+"; keep it under "+strconv.Itoa(maxBodyLines)+" lines and about "+humanize.Comma(maxBodyTokens)+" tokens",
			"Move detailed sections into references/ files and link to them.")
	}
	if strings.TrimSpace(body) != "" {
		c.report("skillmd/tokens", line, 1, "the body costs "+size.Tokens()+" when the skill loads", "")
	}
	c.checkLinks()
}

// linkTarget is a relative link split into its file and anchor.
type linkTarget struct {
	file   string // cleaned, relative to the skill folder; "" for the body itself
	anchor string
}

// skillDirPlaceholders stand for the skill's own folder in paths that
// agents expand at load time (Claude Code's {baseDir} and
// ${CLAUDE_SKILL_DIR}).
var skillDirPlaceholders = []string{"{baseDir}/", "${CLAUDE_SKILL_DIR}/", "$CLAUDE_SKILL_DIR/"}

// withoutSkillDirPlaceholder drops a leading skill-folder placeholder:
// what is left is relative to the skill folder.
func withoutSkillDirPlaceholder(dest string) string {
	for _, prefix := range skillDirPlaceholders {
		if rest, ok := strings.CutPrefix(dest, prefix); ok {
			return rest
		}
	}
	return dest
}

// parseLinkDest returns the target of a relative link; ok is false for
// URLs with a scheme (https:, mailto:, …) and protocol-relative links,
// which are not files of the skill.
func parseLinkDest(dest string) (target linkTarget, escapes, ok bool) {
	dest = strings.TrimSpace(dest)
	if dest == "" || strings.HasPrefix(dest, "//") || strings.HasPrefix(dest, "<") {
		return linkTarget{}, false, false
	}
	if hasScheme(dest) {
		return linkTarget{}, false, false
	}
	dest = withoutSkillDirPlaceholder(dest)
	file, anchor, _ := strings.Cut(dest, "#")
	file, _, _ = strings.Cut(file, "?")
	if unescaped, err := url.PathUnescape(file); err == nil {
		file = unescaped
	}
	if file == "" {
		return linkTarget{anchor: anchor}, false, true
	}
	rel, inside := insideSkill(file)
	if !inside {
		return linkTarget{}, true, true
	}
	if rel == "." {
		rel = ""
	}
	return linkTarget{file: rel, anchor: anchor}, false, true
}

// hasScheme: dest starts with a URL scheme (https:, mailto:, data:, …).
// A one-letter "scheme" is a Windows drive (C:), which is a path.
func hasScheme(dest string) bool {
	for i := 0; i < len(dest); i++ {
		b := dest[i]
		switch {
		case b == ':':
			return i > 1
		case isAlnum(b) || (i > 0 && (b == '+' || b == '-' || b == '.')):
		default:
			return false
		}
	}
	return false
}

func (c *checker) checkLinks() {
	c.doc.ReferenceTokens = map[string]int{}
	linked := map[string]bool{}
	for _, l := range append(c.doc.Links, skillDirMentions(c.doc.Body, c.doc.Links)...) {
		if !l.Mention && slashCommand.MatchString(strings.TrimSpace(l.Dest)) {
			continue // /command or /plugin:skill: agents resolve it by name
		}
		t, escapes, ok := parseLinkDest(l.Dest)
		if !ok {
			continue
		}
		line, col := c.bodyPos(l.Offset)
		if escapes {
			dest, _, _ := strings.Cut(withoutSkillDirPlaceholder(strings.TrimSpace(l.Dest)), "#")
			c.reportEscape(c.skill.Location.File, ".", dest, l.Dest, line, col)
			continue
		}
		if t.file != "" && !c.exists(t.file) {
			what := "link"
			if l.Mention {
				what = "path"
			}
			if !c.reportThroughSymlink(c.skill.Location.File, what, l.Dest, t.file, line, col) {
				msg, hint := c.missingFileFinding(what, l.Dest, t.file, ".", "paths are relative to the skill folder.")
				c.report("skillmd/link", line, col, msg, hint)
			}
			continue
		}
		if !l.Mention {
			c.reportBackslashes(c.skill.Location.File, l.Dest, t.file, line, col)
		}
		c.checkWideReference(t.file)
		if t.file != "" && isMarkdown(t.file) && !linked[t.file] && len(linked) < maxLinkedFiles {
			linked[t.file] = true
			if n := c.markdownTokens(t.file); n >= 0 {
				c.doc.ReferenceTokens[t.file] = n
			}
		}
		if t.anchor != "" {
			c.checkAnchor(l, t, line, col)
		}
	}
	c.checkWideNamedFiles(c.doc.Body)
	c.checkNamedFiles(c.doc.Body, c.doc.Links)
	// Files under references/ load on demand too, linked or not.
	for _, f := range c.files {
		if strings.HasPrefix(f, "references/") && isMarkdown(f) && !linked[f] && len(linked) < maxLinkedFiles {
			linked[f] = true
			if n := c.markdownTokens(f); n >= 0 {
				c.doc.ReferenceTokens[f] = n
			}
		}
	}
	for _, f := range sortedKeys(c.doc.ReferenceTokens) {
		size := tokenSize{n: c.doc.ReferenceTokens[f], exact: c.exactTokens[f]}
		c.reportIn(c.fsPath(f), "skillmd/tokens", 1, 1, f+" costs "+size.Tokens()+" when an agent loads it", "")
	}
}

// reportBackslashes warns about a link that reaches an existing file only
// because the lint reads \ as a folder separator (references\guide.md, as
// Windows editors write it): macOS and Linux take the backslash as part of
// the file name, so an agent there opens nothing. Anthropic's skill
// authoring best practices say to write forward slashes for that reason.
func (c *checker) reportBackslashes(file, dest, target string, line, col int) {
	if target == "" || !strings.Contains(dest, `\`) {
		return
	}
	bare, _, _ := strings.Cut(strings.TrimSpace(dest), "#")
	c.reportIn(file, "skillmd/link", line, col,
		fmt.Sprintf("link %q separates folders with backslashes: agents on macOS and Linux read them as part of the file name and find no file", dest),
		fmt.Sprintf("Write forward slashes (%s); they work on Windows too.", strings.ReplaceAll(bare, `\`, "/")))
}

func isMarkdown(p string) bool {
	ext := strings.ToLower(path.Ext(p))
	return ext == ".md" || ext == ".markdown"
}

func (c *checker) checkAnchor(l Link, t linkTarget, line, col int) {
	var heads []Heading
	switch {
	case t.file == "":
		heads = c.doc.Headings
	case isMarkdown(t.file):
		var ok bool
		if heads, ok = c.linkedHeadings(t.file); !ok {
			return
		}
	default:
		return // an anchor into a non-Markdown file (a line number, say)
	}
	if _, ok := (Outline{Headings: heads}).HeadingWithSlug(t.anchor); ok {
		return
	}
	text := c.doc.Body
	if t.file != "" {
		text = string(c.linked[t.file].text)
	}
	if HTMLAnchor(text, t.anchor) {
		return
	}
	where := "the body"
	if t.file != "" {
		where = t.file
	}
	c.report("skillmd/anchor", line, col, fmt.Sprintf("link %q: no heading in %s has the anchor #%s", l.Dest, where, t.anchor),
		"Point the link at an existing heading's anchor (lowercase, spaces as hyphens, punctuation dropped).")
}

func sortedKeys(m map[string]int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// linkedFile is a Markdown file of the skill, read once per Load and
// scanned once, when its links or headings are first needed.
type linkedFile struct {
	file    string // its FS path
	text    []byte
	ok      bool
	outline *Outline // scanMarkdown's, with the headings
	links   *Outline // scanLinks', when only the links were needed
}

func (c *checker) linkedHeadings(rel string) ([]Heading, bool) {
	o, ok := c.linkedOutline(rel)
	if !ok {
		return nil, false
	}
	return o.Headings, true
}

// linkedOutline is the outline of the skill's Markdown file rel.
func (c *checker) linkedOutline(rel string) (*Outline, bool) {
	if _, ok := c.readLinked(rel); !ok {
		return nil, false
	}
	f := c.linked[rel]
	if f.outline == nil {
		o := scanMarkdown(f.text)
		f.outline = &o
		c.linked[rel] = f
	}
	return f.outline, true
}

// linkedLinks is the outline of the skill's Markdown file rel for its
// links and unclosed fence; its headings may be missing (linkedHeadings
// has them).
func (c *checker) linkedLinks(rel string) (*Outline, bool) {
	if _, ok := c.readLinked(rel); !ok {
		return nil, false
	}
	f := c.linked[rel]
	if f.outline != nil {
		return f.outline, true
	}
	if f.links == nil && bytes.Contains(f.text, []byte("](#")) {
		// A link to a heading of the file itself: checkLinkFrom will ask
		// for the headings, so scan once with them rather than twice.
		return c.linkedOutline(rel)
	}
	if f.links == nil {
		o := scanLinks(f.text)
		f.links = &o
		c.linked[rel] = f
	}
	return f.links, true
}

func (c *checker) readLinked(rel string) ([]byte, bool) {
	if c.linked == nil {
		c.linked = map[string]linkedFile{}
	}
	if f, ok := c.linked[rel]; ok {
		return f.text, f.ok
	}
	file := c.inDir(rel)
	buf := linkBuffers.Get().(*[]byte)
	data, _, err := readInto(c.fsys, file, maxLinkedBytes, *buf)
	if cap(data) > cap(*buf) {
		*buf = data[:0] // keep the larger buffer for the next Load
	}
	c.buffers = append(c.buffers, buf)
	ok := err == nil && sniff.NUL(data) < 0
	if ok {
		data, _ = sanitizeUTF8(data)
	} else if w, wide := sniff.WideText(data); err == nil && wide {
		// Read once per file (cached below), so reported once.
		c.reportIn(file, "skillmd/reference-encoding", 1, 1, rel+" is "+w.Name+" text, not UTF-8: an agent that opens it reads the bytes as UTF-8 and gets text broken by NUL bytes, or a refusal to read a binary file, so what it says is lost", wideHint)
	}
	c.linked[rel] = linkedFile{file: file, text: data, ok: ok}
	return data, ok
}

// fsPath is the FS path of the skill's file rel, the one readLinked made
// when it read rel.
func (c *checker) fsPath(rel string) string {
	if f, ok := c.linked[rel]; ok {
		return f.file
	}
	return c.inDir(rel)
}

func (c *checker) markdownTokens(rel string) int {
	text, ok := c.readLinked(rel)
	if !ok {
		return -1
	}
	size := tokensOf(text)
	if size.exact {
		if c.exactTokens == nil {
			c.exactTokens = map[string]bool{}
		}
		c.exactTokens[rel] = true
	}
	return size.n
}
