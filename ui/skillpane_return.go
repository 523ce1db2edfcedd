package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// The skill pane's side of quiz actions: the way back to the quiz after a
// branch action opened something in the Read tab, and the gate a run puts
// on the body, handed from the Quiz tab to the Read tab.

// returnPoint is where the back key returns to after a quiz action.
type returnPoint struct {
	entryID int // the skill the quiz runs on
	tab     int // the tab to show again (the Quiz tab)
	depth   int // the reader's stack depth the action started from
}

// returnToMsg asks the studio to select a skill and show one of its tabs
// (back from another skill a load-skill action opened).
type returnToMsg struct{ entryID, tab int }

// bodyGater is a tab that can hide the body (the Quiz tab during a run).
type bodyGater interface{ BodyGate() *bodyGate }

// gateTaker is a tab that honours such a gate (the Read tab).
type gateTaker interface{ setGate(g *bodyGate) tea.Cmd }

// syncGate hands a changed gate from the tab that sets it to the tabs that
// honour it. It runs after every message, synchronously, so a goto that
// follows an answer always finds its section unlocked.
func (p *skillPane) syncGate() tea.Cmd {
	var g *bodyGate
	for _, t := range p.tabs {
		if bg, ok := t.(bodyGater); ok {
			if g = bg.BodyGate(); g != nil {
				break
			}
		}
	}
	if g == p.gate {
		return nil
	}
	p.gate = g
	var cmds []tea.Cmd
	for _, t := range p.tabs {
		if gt, ok := t.(gateTaker); ok {
			cmds = append(cmds, gt.setGate(g))
		}
	}
	return tea.Batch(cmds...)
}

// readTab returns the Read tab and its index.
func (p *skillPane) readTab() (*readTab, int) {
	for i, t := range p.tabs {
		if rt, ok := t.(*readTab); ok {
			return rt, i
		}
	}
	return nil, -1
}

// markReturn remembers the active tab as the place the back key returns
// to, before a quiz action moves to the Read tab; depth is the reader's
// stack depth the action's document sits on.
func (p *skillPane) markReturn(depth int) *returnPoint {
	if p.entry == nil {
		return nil
	}
	p.setReturn(&returnPoint{entryID: p.entry.ID, tab: p.active, depth: max(depth, 1)})
	return p.ret
}

// setReturn installs a way back (kept across a load-skill's change of
// skill).
func (p *skillPane) setReturn(r *returnPoint) {
	p.ret = r
	if rt, _ := p.readTab(); rt != nil {
		rt.returnTo = ""
		if r != nil && r.tab >= 0 && r.tab < len(p.tabs) {
			rt.returnTo = p.tabs[r.tab].Title()
		}
	}
}

// clearReturn forgets the way back (the user went elsewhere).
func (p *skillPane) clearReturn() {
	p.ret = nil
	if rt, _ := p.readTab(); rt != nil {
		rt.returnTo = ""
	}
}

// handleReturnKey takes the back key in the Read tab after a quiz action:
// files opened from the action's document pop first, then the reader is
// put back as it was and the quiz shows again.
func (p *skillPane) handleReturnKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	rt, ri := p.readTab()
	if p.ret == nil || rt == nil || p.active != ri || !key.Matches(msg, p.c.Keys.QuizBack) {
		return nil, false
	}
	if len(rt.stack) > p.ret.depth+1 {
		return nil, false // a link followed inside the reference: pop it
	}
	ret := *p.ret
	p.clearReturn()
	var cmds []tea.Cmd
	if len(rt.stack) > ret.depth && ret.depth >= 1 {
		rt.stack = rt.stack[:ret.depth]
		rt.restore, rt.link, rt.note = rt.top().yOffset, -1, ""
		cmds = append(cmds, rt.request())
	}
	if p.entry != nil && p.entry.ID == ret.entryID {
		return tea.Batch(append(cmds, p.activate(ret.tab))...), true
	}
	return tea.Batch(append(cmds, func() tea.Msg { return returnToMsg{ret.entryID, ret.tab} })...), true
}

// backTo says where backspace returns to from the Read tab: the tab the
// file was opened from (the reader's footer and the help line agree; the
// help said "back to the quiz" after a file opened from Files or Review).
func backTo(tab string) string {
	if tab == "Quiz" {
		return "back to the quiz"
	}
	return "back to the " + tab + " tab"
}
