package ui

import (
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/registry"
	"github.com/skillstudio/skillstudio/review"
)

// The studio reviews skills in the background (review.Skill reads every
// file of a skill, and a remote skill's references are fetched on first
// read, so it never runs in Update). Results come back as riskReviewedMsg
// to the library (badge, sort by risk) and to the Review tab.

// riskChunk is how many skills one background command reviews before it
// reports, so badges fill in while a big library is still being reviewed.
const riskChunk = 64

// riskJob is one skill to review: the entry and the skill as it was when
// queued (entries' skills are immutable, so the command may read it).
type riskJob struct {
	id    int
	skill *model.Skill
}

// riskReviewedMsg carries finished reviews; next reviews the rest.
type riskReviewedMsg struct {
	reports map[int]riskResult
	next    tea.Cmd
}

// riskResult is a review with, for each finding, the lines around it as
// the Review tab shows them (read in the background with the review).
type riskResult struct {
	review.Report
	context [][]contextLine
}

// riskCurrent is the entry's review when it is of the skill now loaded.
func (e *Entry) riskCurrent() *riskResult {
	if e.risk != nil && e.loaded != nil && e.risk.Skill == e.loaded {
		return e.risk
	}
	return nil
}

// riskNeeded: the entry has a skill to review that is neither reviewed
// nor queued. Remote skills only when asked (reviewing one fetches all of
// its files).
func (e *Entry) riskNeeded(remoteToo bool) bool {
	if e.stub || e.failed || e.loaded == nil || e.riskCurrent() != nil || e.riskQueued == e.loaded {
		return false
	}
	return remoteToo || e.loaded.Location.Local || e.Base.Source == registry.EmbeddedSource
}

// reviewEntries queues the entries that need a review and returns the
// command that reviews them, or nil. Call it from Update only.
func reviewEntries(cfg *model.RuleConfig, es []*Entry, remoteToo bool) tea.Cmd {
	var jobs []riskJob
	for _, e := range es {
		if e != nil && e.riskNeeded(remoteToo) {
			e.riskQueued = e.loaded
			jobs = append(jobs, riskJob{e.ID, e.loaded})
		}
	}
	return reviewJobs(cfg, jobs, review.NewPlugins())
}

// reviewJobs reviews the jobs a chunk at a time; ps reads each plugin's
// files once for the whole queue, not once per skill of the plugin. Each
// skill's review still carries its plugin's findings: the Review tab
// shows one skill at a time.
func reviewJobs(cfg *model.RuleConfig, jobs []riskJob, ps *review.Plugins) tea.Cmd {
	if len(jobs) == 0 {
		return nil
	}
	return func() tea.Msg {
		n := min(len(jobs), riskChunk)
		msg := riskReviewedMsg{reports: make(map[int]riskResult, n), next: reviewJobs(cfg, jobs[n:], ps)}
		for _, j := range jobs[:n] {
			rep := review.ReviewedIn(j.skill, cfg, ps)
			msg.reports[j.id] = riskResult{Report: rep, context: findingContext(j.skill, rep.Findings)}
		}
		return msg
	}
}

// applyRisk stores finished reviews on their entries (when the entry
// still shows the skill reviewed) and reports whether any changed.
func applyRisk(es []*Entry, msg riskReviewedMsg) bool {
	changed := false
	for _, e := range es {
		if r, ok := msg.reports[e.ID]; ok && r.Skill == e.loaded {
			r := r
			e.risk = &r
			changed = true
		}
	}
	return changed
}

// compareRisk orders entries most risky first; unreviewed ones last.
func compareRisk(a, b *Entry) int {
	ra, rb := a.riskCurrent(), b.riskCurrent()
	switch {
	case ra == nil && rb == nil:
		return 0
	case ra == nil:
		return 1
	case rb == nil:
		return -1
	}
	return rb.Verdict.Compare(ra.Verdict)
}

// riskBadgeWidth is the width of the risk badge column in the library.
const riskBadgeWidth = 1

// riskBadge is the library's one-cell risk mark: ◆ the review found an
// error, ◇ a warning, · nothing to flag, blank while not yet reviewed.
func riskBadge(st *Styles, e *Entry, sel func(lipgloss.Style) lipgloss.Style) string {
	r := e.riskCurrent()
	switch {
	case r == nil:
		return sel(st.Row).Render(" ")
	case r.Verdict.Errors > 0:
		return sel(st.Error).Render("◆")
	case r.Verdict.Warnings > 0:
		return sel(st.Warning).Render("◇")
	}
	return sel(st.Dim).Render("·")
}
