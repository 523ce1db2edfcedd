package listing

import (
	"strings"
	"testing"

	"github.com/skillstudio/skillstudio/model"
)

// TestReadByKeepsEachAgentsOwnFolder: a repository that ships one skill
// into several agents' folders is listed, per agent, from that agent's
// folders only; a skill under no agent's folder is read by every agent.
func TestReadByKeepsEachAgentsOwnFolder(t *testing.T) {
	dirs := []string{
		".claude/skills/tidy", ".codex/skills/tidy", ".agents/skills/tidy",
		".cursor/skills/tidy", ".gemini/skills/tidy", ".github/skills/tidy",
		"skills/plain", "dotfiles/.claude/skills/home",
	}
	want := map[string]string{
		"claude-code": ".claude/skills/tidy skills/plain dotfiles/.claude/skills/home",
		"codex":       ".codex/skills/tidy .agents/skills/tidy skills/plain",
		"copilot":     ".claude/skills/tidy .agents/skills/tidy .github/skills/tidy skills/plain dotfiles/.claude/skills/home",
		"gemini":      ".agents/skills/tidy .gemini/skills/tidy skills/plain",
	}
	for _, p := range Profiles {
		skills := generated(len(dirs), 40)
		for i, s := range skills {
			s.Location.Dir = dirs[i]
		}
		read, other := ReadBy(p, skills)
		var got []string
		for _, s := range read {
			got = append(got, s.Location.Dir)
		}
		if strings.Join(got, " ") != want[p.ID] {
			t.Errorf("%s reads %q, want %q", p.ID, got, want[p.ID])
		}
		if len(read)+len(other) != len(dirs) {
			t.Errorf("%s: %d read + %d other, want %d", p.ID, len(read), len(other), len(dirs))
		}
	}
}

// TestCheckSkipsAnotherAgentsFolder: a description past Claude Code's cap
// in .codex/skills is not Claude Code's problem (it never lists it), but
// Codex's 1,024 cap still applies.
func TestCheckSkipsAnotherAgentsFolder(t *testing.T) {
	s := skill("long", "Use when "+strings.Repeat("word ", 400))
	s.Location.Dir = ".codex/skills/long"
	for _, d := range Check([]*model.Skill{s}, []Profile{ClaudeCode, Codex}, 0) {
		if strings.Contains(d.Message, "Claude Code") {
			t.Errorf("Claude Code finding on a .codex skill: %s", d.Message)
		}
	}
	var codex bool
	for _, d := range Check([]*model.Skill{s}, []Profile{Codex}, 0) {
		codex = codex || d.Rule == "skillmd/description-cap"
	}
	if !codex {
		t.Error("Codex's description cap not reported on its own folder")
	}
}
