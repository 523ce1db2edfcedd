package ui

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
)

// Pulling a remote skill copies someone else's files into this folder, so
// the studio shows the skill's review first and asks, as the CLI's pull
// does. A skill not reviewed yet is reviewed first (its files are fetched
// for that, never run); the question comes when the review lands.

// askPull asks before pulling e, or starts its review and asks when it
// lands (pendingPull). pull is what a yes runs.
func (m *Model) askPull(e *Entry, dir string, pull func() tea.Cmd) tea.Cmd {
	r := e.riskCurrent()
	if r == nil {
		m.pendingPull = &pendingPull{id: e.ID, dir: dir, pull: pull}
		m.setStatus("Reviewing "+e.Skill.Name+" before pulling it…", false)
		return reviewEntries(m.c.Rules, []*Entry{e}, true)
	}
	k := m.c.Keys
	where := displayPath(m.c.WorkDir, dir)
	if where == "." {
		where = "this folder"
	}
	m.confirm = &confirmation{
		// The keys first: a long verdict may be cut at the bar's edge.
		question: fmt.Sprintf("Pull %s into %s? %s/%s · its review: %s", e.Skill.Name, where,
			k.Confirm.Help().Key, k.Cancel.Help().Key, r.Verdict.Line),
		detailTitle: "Review of " + e.Skill.Name + " before pulling it (read from its files; nothing was run):",
		detail:      pullEvidence(r),
		detailMore:  "answer n, then the Review tab lists them all",
		no:          "Nothing pulled.",
		yes:         pull,
	}
	return nil
}

// pendingPull is a pull waiting for its skill's review.
type pendingPull struct {
	id   int
	dir  string
	pull func() tea.Cmd
}

// onReviewedForPull asks the waiting pull's question once its review is in.
func (m *Model) onReviewedForPull() tea.Cmd {
	p := m.pendingPull
	if p == nil {
		return nil
	}
	e := m.entries[p.id]
	if e == nil {
		m.pendingPull = nil
		return nil
	}
	if e.riskCurrent() == nil {
		return nil // another skill's review; keep waiting
	}
	m.pendingPull = nil
	return m.askPull(e, p.dir, p.pull)
}

// pullEvidence lists a review's findings, most severe first, one line
// each, with where they are.
func pullEvidence(r *riskResult) string {
	if len(r.Findings) == 0 {
		return "Nothing to flag: no undeclared hosts, hidden text, instructions aimed at the agent or secrets were found."
	}
	ds := sortedFindings(r.Findings)
	var b strings.Builder
	for _, d := range ds {
		where := d.File
		if d.Line > 0 {
			where = fmt.Sprintf("%s:%d", where, d.Line)
		}
		fmt.Fprintf(&b, "%s %s  %s\n  %s\n", severityGlyph(d.Severity), d.Rule, where, d.Message)
	}
	return strings.TrimRight(b.String(), "\n")
}
