package formats

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/skillstudio/skillstudio/internal/safefs"
)

func TestSkippedLinkNamesLinkAndTarget(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"skills/a/SKILL.md": skillMD})
	symlink(t, filepath.Join("..", "nowhere"), filepath.Join(root, "skills", "old"))
	outside := t.TempDir()
	symlink(t, outside, filepath.Join(root, "skills", "away"))
	f := Find(safefs.Dir(root), ".")
	var msgs []string
	for _, p := range f.Problems {
		if p.Rule == "library/symlink-skipped" {
			msgs = append(msgs, p.Message)
		}
	}
	if len(msgs) != 2 {
		t.Fatalf("findings %q, want one per link", msgs)
	}
	all := strings.Join(msgs, "\n")
	for _, want := range []string{"skills/old -> ../nowhere points to nothing", "skills/away -> " + outside + " leads outside the source"} {
		if !strings.Contains(all, want) {
			t.Errorf("findings %q lack %q", all, want)
		}
	}
	if len(f.Candidates) != 1 {
		t.Errorf("candidates %v, want skills/a only", f.Candidates)
	}
}

// TestAbsoluteLinkSaysSo: Effect-style repositories commit .codex/skills
// as a link to an absolute path on the author's machine; every other clone
// finds nothing through it. The finding says it is absolute and asks for a
// relative link; a relative link out of the source is not called absolute.
func TestAbsoluteLinkSaysSo(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{".agents/skills/a/SKILL.md": skillMD, "in/x": ""})
	symlink(t, "/Users/someone/work/repo/.agents/skills", filepath.Join(root, ".codex-skills"))
	symlink(t, filepath.Join("..", "..", "elsewhere"), filepath.Join(root, "in", "up"))
	var abs, rel string
	for _, p := range Find(safefs.Dir(root), ".").Problems {
		switch {
		case p.Rule != "library/symlink-skipped":
		case strings.HasPrefix(p.Message, ".codex-skills"):
			abs = p.Message + " / " + p.Hint
		case strings.HasPrefix(p.Message, "in/up"):
			rel = p.Message + " / " + p.Hint
		}
	}
	if !strings.Contains(abs, "absolute path") || !strings.Contains(abs, "relative link") {
		t.Errorf("absolute link: %q, want it named absolute with a relative link as the fix", abs)
	}
	if rel == "" || strings.Contains(rel, "absolute") {
		t.Errorf("relative link out of the source: %q, want a finding that does not call it absolute", rel)
	}
}

func TestSkippedFolderOnceAndBounded(t *testing.T) {
	fsys := fstest.MapFS{"node_modules/a/SKILL.md": file(skillMD), "node_modules/b/SKILL.md": file(skillMD)}
	// A SKILL.md past the budget is not looked for.
	for i := range skippedFolderBudget + 10 {
		fsys["dist/f"+strconv.Itoa(i)] = file("")
	}
	fsys["dist/zzz/SKILL.md"] = file(skillMD)
	var got []string
	for _, p := range Find(fsys, ".").Problems {
		if p.Rule == "library/skipped-folder" {
			got = append(got, p.File)
		}
	}
	if strings.Join(got, ",") != "node_modules" {
		t.Errorf("skipped-folder findings on %v, want node_modules once (dist's SKILL.md is past the budget)", got)
	}
}

// A folder past the search's depth limit is named, not skipped in
// silence (a skill 1,500 folders down was simply not found).
func TestTooDeepFolderIsNamed(t *testing.T) {
	fsys := fstest.MapFS{strings.Repeat("a/", maxDepth+5) + "s/SKILL.md": {Data: []byte("---\nname: s\ndescription: d\n---\n")}}
	f := Find(fsys, ".")
	n := 0
	for _, p := range f.Problems {
		if p.Rule == "library/skipped-folder" && strings.Contains(p.Message, "folders deep") {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d too-deep findings: %+v", n, f.Problems)
	}
}

// TestLinkedAgentFolderIsAnAlias: .claude/skills -> ../.ai/skills is
// searched once, at the real path, but recorded as an alias, and the
// checked skill carries the path Claude Code reads it through; without
// it the listing said Claude Code loads none of the repository's skills.
func TestLinkedAgentFolderIsAnAlias(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{".ai/skills/a/SKILL.md": skillMD, ".claude/keep": ""})
	symlink(t, filepath.Join("..", ".ai", "skills"), filepath.Join(root, ".claude", "skills"))
	f := Find(safefs.Dir(root), ".")
	if len(f.Candidates) != 1 || len(f.Aliases) != 1 || f.Aliases[0] != (Alias{Link: ".claude/skills", Target: ".ai/skills"}) {
		t.Fatalf("candidates %v, aliases %v: want one skill and the link as an alias", f.Candidates, f.Aliases)
	}
	if got := AliasesOf(".ai/skills/a", f.Aliases); len(got) != 1 || got[0] != ".claude/skills/a" {
		t.Errorf("AliasesOf = %v", got)
	}
	if got := AliasesOf(".ai/skillsx/a", f.Aliases); len(got) != 0 {
		t.Errorf("AliasesOf a sibling folder = %v, want none", got)
	}
	if got := AliasesOf("x/a", []Alias{{Link: "l", Target: "."}}); len(got) != 1 || got[0] != "l/x/a" {
		t.Errorf("AliasesOf under a link to the root = %v", got)
	}
}
