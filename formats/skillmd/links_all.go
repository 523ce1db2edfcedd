package skillmd

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"path"
	"slices"
	"strings"

	"github.com/skillstudio/skillstudio/internal/lazyre"
	"github.com/skillstudio/skillstudio/model"
)

// Every Markdown file of a skill is read by an agent the moment SKILL.md
// sends it there, so its relative links, anchors and code fences get the
// checks SKILL.md's body gets. A file inside a nested skill's folder is
// that skill's business and is left to it.

// slashCommand is a link to a slash command (/review, /plugin:skill),
// which agents resolve by name, not a file path.
var slashCommand = lazyre.New(`^/[a-z0-9][a-z0-9_-]*(:[a-z0-9][a-z0-9_-]*)?$`)

// checkOtherMarkdown checks each Markdown file of the skill other than
// SKILL.md, at most maxLinkedFiles of them.
func (c *checker) checkOtherMarkdown() {
	main := path.Base(c.skill.Location.File)
	n := 0
	for _, f := range c.files {
		if f == main || !isMarkdown(f) || c.inNestedSkill(f) {
			continue
		}
		if n++; n > maxLinkedFiles {
			return
		}
		text, ok := c.readLinked(f)
		if !ok || !mayHaveLinkFindings(text) {
			continue
		}
		out, _ := c.linkedLinks(f)
		lines := newLineIndex(text)
		file := c.fsPath(f)
		if out.Unclosed {
			line, col := lines.position(out.UnclosedAt)
			c.reportIn(file, "skillmd/unclosed-fence", line, col, "this code fence is never closed, so the rest of the file is code",
				"Close it with a line of the same fence characters (``` or ~~~).")
		}
		if out.Cut {
			line, col := lines.position(out.CutAt)
			c.reportIn(file, "skillmd/markdown-too-dense", line, col, denseMessage, denseHint)
		}
		if isTemplate(f) {
			continue
		}
		for _, l := range out.Links {
			if l.Mention {
				continue // a references/… path in prose names a file from the skill root, not from here
			}
			c.checkLinkFrom(f, file, l, lines)
		}
	}
}

// isTemplate: f lies under assets/ or templates/ (template/), where the
// spec keeps templates and static files the skill copies into its output,
// or its name says it is one wherever it lies (references/report_template.md,
// plan-template.md, _template.md, changelog.template.md), as skills often
// keep the template beside the guide that uses it. A link in such a file
// points where the copy will live (a report's charts, the changelog page
// next to it), not into this skill, so it is not checked; its code fences
// still are. A catalogue of templates (post-templates.md) or a guide about
// them (template-guide.md) is a reference: its links are checked.
func isTemplate(f string) bool {
	top, _, _ := strings.Cut(f, "/")
	if top == "assets" || top == "templates" || top == "template" {
		return true
	}
	stem := strings.ToLower(path.Base(f))
	stem = strings.TrimSuffix(strings.TrimSuffix(stem, ".md"), ".markdown")
	if stem == "template" {
		return true
	}
	for _, sep := range []string{"_", "-", "."} {
		if strings.HasSuffix(stem, sep+"template") {
			return true
		}
	}
	return false
}

// mayHaveLinkFindings: text could hold a link ("](" inline, "]:" for a
// reference definition; CommonMark allows nothing between) or a code
// fence, the only things checkOtherMarkdown reports on. About a quarter
// of the corpus's reference files hold neither and need no scan.
func mayHaveLinkFindings(text []byte) bool {
	return bytes.Contains(text, []byte("](")) || bytes.Contains(text, []byte("]:")) ||
		bytes.Contains(text, []byte("```")) || bytes.Contains(text, []byte("~~~"))
}

// inNestedSkill says whether f lies in a sub-folder of the skill that has
// its own SKILL.md.
func (c *checker) inNestedSkill(f string) bool {
	for d := path.Dir(f); d != "." && d != "/"; d = path.Dir(d) {
		if c.fileSet[d+"/SKILL.md"] || c.fileSet[d+"/skill.md"] {
			return true
		}
	}
	return false
}

// checkLinkFrom checks link l written in the skill's Markdown file self
// (file is its FS path); lines places findings in it.
func (c *checker) checkLinkFrom(self, file string, l Link, lines *lineIndex) {
	from := path.Dir(self)
	if slashCommand.MatchString(strings.TrimSpace(l.Dest)) {
		return
	}
	t, escapes, ok := parseLinkDest(fromSkillRoot(from, l.Dest))
	if !ok {
		return
	}
	line, col := lines.position(l.Offset)
	if escapes {
		dest, _, _ := strings.Cut(strings.TrimSpace(l.Dest), "#")
		if rest := withoutSkillDirPlaceholder(dest); rest != dest {
			dest, from = rest, "." // the placeholder is the skill folder, wherever the file linking is
		}
		c.reportEscape(file, from, dest, l.Dest, line, col)
		return
	}
	target := t.file
	if target != "" && !c.exists(target) {
		if rt, esc, ok := parseLinkDest(l.Dest); ok && !esc && rt.file != "" && c.exists(rt.file) {
			// Written from the skill folder, as agents often resolve it;
			// only a Markdown viewer (relative to this file) misses it.
			d := c.reportIn(file, "skillmd/link", line, col, fmt.Sprintf("link %q is written from the skill folder: agents that resolve paths from there find it, a Markdown viewer of this file does not", l.Dest),
				fmt.Sprintf("Write it relative to this file (%s) so both find it.", relLink(from, rt.file)))
			d.Severity = model.SeverityInfo
			return
		}
		if !c.reportThroughSymlink(file, "link", l.Dest, target, line, col) {
			msg, hint := c.missingFileFinding("link", l.Dest, target, from, "links in this file are relative to its folder.")
			c.reportIn(file, "skillmd/link", line, col, msg, hint)
		}
		return
	}
	c.reportBackslashes(file, l.Dest, target, line, col)
	c.checkWideReference(target)
	if t.anchor == "" {
		return
	}
	var heads []Heading
	where := target
	switch {
	case target == "":
		heads, _ = c.linkedHeadings(self)
		where = "this file"
	case isMarkdown(target):
		var ok bool
		if heads, ok = c.linkedHeadings(target); !ok {
			return
		}
	default:
		return
	}
	if _, ok := (Outline{Headings: heads}).HeadingWithSlug(t.anchor); ok {
		return
	}
	anchorFile := target
	if anchorFile == "" {
		anchorFile = self
	}
	if HTMLAnchor(string(c.linked[anchorFile].text), t.anchor) {
		return
	}
	c.reportIn(file, "skillmd/anchor", line, col, fmt.Sprintf("link %q: no heading in %s has the anchor #%s", l.Dest, where, t.anchor),
		"Point the link at an existing heading's anchor (lowercase, spaces as hyphens, punctuation dropped).")
}

// fromSkillRoot rewrites a relative link written in a file of folder from
// (relative to the skill folder) as a path from the skill folder, so
// ../SKILL.md in references/x.md is SKILL.md. Absolute paths, URLs and
// the agents' skill-folder placeholders are left as they are.
func fromSkillRoot(from, dest string) string {
	d := strings.TrimSpace(dest)
	if from == "." || d == "" || strings.HasPrefix(d, "#") || strings.HasPrefix(d, "/") || strings.HasPrefix(d, "\\") || strings.HasPrefix(d, "<") || hasScheme(d) {
		return dest
	}
	for _, p := range skillDirPlaceholders {
		if strings.HasPrefix(d, p) {
			return dest
		}
	}
	return from + "/" + d
}

// reportEscape reports a link that leaves the skill folder, telling apart
// one that still resolves in the repository it was found in (it breaks
// only once the skill is installed on its own) from one broken everywhere.
func (c *checker) reportEscape(file, from, dest, raw string, line, col int) {
	msg := fmt.Sprintf("link %q leaves the skill folder", raw)
	if unescaped, err := url.PathUnescape(dest); err == nil {
		dest = unescaped
	}
	inPlugin, inProject, missing := false, "", false
	if !strings.HasPrefix(dest, "/") && !strings.HasPrefix(dest, "\\") {
		full := path.Join(c.dir, from, dest)
		switch _, err := fs.Stat(c.fsys, full); {
		case strings.HasPrefix(full, "../") || full == "..":
			// beyond what was opened: cannot tell
		case err == nil && c.insideOuterSkill(full):
			return // a nested skill ships inside its outer skill: the link stays in what is installed
		case err == nil:
			if p := c.pluginRoot(); p != "" && within(full, p) {
				inPlugin = true
				msg += fmt.Sprintf("; it stays inside the plugin %s, which Claude Code installs whole", c.pluginName(p))
			} else if inProject = c.projectSkillsDir(); inProject != "" {
				msg += fmt.Sprintf("; it stays in the repository, whose %s folder the agent reads in place", inProject)
			} else {
				msg += "; it resolves in the repository, but not once the skill is installed on its own"
			}
		default:
			msg += " and points at nothing in the repository either"
			missing = true
		}
	}
	hint := "Copy what it points at into the skill and link to it with a path inside the folder."
	switch {
	case missing:
		// Copying "what it points at" means nothing when there is nothing.
		hint = "Fix the path (a relative link starts from the folder of the file it is in) or create the file; then keep it inside the skill folder."
	case inProject != "":
		hint = "Nothing to change while the skill lives in the repository; copy the file into the skill before publishing it on its own."
	}
	d := c.reportIn(file, "skillmd/link-escapes", line, col, msg, hint)
	if inPlugin || inProject != "" {
		d.Severity = model.SeverityInfo // works wherever the plugin is installed, or in the repository the project skill belongs to; only a standalone copy breaks
	}
}

// within says whether FS path p lies inside folder dir; "." (a plugin
// linted from its own root, the usual CI step) holds every path that does
// not climb out of it.
func within(p, dir string) bool {
	if dir == "." {
		return p != ".." && !strings.HasPrefix(p, "../")
	}
	return strings.HasPrefix(p, dir+"/")
}

// projectSkillDirs are the folders of a repository where agents find its
// project skills and read them in place, never installing them elsewhere:
// Claude Code .claude/skills, GitHub Copilot .github/skills (and
// .claude/skills), Codex .agents/skills and .codex/skills, Cursor
// .cursor/skills, Gemini CLI .gemini/skills, OpenCode .opencode/skills,
// pi .pi/skills.
var projectSkillDirs = []string{".claude", ".github", ".agents", ".codex", ".cursor", ".gemini", ".opencode", ".pi"}

// projectSkillsDir is the project skills folder (".github/skills") the
// skill, or a skill it is nested in, sits in, or "".
func (c *checker) projectSkillsDir() string {
	for _, dir := range append([]string{c.dir}, c.outerSkills()...) {
		parent := path.Dir(dir)
		if path.Base(parent) != "skills" {
			continue
		}
		if dot := path.Base(path.Dir(parent)); slices.Contains(projectSkillDirs, dot) {
			return dot + "/skills"
		}
	}
	return ""
}

// outerSkills are the folders above the skill that hold a SKILL.md,
// nearest first: a skill nested in one of them is installed as part of it.
func (c *checker) outerSkills() []string {
	if c.outer != nil {
		return *c.outer
	}
	out := []string{}
	for d := path.Dir(c.dir); d != "." && d != "/" && d != ".."; d = path.Dir(d) {
		if isRegular(c.fsys, path.Join(d, "SKILL.md")) || isRegular(c.fsys, path.Join(d, "skill.md")) {
			out = append(out, d)
		}
	}
	c.outer = &out
	return out
}

// insideOuterSkill says whether p (an FS path) lies in a skill folder the
// skill is nested in.
func (c *checker) insideOuterSkill(p string) bool {
	for _, d := range c.outerSkills() {
		if strings.HasPrefix(p, d+"/") {
			return true
		}
	}
	return false
}

func isRegular(fsys fs.FS, p string) bool {
	info, err := fs.Stat(fsys, p)
	return err == nil && info.Mode().IsRegular()
}

// pluginRoot is the Claude Code plugin folder the skill ships in
// (<plugin>/skills/<name> with <plugin>/.claude-plugin/plugin.json, where
// <name> is the skill or a skill it is nested in), or "".
func (c *checker) pluginRoot() string {
	for _, dir := range append([]string{c.dir}, c.outerSkills()...) {
		parent := path.Dir(dir)
		if path.Base(parent) != "skills" {
			continue
		}
		root := path.Dir(parent)
		if isRegular(c.fsys, path.Join(root, ".claude-plugin", "plugin.json")) {
			return root
		}
	}
	return ""
}

// pluginName names the plugin in folder root: its folder, or when that is
// the folder linted (".", which has no name here) the name in plugin.json.
func (c *checker) pluginName(root string) string {
	if root != "." {
		return fmt.Sprintf("%q", path.Base(root))
	}
	var manifest struct {
		Name string `json:"name"`
	}
	if b, err := fs.ReadFile(c.fsys, ".claude-plugin/plugin.json"); err == nil && json.Unmarshal(b, &manifest) == nil && manifest.Name != "" {
		return fmt.Sprintf("%q", manifest.Name)
	}
	return "at the top of the folder linted"
}

// relLink writes target (relative to the skill folder) as a link from
// folder from.
func relLink(from, target string) string {
	up := ""
	for d := from; d != "." && d != ""; d = path.Dir(d) {
		up += "../"
	}
	return up + target
}

// reportThroughSymlink reports a missing target that lies below a symbolic
// link of the skill folder, which the file system would not follow here
// (it leads outside what was opened, or to nothing), as an info saying
// so rather than "no such file"; false when target is below no link.
func (c *checker) reportThroughSymlink(file, what, dest, target string, line, col int) bool {
	link := c.symlinkAbove(target)
	if link == "" {
		return false
	}
	at := path.Join(c.dir, link)
	to, err := fs.ReadLink(c.fsys, at)
	if err != nil {
		return false
	}
	msg := fmt.Sprintf("%s %q goes through the symbolic link %s → %s", what, dest, link, to)
	if _, err := fs.Stat(c.fsys, at); err == nil || errors.Is(err, fs.ErrNotExist) {
		// The link resolves (or dangles) inside what was opened: the
		// file is missing here as much as anywhere.
		c.reportIn(file, "skillmd/link", line, col, msg+", and there is no such file there",
			"Create the file or fix the path or the symbolic link.")
		return true
	}
	d := c.reportIn(file, "skillmd/link", line, col, msg+", which leads outside the folder linted, so the file could not be checked",
		"Lint the folder that holds what the link points at (the repository), or copy the file into the skill.")
	d.Severity = model.SeverityInfo
	return true
}
