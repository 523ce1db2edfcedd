package ui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/skillstudio/skillstudio/sanitize"
)

// skillPane shows the selected skill: a header, the tab bar and the active
// tab. Tabs that are not shown get the skill when they are next opened, so
// moving through the library costs only the active tab's work.
type skillPane struct {
	c             *Common
	width, height int
	focused       bool

	entry  *Entry
	tabs   []Tab
	active int
	// shownID[i] is the ID of the skill tab i was last given (-1 none);
	// stale[i] is true when the pane's skill changed since.
	shownID []int
	stale   []bool

	// ret is the way back to the quiz after one of its actions; gate what
	// a quiz run hides of the body (skillpane_return.go).
	ret  *returnPoint
	gate *bodyGate

	// hydrate reads a slim entry whole (hydrate.go); nil outside the
	// studio.
	hydrate func(*Entry) tea.Cmd
}

func newSkillPane(c *Common) *skillPane {
	tabs := newTabs(c)
	p := &skillPane{c: c, tabs: tabs, shownID: make([]int, len(tabs)), stale: make([]bool, len(tabs))}
	for i := range p.shownID {
		p.shownID[i] = -1
	}
	return p
}

// headerHeight is the lines above the active tab: name, path, tab bar.
const headerHeight = 3

func (p *skillPane) SetSize(w, h int) {
	p.width, p.height = w, h
	for _, t := range p.tabs {
		t.SetSize(w, max(h-headerHeight, 1))
	}
}

// refresh re-requests renderings after a resize or theme change.
func (p *skillPane) refresh() tea.Cmd {
	if p.entry == nil {
		return nil
	}
	if r, ok := p.tabs[p.active].(interface{ refresh() tea.Cmd }); ok {
		return r.refresh()
	}
	return nil
}

// setEntry shows e; same means e was re-read (keep scroll and selection).
func (p *skillPane) setEntry(e *Entry, same bool) tea.Cmd {
	if !same {
		p.clearReturn()
	}
	if p.entry != e {
		p.entry.dropView()
	}
	p.entry = e
	var whole tea.Cmd
	if p.hydrate != nil {
		whole = p.hydrate(e)
	}
	for i := range p.stale {
		p.stale[i] = true
	}
	if e != nil && e.stub {
		// Nothing to show but the index's line until the files arrive;
		// the tabs get the skill then.
		return nil
	}
	if e != nil && !p.tabs[p.active].Applies(e) {
		p.active = 0
	}
	return tea.Batch(whole, p.activate(p.active))
}

// activate makes tab i active, handing it the current skill if stale.
func (p *skillPane) activate(i int) tea.Cmd {
	p.active = i
	if !p.stale[i] {
		return nil
	}
	p.stale[i] = false
	t := p.tabs[i]
	if p.entry == nil {
		p.shownID[i] = -1
		return t.SetEntry(nil, false)
	}
	same := p.shownID[i] == p.entry.ID
	p.shownID[i] = p.entry.ID
	return tea.Batch(t.SetEntry(p.entry, same), p.syncGate())
}

// visible lists the indexes of the tabs that apply to the skill.
func (p *skillPane) visible() []int {
	var out []int
	for i, t := range p.tabs {
		if p.entry == nil || t.Applies(p.entry) {
			out = append(out, i)
		}
	}
	return out
}

func (p *skillPane) cycle(dir int) tea.Cmd {
	vis := p.visible()
	if len(vis) == 0 {
		return nil
	}
	pos := 0
	for j, i := range vis {
		if i == p.active {
			pos = j
		}
	}
	pos = ((pos+dir)%len(vis) + len(vis)) % len(vis)
	return p.activate(vis[pos])
}

// showTab activates the tab with that title (for seams: the quiz tab's
// goto opens Read).
func (p *skillPane) showTab(title string) tea.Cmd {
	for i, t := range p.tabs {
		if t.Title() == title {
			return p.activate(i)
		}
	}
	return nil
}

// retab hands the tab with that title the current skill again (when it
// is next shown, or now if it is showing): something it shows changed
// without the skill changing.
func (p *skillPane) retab(title string) tea.Cmd {
	for i, t := range p.tabs {
		if t.Title() == title && p.entry != nil && !p.entry.stub {
			p.stale[i] = true
			if p.active == i {
				return p.activate(i)
			}
		}
	}
	return nil
}

// capturesKey reports whether the active tab wants msg before any
// binding of the pane or the studio.
func (p *skillPane) capturesKey(msg tea.KeyPressMsg) bool {
	if p.entry == nil {
		return false
	}
	c, ok := p.tabs[p.active].(keyCapturer)
	return ok && c.CapturesKey(msg)
}

// Update handles a message, then hands a gate the Quiz tab's run changed
// to the Read tab.
func (p *skillPane) Update(msg tea.Msg) tea.Cmd {
	cmd := p.update(msg)
	return tea.Batch(cmd, p.syncGate())
}

func (p *skillPane) update(msg tea.Msg) tea.Cmd {
	k := p.c.Keys
	switch msg.(type) {
	case tea.KeyPressMsg, tea.MouseWheelMsg:
		if p.entry != nil && p.entry.stub {
			return nil
		}
	}
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		if p.capturesKey(msg) {
			return p.tabs[p.active].Update(msg)
		}
		if cmd, ok := p.handleReturnKey(msg); ok {
			return cmd
		}
		switch {
		case key.Matches(msg, k.NextTab):
			p.clearReturn()
			return p.cycle(1)
		case key.Matches(msg, k.PrevTab):
			p.clearReturn()
			return p.cycle(-1)
		case key.Matches(msg, k.TabNumber):
			p.clearReturn()
			vis := p.visible()
			if n := int(msg.Code - '1'); n >= 0 && n < len(vis) {
				return p.activate(vis[n])
			}
			return nil
		}
		return p.tabs[p.active].Update(msg)
	case OpenFileMsg:
		if p.entry == nil {
			return nil
		}
		if msg.Return {
			depth := 1
			if rt, _ := p.readTab(); rt != nil {
				depth = len(rt.stack)
			}
			p.markReturn(depth)
		}
		fsPath := p.entry.Skill.Location.Join(msg.Path)
		if rt, _ := p.readTab(); rt != nil {
			rt.openAtLine(p.entry.ID, fsPath, msg.Line)
		}
		return tea.Batch(p.showTab("Read"), openFileCmd(p.entry, fsPath))
	case GotoHeadingMsg:
		if msg.Return {
			p.markReturn(1)
		}
		cmd := p.showTab("Read")
		for i, t := range p.tabs {
			if t.Title() == "Read" {
				return tea.Batch(cmd, p.tabs[i].Update(msg))
			}
		}
		return cmd
	case renderedMsg, renderWantedMsg, fileOpenedMsg, agentReportMsg, riskReviewedMsg:
		// Results of a tab's own commands: every tab sees them and keeps
		// those addressed to it.
		var cmds []tea.Cmd
		for _, t := range p.tabs {
			cmds = append(cmds, t.Update(msg))
		}
		return tea.Batch(cmds...)
	}
	return p.tabs[p.active].Update(msg)
}

// ShortHelp and FullHelp list the tab's keys first in precedence (what it
// captures wins over the pane's keys), the pane's first on screen.
func (p *skillPane) ShortHelp() []key.Binding {
	k := p.c.Keys
	claims := keyClaims{}
	tab := claims.claim(p.tabs[p.active].ShortHelp())
	if p.Typing() {
		return tab
	}
	// esc is how a newcomer gets back to the list: said on the one line,
	// unless the tab takes esc for itself (claimed first).
	bs := []key.Binding{k.NextTab, k.Back}
	if _, ri := p.readTab(); p.ret != nil && p.active == ri {
		back := k.QuizBack
		if rt, _ := p.readTab(); rt != nil && rt.returnTo != "" {
			back = key.NewBinding(key.WithKeys(back.Keys()...), key.WithHelp(back.Help().Key, backTo(rt.returnTo)))
		}
		bs = append(bs, back)
	}
	return append(claims.claim(bs), tab...)
}

func (p *skillPane) FullHelp() [][]key.Binding {
	k := p.c.Keys
	claims := keyClaims{}
	tab := claims.claimColumns(p.tabs[p.active].FullHelp())
	if p.Typing() {
		return tab
	}
	return append(claims.claimColumns([][]key.Binding{{k.NextTab, k.PrevTab, k.TabNumber, k.Back}}), tab...)
}

// Typing says whether the active tab takes every key into a text input.
func (p *skillPane) Typing() bool { return p.entry != nil && isTyping(p.tabs[p.active]) }

func (p *skillPane) View() string {
	if p.width <= 0 || p.height <= 0 {
		return ""
	}
	st := p.c.Styles
	if p.entry == nil {
		msg := st.Dim.Render(" Select a skill in the library to read it here.")
		return fitLines(msg, p.width, p.height)
	}
	e := p.entry
	var b strings.Builder
	// Line 1: name, badge, version. Line 2: where it lives.
	head := " " + st.Name.Render(e.row.name) + "  " + st.FormatBadge(e.Candidate.Format)
	if e.row.version != "" {
		head += " " + st.Version.Render(e.row.version)
	}
	b.WriteString(fit(head, p.width) + "\n")
	// A long local path loses its start, not its end: the skill's own
	// folder and file are what tell same-named skills apart.
	where := truncateLeft(sanitize.Line(displayPath(p.c.WorkDir, e.OSPath(e.Skill.Location.File))), p.width-2)
	if !e.Base.Local {
		where = ansi.Truncate(sanitize.Line(e.Source+": "+e.Skill.Location.File), p.width-2, glyphEllip)
	}
	b.WriteString(fit(st.Dim.Render(" "+where), p.width) + "\n")
	if e.stub {
		b.WriteString("\n" + p.stubView(e))
		return fitLines(b.String(), p.width, p.height)
	}
	b.WriteString(p.tabBar() + "\n")
	b.WriteString(p.tabs[p.active].View())
	return fitLines(b.String(), p.width, p.height)
}

// stubView stands in for the tabs while a remote skill's files are
// fetched, or after they could not be.
func (p *skillPane) stubView(e *Entry) string {
	st := p.c.Styles
	w := max(p.width-4, 10)
	var b strings.Builder
	if d := sanitize.Line(e.Skill.Description); d != "" {
		b.WriteString(indent(wrap(d, w), "  ") + "\n\n")
	}
	switch {
	case e.withheld != nil:
		// The registry's own record: typed, so the why is exact.
		head := "Withheld: its files could not be fetched, so they are not used."
		if e.withheld.Mismatch {
			head = "Withheld: its content does not match the digest the index promises, so it is not used."
		}
		b.WriteString(st.Error.Render(indent(wrap(head, w), "  ")) + "\n")
		d := e.withheld.Why
		b.WriteString("\n" + st.Dim.Render(indent(wrap(sanitize.Line(d.Rule+": "+d.Message), w), "  ")) + "\n")
		if d.Hint != "" {
			b.WriteString(st.Dim.Render(indent(wrap("hint: "+sanitize.Line(d.Hint), w), "  ")) + "\n")
		}
	case e.failed:
		b.WriteString(st.Error.Render(indent(wrap("This skill's files could not be fetched.", w), "  ")) + "\n")
		if p.c.Library != nil {
			for _, d := range p.c.Library.SourceFindings(e) {
				if strings.Contains(d.Message, e.Skill.Name) {
					b.WriteString("\n" + st.Dim.Render(indent(wrap(sanitize.Line(d.Rule+": "+d.Message), w), "  ")) + "\n")
					if d.Hint != "" {
						b.WriteString(st.Dim.Render(indent(wrap("hint: "+sanitize.Line(d.Hint), w), "  ")) + "\n")
					}
				}
			}
		}
	default:
		b.WriteString(st.Dim.Render(indent(wrap("Listed by the source's index; fetching its files"+glyphEllip, w), "  ")))
	}
	return b.String()
}

// shortTitler is a tab with a shorter label for narrow panes
// (Functions → Func).
type shortTitler interface{ ShortTitle() string }

// tabBarStyle is one way of drawing the tab bar, from the roomiest to the
// tightest.
type tabBarStyle struct {
	numbers bool // "1 Read"
	badges  bool // the Lint tab's counts, the Quiz tab's lock
	short   bool // ShortTitle where a tab has one
	tight   bool // no gap between tabs (their padding still parts them)
	numOnly bool // inactive tabs as their number alone (last resort)
}

// tabBarStyles is the order tabBar tries: a first-time user should see
// every tab's name, so numbers go first, then badges and gaps, then names
// are abbreviated, and only in a very narrow pane do inactive tabs shrink
// to their numbers.
var tabBarStyles = []tabBarStyle{
	{numbers: true, badges: true},
	{badges: true},
	{badges: true, tight: true},
	{},
	{tight: true},
	{short: true, tight: true},
	{numbers: true, short: true, tight: true, numOnly: true},
}

// tabBar draws the tabs, the active one highlighted, in the roomiest
// style that fits the pane whichever tab is active: switching tabs moves
// the highlight, never the names.
func (p *skillPane) tabBar() string {
	for _, style := range tabBarStyles {
		if p.tabBarWidth(style) <= p.width {
			return fit(p.drawTabBar(style, p.active), p.width)
		}
	}
	return fit(p.drawTabBar(tabBarStyles[len(tabBarStyles)-1], p.active), p.width)
}

// tabBarWidth is the widest the bar is in style, over every tab that
// could be active.
func (p *skillPane) tabBarWidth(o tabBarStyle) int {
	w := 0
	for _, i := range p.visible() {
		w = max(w, ansi.StringWidth(p.drawTabBar(o, i)))
	}
	return w
}

// drawTabBar draws the bar with tab active highlighted. Active or not, a
// tab takes the same cells (its padding, its badge after it), so in every
// style but numOnly the bar's text is the same whichever tab is active.
func (p *skillPane) drawTabBar(o tabBarStyle, active int) string {
	st := p.c.Styles
	var parts []string
	for n, i := range p.visible() {
		t := p.tabs[i]
		label := t.Title()
		if s, ok := t.(shortTitler); ok && o.short {
			label = s.ShortTitle()
		}
		switch {
		case o.numOnly && i != active:
			label = fmt.Sprint(n + 1)
		case o.numbers:
			label = fmt.Sprintf("%d %s", n+1, label)
		}
		style := st.TabInactive
		if i == active {
			style = st.TabActive
		}
		part := style.Render(label)
		if w := t.BadgeWidth(p.entry); o.badges && w > 0 {
			// The badge's slot is kept whether it is filled yet or not.
			// The tab's padding keeps the badge off its name; a space
			// after it keeps it off the next tab's.
			part += fit(t.Badge(p.entry), w) + " "
		}
		parts = append(parts, part)
	}
	if o.tight {
		return strings.Join(parts, "")
	}
	return strings.Join(parts, st.TabGap.Render(" "))
}
