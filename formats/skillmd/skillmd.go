// Package skillmd reads and checks SKILL.md skills: a folder holding
// SKILL.md (YAML frontmatter + Markdown body) and optional scripts/,
// references/ and assets/. The frontmatter is read with yaml.v3 nodes so
// every finding has a line and column; the checks follow the four layers of
// the spec (open standard, Claude Code, skillli, quiz blocks), filtered by
// the profile in model.Options.
package skillmd

import (
	"bytes"
	"fmt"
	"io/fs"
	"path"
	"strings"

	"github.com/skillstudio/skillstudio/internal/sniff"
	"github.com/skillstudio/skillstudio/listing"
	"github.com/skillstudio/skillstudio/model"
	"gopkg.in/yaml.v3"
)

// Document is a SKILL.md as parsed: model.Skill.Doc holds one.
type Document struct {
	File        string // FS path of SKILL.md (with its real casing)
	Source      []byte // the bytes read (at most MaxFileBytes)
	Frontmatter Frontmatter
	// Body is the Markdown after the frontmatter; it starts at file byte
	// BodyOffset, line BodyLine.
	Body       string
	BodyOffset int
	BodyLine   int
	Headings   []Heading // line numbers relative to Body
	Links      []Link    // offsets relative to Body
	// BodyTokens is the body's cl100k_base token count (-1 if unknown):
	// exact when BodyTokensExact, else an estimate (EstimateTokens; lint
	// counts exactly only when the body-length verdict needs it).
	// ReferenceTokens estimates those of each Markdown file the body links
	// to or that references/ holds. CountTokens gives exact counts.
	BodyTokens      int
	BodyTokensExact bool
	ReferenceTokens map[string]int
	// OpenAI is agents/openai.yaml (Codex UI metadata) when present.
	OpenAI *yaml.Node
}

// Field returns the value node of a top-level frontmatter field.
func (d *Document) Field(name string) *yaml.Node {
	if d == nil {
		return nil
	}
	return mapGet(d.Frontmatter.Node, name)
}

// Load reads the skill in folder dir of fsys. dir's base name is the name
// the frontmatter `name` must equal. It never returns nil and never
// panics: what cannot be read comes back as diagnostics.
func Load(fsys fs.FS, dir string, opts model.Options) *model.Skill {
	if opts.Profile == "" {
		opts.Profile = model.ProfileAll
	}
	dir = path.Clean(dir)
	s := &model.Skill{Format: model.FormatSkillMD, Name: folderName(dir)}
	c := &checker{fsys: fsys, dir: dir, profile: opts.Profile, findingsOnly: opts.FindingsOnly, skill: s}
	c.run()
	for _, b := range c.buffers {
		linkBuffers.Put(b)
	}
	model.SortDiagnostics(s.Diagnostics)
	return s
}

func folderName(dir string) string {
	if dir == "." || dir == "/" || dir == "" {
		return ""
	}
	return path.Base(dir)
}

// wellKnown says whether dir is a publishing slot of the spec's
// decentralized discovery layout, <domain>/.well-known/skills/<slot>/ with
// a lowercase skill.md: the slot ("default") is not the skill's name and
// skill.md is the layout's own file name.
func wellKnown(dir string) bool {
	parent := path.Dir(dir)
	return path.Base(parent) == "skills" && path.Base(path.Dir(parent)) == ".well-known"
}

// checker carries one Load: where the skill is, what was read, and the
// findings so far.
type checker struct {
	fsys    fs.FS
	dir     string
	profile model.Profile
	// findingsOnly: the caller drops the views (model.Options), so the
	// field table is not built.
	findingsOnly bool
	skill        *model.Skill
	doc          *Document
	lines        *lineIndex
	files        []string              // relative to dir, sorted
	hookCommands []*yaml.Node          // the command strings of the frontmatter's command hooks
	fileSet      map[string]bool       // the same, for lookups (also holds folders)
	foldedFiles  map[string]string     // fileSet's paths by their lower-case form (nil until a link misses)
	symlinks     []string              // entries of files that are symbolic links (not followed by the walk)
	folders      int                   // folders the walk listed (maxFolders)
	truncated    bool                  // the walk stopped at maxFiles or maxFolders
	linked       map[string]linkedFile // Markdown files of the skill read so far
	wideChecked  map[string]bool       // non-Markdown references checkWideReference has sniffed
	exactTokens  map[string]bool       // Markdown references counted exactly (tokensOf)
	// buffers hold the linked files' bytes, handed back to linkBuffers
	// when the Load ends (nothing the skill keeps points into them).
	buffers []*[]byte
	// iconFiles are images agents/openai.yaml names (so not unreferenced).
	iconFiles map[string]bool
	// outer caches outerSkills (nil until asked).
	outer *[]string
}

func (c *checker) run() {
	s := c.skill
	c.listFiles()
	main := c.mainFile()
	s.Location.Dir = c.dir
	s.Location.File = c.inDir(main)
	s.Files = c.files
	c.doc = &Document{File: s.Location.File, BodyTokens: -1}
	if main != "SKILL.md" && !(main == "skill.md" && wellKnown(c.dir)) {
		c.report("skillmd/file-name", 0, 0, fmt.Sprintf("the skill's main file is named %s", main), "Rename it to SKILL.md.")
	}
	data, truncated, err := readCapped(c.fsys, s.Location.File, MaxFileBytes)
	if err != nil {
		c.report("skillmd/frontmatter", 0, 0, "cannot read SKILL.md: "+err.Error(), "Check that the file exists and is readable.")
		return
	}
	if truncated {
		c.report("skillmd/too-large", 0, 0, fmt.Sprintf("SKILL.md is larger than %d MiB; only the first %d MiB are checked", MaxFileBytes>>20, MaxFileBytes>>20),
			"Keep SKILL.md small and move detail into references/ files.")
	}
	if w, ok := sniff.WideText(data); ok {
		c.report("skillmd/binary", 1, 1, wideMessage("SKILL.md", w), wideHint)
		return
	}
	if i := sniff.NUL(data); i >= 0 {
		c.lines = newLineIndex(data)
		line, col := c.lines.position(i)
		c.report("skillmd/binary", line, col, "SKILL.md holds a NUL byte: it is a binary file, not Markdown", "Replace it with a text SKILL.md.")
		return
	}
	data, bad := sanitizeUTF8(data)
	c.lines = newLineIndex(data)
	if bad >= 0 {
		line, col := c.lines.position(bad)
		c.report("skillmd/encoding", line, col, "SKILL.md is not valid UTF-8 (invalid bytes are read as '?')", "Save the file as UTF-8.")
	}
	c.doc.Source = data
	s.Doc = c.doc
	fm := ParseFrontmatter(data)
	c.doc.Frontmatter = fm
	c.doc.Body = string(data[fm.BodyStart:])
	c.doc.BodyOffset, c.doc.BodyLine = fm.BodyStart, fm.BodyLine
	s.Body, s.BodyFile, s.BodyLine = c.doc.Body, s.Location.File, fm.BodyLine
	for _, p := range fm.Problems {
		if truncated && !fm.Closed && p.Line == 1 {
			// The closing --- may lie past the cap: say what was seen,
			// not that the file has none (a 10 MB description did).
			p.Message = fmt.Sprintf("the frontmatter does not close within the first %d MiB that are read: no --- line follows the opening one there", MaxFileBytes>>20)
			p.Hint = "Keep the frontmatter short (a description is at most 1,024 characters) so the closing --- comes early."
		}
		d := c.report("skillmd/frontmatter", p.Line, p.Col, p.Message, p.Hint)
		if !fm.Present {
			c.claudeCodeFallback(d, fallbackBoth)
		}
	}
	for _, r := range fm.Repairs {
		c.reportColon(r)
	}
	c.checkValueComments(data, fm)

	c.checkFrontmatter()
	c.checkSecondFrontmatter()
	if !c.findingsOnly {
		c.skill.Fields = fieldTable(fm.Node)
	} else {
		// The caller drops the views but keeps the fields the listing
		// reads (formats.dropViews): without them lint and listing
		// counted a disable-model-invocation skill in the budget.
		c.skill.Fields = fieldsNamed(fm.Node, listing.FieldsRead)
	}
	facts := scanMarkdown(data[fm.BodyStart:])
	c.doc.Headings, c.doc.Links = facts.Headings, facts.Links
	c.checkQuiz()
	c.checkBody()
	if facts.Unclosed {
		line, col := c.bodyPos(facts.UnclosedAt)
		c.report("skillmd/unclosed-fence", line, col, "this code fence is never closed, so the rest of the body is code",
			"Close it with a line of the same fence characters (``` or ~~~).")
	}
	if facts.Cut {
		line, col := c.bodyPos(facts.CutAt)
		c.report("skillmd/markdown-too-dense", line, col, denseMessage, denseHint)
	}
	c.checkOtherMarkdown()
	c.checkCodex()
	c.checkUnreferenced()
	c.checkWindowsNames()
}

// report adds a finding of rule id at a file position of SKILL.md.
func (c *checker) report(id string, line, col int, msg, hint string) *model.Diagnostic {
	return c.reportIn(c.skill.Location.File, id, line, col, msg, hint)
}

func (c *checker) reportIn(file, id string, line, col int, msg, hint string) *model.Diagnostic {
	if line <= 0 {
		line, col = 1, 1
	}
	c.skill.Diagnostics = append(c.skill.Diagnostics, Rules.New(id, file, line, max(col, 1), msg, hint))
	return &c.skill.Diagnostics[len(c.skill.Diagnostics)-1]
}

// at reports a finding at a frontmatter node.
func (c *checker) at(n *yaml.Node, id, msg, hint string) *model.Diagnostic {
	line, col := c.nodePos(n)
	return c.report(id, line, col, msg, hint)
}

// nodePos turns a frontmatter node's position into a file line and byte
// column.
func (c *checker) nodePos(n *yaml.Node) (int, int) {
	if n == nil || c.doc == nil || !c.doc.Frontmatter.Present {
		return 1, 1
	}
	line := c.doc.Frontmatter.Line + n.Line - 1
	return line, c.lines.byteColumn(line, n.Column)
}

// bodyPos turns a body byte offset into a file line and byte column.
func (c *checker) bodyPos(off int) (int, int) {
	return c.lines.position(c.doc.BodyOffset + off)
}

// commentedKeys are the fields whose text the agent reads to choose the
// skill; a comment that cuts one loses what the author wrote.
var commentedKeys = map[string]bool{"description": true, "when_to_use": true}

// checkValueComments reports a top-level plain description (or
// when_to_use) whose line holds " #": YAML ends the value there and reads
// the rest as a comment, silently.
func (c *checker) checkValueComments(src []byte, fm Frontmatter) {
	if !fm.Present || fm.End > len(src) || fm.Start > fm.End {
		return
	}
	text := src[fm.Start:fm.End]
	for off, n := 0, 0; off < len(text); n++ {
		line, next := lineAt(text, off)
		off = next
		if bytes.IndexByte(line, '#') < 0 {
			continue // most lines: no comment to cut at, no regexp to run
		}
		m := topLevelPlain.FindSubmatchIndex(line)
		if m == nil || !commentedKeys[string(line[m[2]:m[3]])] {
			continue
		}
		v := line[m[4]:m[5]]
		if len(v) == 0 || strings.IndexByte("\"'[{|>&*!#%@`", v[0]) >= 0 {
			continue
		}
		i := bytes.Index(v, []byte(" #"))
		if j := bytes.Index(v, []byte("\t#")); j >= 0 && (i < 0 || j < i) {
			i = j
		}
		if i < 0 {
			continue
		}
		key := string(line[m[2]:m[3]])
		kept := strings.TrimSpace(string(v[:i]))
		fileLine := fm.Line + n
		col := m[4] + i + 2 // the #, as a 1-based byte column
		c.report("skillmd/description-comment", fileLine, col,
			fmt.Sprintf("the %s value holds \" #\" without quotes: YAML reads the rest of the line as a comment, so agents see only %q", key, kept),
			"Put the whole value in double quotes (or drop the space before #).")
	}
}

func (c *checker) reportColon(r Repair) {
	msg := "the %s value holds \": \" without quotes, which is invalid YAML: skills-ref and Codex reject the skill (Claude Code reads the whole line)"
	if c.profile == model.ProfileClaudeCode {
		msg = "the %s value holds \": \" without quotes, which is invalid YAML (Claude Code reads the whole line; skills-ref and Codex reject the skill)"
	}
	d := c.report("skillmd/description-colon", r.Line, r.Col, fmt.Sprintf(msg, r.Key), "Put the value in double quotes.")
	if c.profile == model.ProfileClaudeCode {
		d.Severity = model.SeverityWarning // Claude Code re-reads the line as text and loads the skill
	}
	d.EndLine, d.EndColumn = r.Line, r.Col+(r.End-r.Start)
	d.Fix = &model.Fix{
		Description: fmt.Sprintf("quote the %s value", r.Key),
		Edits:       []model.TextEdit{{File: c.skill.Location.File, Start: r.Start, End: r.End, NewText: r.Quoted}},
	}
}

// maxFiles bounds the file list of one skill; a skill folder holding a
// whole repository (or a node_modules) must not stall the load.
const maxFiles = 2000

// maxFolders bounds the folders the file list enters: a SKILL.md at the
// top of a tree of folders (a buffer named /usr/SKILL.md) listed every
// one of them while it had fewer than maxFiles files in all.
const maxFolders = 1000

// listFiles walks the skill folder (never following symlinks), skipping
// VCS data and dependencies. It visits what fs.WalkDir visits, in the same
// order, without its Stat of the folder and its path.Join per entry.
func (c *checker) listFiles() {
	c.fileSet = map[string]bool{}
	c.folders, c.truncated = 0, false
	c.walk("")
}

// walk lists folder rel of the skill; false stops the walk (maxFiles,
// maxFolders).
func (c *checker) walk(rel string) bool {
	full := c.dir
	switch {
	case rel == "":
	case c.dir == ".":
		full = rel
	default:
		full = c.dir + "/" + rel
	}
	entries, err := fs.ReadDir(c.fsys, full)
	if err != nil {
		return true
	}
	for _, d := range entries {
		name := d.Name()
		r := name
		if rel != "" {
			r = rel + "/" + name
		}
		if d.IsDir() {
			switch name {
			case ".git", "node_modules", ".hg", ".svn", "__pycache__":
				continue
			}
			c.fileSet[r] = true
			if c.folders++; c.folders > maxFolders {
				c.truncated = true
				return false
			}
			if !c.walk(r) {
				return false
			}
			continue
		}
		if len(c.files) >= maxFiles {
			c.truncated = true
			return false
		}
		if d.Type()&fs.ModeSymlink != 0 {
			c.symlinks = append(c.symlinks, r)
		}
		c.files = append(c.files, r)
		c.fileSet[r] = true
	}
	return true
}

// mainFile picks SKILL.md in its real casing: SKILL.md, then skill.md,
// then any other casing.
func (c *checker) mainFile() string {
	best := ""
	for _, f := range c.files {
		if strings.Contains(f, "/") || !strings.EqualFold(f, "SKILL.md") {
			continue
		}
		switch {
		case f == "SKILL.md":
			return f
		case f == "skill.md" || best == "":
			best = f
		}
	}
	if best == "" {
		return "SKILL.md"
	}
	return best
}

// exists says whether rel (relative to the skill folder, cleaned) names a
// file or folder of the skill.
func (c *checker) exists(rel string) bool {
	if c.fileSet[rel] {
		return true
	}
	if c.truncated || c.underSymlink(rel) {
		_, err := fs.Stat(c.fsys, c.inDir(rel))
		return err == nil
	}
	return false
}

// underSymlink says whether rel lies below a symbolic link of the skill
// folder (a shared folder linked in, skills/x/brand -> ../_shared/brand):
// the walk does not follow links, so only the file system can say whether
// rel is there.
func (c *checker) underSymlink(rel string) bool {
	return c.symlinkAbove(rel) != ""
}

// symlinkAbove is the symbolic link of the skill folder rel lies below,
// or "".
func (c *checker) symlinkAbove(rel string) string {
	for _, l := range c.symlinks {
		if strings.HasPrefix(rel, l+"/") {
			return l
		}
	}
	return ""
}
