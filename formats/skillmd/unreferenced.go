package skillmd

import (
	"fmt"
	"path"
	"strings"
)

// checkUnreferenced reports files of the skill that nothing mentions: not
// SKILL.md (frontmatter, body or code), nor any Markdown file it mentions,
// followed transitively. A mention is the file's relative path, its
// folder as a link target, or its base name; generous on purpose, since
// this is advice (info), and scripts are usually named inside code blocks.
func (c *checker) checkUnreferenced() {
	plugin := c.fileSet[pluginManifest]
	var pending, components, relays []string
	for _, f := range c.files {
		switch {
		case ignoredForReferences(f) || f == path.Base(c.skill.Location.File) || c.iconFiles[f]:
			if isRelay(f) {
				relays = append(relays, f)
			}
		case plugin && isPluginComponent(f):
			components = append(components, f)
		default:
			pending = append(pending, f)
		}
	}
	if len(pending) == 0 {
		return
	}
	texts := [][]byte{c.doc.Source}
	read := 0
	// A skill folder that is also a Claude Code plugin's root (plugin.json
	// beside SKILL.md, listed by the manifest's "skills": ["./"]): Claude
	// Code reads the plugin's hooks, commands and agents itself, so they
	// need no mention in SKILL.md, and what they run
	// (${CLAUDE_PLUGIN_ROOT}/scripts/x.sh) is referenced by them.
	for _, f := range append([]string{pluginManifest}, components...) {
		if read >= maxLinkedFiles {
			break
		}
		if text, ok := c.readLinked(f); ok {
			read++
			texts = append(texts, text)
		}
	}
	queued := map[string]bool{} // a file linked twice is searched once (the second search finds nothing new)
	for _, l := range c.doc.Links {
		if t, _, ok := parseLinkDest(l.Dest); ok && t.file != "" {
			pending = dropCovered(pending, t.file)
			if isMarkdown(t.file) && read < maxLinkedFiles {
				if text, ok := c.readLinked(t.file); ok {
					read++
					if !queued[t.file] {
						queued[t.file] = true
						texts = append(texts, text)
					}
				}
			}
		}
	}
	for len(texts) > 0 && len(pending) > 0 {
		text := texts[0]
		texts = texts[1:]
		kept := pending[:0]
		var found []string
		folders := map[string]bool{} // files share folders: search each once per text
		for _, f := range pending {
			if mentions(text, f, folders) {
				found = append(found, f)
			} else {
				kept = append(kept, f)
			}
		}
		pending = kept
		// A README.md deeper in the tree is an index page (references/api/
		// README.md listing the API pages): never reported, but what it
		// mentions is mentioned.
		keptRelays := relays[:0]
		for _, f := range relays {
			if mentions(text, f, folders) {
				found = append(found, f)
			} else {
				keptRelays = append(keptRelays, f)
			}
		}
		relays = keptRelays
		for _, f := range found {
			if isMarkdown(f) && read < maxLinkedFiles {
				read++
				if t, ok := c.readLinked(f); ok {
					texts = append(texts, t)
				}
			}
		}
	}
	for _, f := range pending {
		c.reportIn(c.inDir(f), "skillmd/unreferenced-file", 1, 1,
			fmt.Sprintf("%s is in the skill folder but SKILL.md never mentions it", f),
			"Mention it in SKILL.md (say when to read or run it), or remove it.")
	}
}

// isRelay: a README.md in a folder of the skill, which
// ignoredForReferences leaves unreported, still passes mentions on when
// something mentions it: inside references/ it is an index page. The
// README beside SKILL.md is for people browsing the repository, and
// evals, tests and dotfiles are not for the agent, so none of them is.
func isRelay(rel string) bool {
	return isMarkdown(rel) && strings.Contains(rel, "/") && strings.HasPrefix(strings.ToUpper(path.Base(rel)), "README") &&
		!strings.HasPrefix(rel, "evals/") && !strings.HasPrefix(rel, "tests/") && !strings.HasPrefix(rel, ".") && !strings.Contains(rel, "/.")
}

// pluginManifest is a Claude Code plugin's manifest, relative to its root.
const pluginManifest = ".claude-plugin/plugin.json"

// isPluginComponent: a file Claude Code loads from a plugin's root by
// convention (hooks/hooks.json, commands/*.md, agents/*.md,
// output-styles/*.md, settings.json), not one SKILL.md sends the agent to.
// agents/openai.yaml is Codex's and ignored on its own.
func isPluginComponent(rel string) bool {
	if rel == "settings.json" {
		return true
	}
	for _, dir := range []string{"hooks/", "commands/", "agents/", "output-styles/"} {
		if strings.HasPrefix(rel, dir) {
			return true
		}
	}
	return false
}

// ignoredForReferences: files that are for people or tools, not agents.
// evals/ holds test cases that eval tooling reads (evals/evals.json), not
// files SKILL.md should send an agent to; so do tests/ (a waza or CI
// tests/eval.yaml, tests of the skill's scripts) and eval files kept
// beside SKILL.md (promptfoo's evals.yaml, an evals.json, *.eval.md), which
// an agent should not read: they hold the expected answers.
func ignoredForReferences(rel string) bool {
	if strings.HasPrefix(rel, "evals/") || strings.HasPrefix(rel, "tests/") || isEvalFileName(rel) {
		return true
	}
	if strings.HasPrefix(rel, ".") || strings.Contains(rel, "/.") {
		return true // a part of the path starts with a dot
	}
	if rel == "agents/openai.yaml" {
		return true
	}
	base := path.Base(rel)
	ascii := isASCIIString(base)
	if !ascii {
		base = strings.ToUpper(base)
	}
	for _, p := range []string{"LICENSE", "LICENCE", "README", "CHANGELOG", "NOTICE", "COPYING"} {
		// For ASCII, EqualFold is ToUpper without making the new string.
		if ascii && len(base) >= len(p) && strings.EqualFold(base[:len(p)], p) || !ascii && strings.HasPrefix(base, p) {
			return true
		}
	}
	return false
}

// isEvalFileName: an eval file at the skill's root (evals.json,
// eval.yaml, evals.yml, promptfooconfig.yaml) or one named *.eval.md,
// *.eval.yaml anywhere.
func isEvalFileName(rel string) bool {
	base := strings.ToLower(path.Base(rel))
	ext := path.Ext(base)
	if ext != ".json" && ext != ".yaml" && ext != ".yml" && ext != ".md" {
		return false
	}
	stem := strings.TrimSuffix(base, ext)
	if strings.HasSuffix(stem, ".eval") || strings.HasSuffix(stem, ".evals") {
		return true
	}
	return rel == base && ext != ".md" && (stem == "eval" || stem == "evals" || stem == "promptfooconfig")
}

func isASCIIString(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// dropCovered removes target and, when target is a folder, what is in it.
func dropCovered(files []string, target string) []string {
	target = strings.TrimSuffix(target, "/")
	kept := files[:0]
	for _, f := range files {
		if f != target && !(len(f) > len(target) && f[len(target)] == '/' && strings.HasPrefix(f, target)) {
			kept = append(kept, f)
		}
	}
	return kept
}

// mentions: text names rel, a folder it is in, or (for a file with an
// extension) its base name. folders caches mentionsFolder's answers for
// this text.
func mentions(text []byte, rel string, folders map[string]bool) bool {
	base := path.Base(rel)
	if base != rel && strings.Contains(base, ".") {
		// rel ends with base, so a text without base has no rel either:
		// one search instead of two.
		if indexRare(text, base) >= 0 {
			return true
		}
	} else if indexRare(text, rel) >= 0 {
		return true
	}
	for dir := path.Dir(rel); dir != "."; dir = path.Dir(dir) {
		named, seen := folders[dir]
		if !seen {
			named = mentionsFolder(text, dir+"/") || mentionsModule(text, dir)
			folders[dir] = named
		}
		if named {
			return true
		}
	}
	return false
}

// mentionsFolder: the folder itself is named ("the `themes/` directory"),
// not merely a file inside it.
func mentionsFolder(text []byte, dir string) bool {
	for i := 0; ; {
		j := indexRare(text[i:], dir)
		if j < 0 {
			return false
		}
		end := i + j + len(dir)
		if end >= len(text) || !isPathByte(text[end]) {
			if start := i + j; start == 0 || !isPathByte(text[start-1]) {
				return true
			}
		}
		i = end
	}
}

// mentionsModule: the folder is run as a Python package ("python -m
// book_tool", "uv run -m book_tool.cli"), which names it with dots and no
// slash; everything in it is the package's.
func mentionsModule(text []byte, dir string) bool {
	mod := strings.ReplaceAll(dir, "/", ".")
	for _, r := range mod {
		if !(r == '_' || r == '.' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	for i := 0; ; {
		j := indexRare(text[i:], "-m "+mod)
		if j < 0 {
			return false
		}
		start, end := i+j, i+j+len("-m ")+len(mod)
		if (start == 0 || !isPathByte(text[start-1])) && (end >= len(text) || text[end] == '.' || !isPathByte(text[end])) {
			return true
		}
		i = end
	}
}

// isPathByte: b is an ASCII letter or digit, or one of _ - . / (a bit
// set per byte: the Markdown scans call this for every byte of a body).
func isPathByte(b byte) bool {
	if b < 64 {
		return pathBytesLow>>b&1 != 0
	}
	return b < 128 && pathBytesHigh>>(b-64)&1 != 0
}

const (
	pathBytesLow  uint64 = 1<<'-' | 1<<'.' | 1<<'/' | (1<<10-1)<<'0'
	pathBytesHigh uint64 = (1<<26-1)<<('A'-64) | 1<<('_'-64) | (1<<26-1)<<('a'-64)
)
