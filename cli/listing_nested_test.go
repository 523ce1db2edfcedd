package cli

import (
	"strings"
	"testing"
)

// TestListingLeavesOutSubSkills: a router skill keeps its sub-skills in
// its own folder (reference/<name>/SKILL.md). Claude Code reads
// <skills folder>/<name>/SKILL.md only, so its listing holds the router
// alone and says what it left out; Codex walks the whole folder and lists
// every SKILL.md. Before, Claude Code's listing counted all three.
func TestListingLeavesOutSubSkills(t *testing.T) {
	isolateConfig(t)
	skill := func(name, desc string) string {
		return "---\nname: " + name + "\ndescription: " + desc + "\n---\n\n# " + name + "\n\nSteps.\n"
	}
	dir := writeTree(t, map[string]string{
		"skills/hub/SKILL.md":                skill("hub", "Routes analysis requests to a sub-skill. Use when the user types /hub."),
		"skills/hub/reference/book/SKILL.md": skill("book", "Outlines a long document. Use when asked to study a book."),
		"skills/hub/reference/code/SKILL.md": skill("code", "Explains code with diagrams. Use when asked how a function works."),
		"skills/solo/SKILL.md":               skill("solo", "Stands alone. Use when testing."),
	})
	code, out, errOut := runCLI(t, "listing", dir)
	if code != 0 || !strings.Contains(out, "Claude Code: 2 skills") || strings.Contains(out, "reference/book") ||
		!strings.Contains(errOut, "left out 2 skills inside other skills' folders (skills/hub/reference/book, skills/hub/reference/code)") {
		t.Errorf("exit %d\n%s\n%s", code, out, errOut)
	}
	code, out, errOut = runCLI(t, "listing", "--agent", "codex", dir)
	if code != 0 || !strings.Contains(out, "Codex: 4 skills") || strings.Contains(errOut, "left out") {
		t.Errorf("exit %d\n%s\n%s", code, out, errOut)
	}
	// The sub-skill's folder given directly is a skills library of its own.
	code, out, errOut = runCLI(t, "listing", dir+"/skills/hub/reference")
	if code != 0 || !strings.Contains(out, "Claude Code: 2 skills") || strings.Contains(errOut, "left out") {
		t.Errorf("exit %d\n%s\n%s", code, out, errOut)
	}
}
