package ui

import (
	"fmt"
	"path"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/skillstudio/skillstudio/sanitize"
)

// readTab renders the skill's Markdown with glamour. Rendering runs in a
// command and is cached per (document, content, width, theme); until it
// arrives the previous rendering (or a short note) stays on screen, so a
// keypress never waits for glamour. Links to the skill's own files open in
// the same reader on a back stack.
type readTab struct {
	c             *Common
	width, height int
	entry         *Entry

	stack []*readerDoc // the last is shown
	vp    pager
	// want is the rendering the top document needs, zero while it needs
	// none (a body still being read). Every change of the top document
	// sets it (request) or clears it: a rendering for an earlier top that
	// lands later must not match it.
	want  renderKey
	shown renderKey    // the rendering in vp
	doc   *renderedDoc // shown's headings and links
	// restore is the scroll offset to apply when want arrives (-1: none).
	restore int
	// jump is a heading to scroll to once its document's rendering is
	// shown (a goto, a link to a file's section).
	jump pendingJump
	link int // selected link, -1 for none
	note string
	// gate hides the body during a quiz run (read_gate.go); nil: none.
	gate *bodyGate
	// returnTo names the tab the back key returns to ("" for none): the
	// Quiz tab after a quiz action, the Files tab after opening a file.
	returnTo string
	// search finds text in the shown document; outline lists its headings.
	search  docSearch
	outline docOutline
	// flash marks a finding's line for a moment after it is opened.
	flash    flashMark
	flashSeq int
}

func newReadTab(c *Common) *readTab {
	return &readTab{c: c, vp: newPager(c.Keys), restore: -1, link: -1, search: newDocSearch(c), outline: docOutline{c: c}}
}

// CapturesKey: the search prompt and the outline take keys before the
// studio's bindings (n is "new skill" there, / the library filter).
func (t *readTab) CapturesKey(msg tea.KeyPressMsg) bool {
	if t.doc == nil && !t.search.typing && !t.outline.open {
		// While the document renders, / still opens its search: a key
		// typed ahead must not fall through to the library filter. The
		// matches are found when the rendering lands.
		return key.Matches(msg, t.c.Keys.Search)
	}
	return t.outline.captures(msg) || t.search.captures(msg)
}

// scrollToMatch shows line y a little below the top, so the match is
// seen with the text leading to it.
func (t *readTab) scrollToMatch(y int) {
	if y >= 0 {
		t.vp.SetYOffset(y - min(2, t.vp.Height()/4))
	}
}

func (t *readTab) Title() string         { return "Read" }
func (t *readTab) Badge(*Entry) string   { return "" }
func (t *readTab) BadgeWidth(*Entry) int { return 0 }
func (t *readTab) Applies(e *Entry) bool { return true }

func (t *readTab) SetSize(w, h int) {
	t.width, t.height = w, h
	t.vp.SetWidth(w)
	t.vp.SetHeight(max(h-2, 1))
}

func (t *readTab) top() *readerDoc {
	if len(t.stack) == 0 {
		return nil
	}
	return t.stack[len(t.stack)-1]
}

func (t *readTab) SetEntry(e *Entry, same bool) tea.Cmd {
	t.entry = e
	if e == nil {
		t.stack, t.want = nil, renderKey{}
		return nil
	}
	body := t.bodyFor(e)
	if same && len(t.stack) > 0 && !t.stack[0].pending {
		// Re-read after a change: keep the stack and the scroll.
		body.yOffset = t.stack[0].yOffset
		t.stack[0] = body
		if len(t.stack) == 1 {
			t.restore = t.vp.YOffset()
			return t.request()
		}
		top := t.top()
		top.yOffset = t.vp.YOffset()
		return openFileCmd(e, top.fsPath)
	}
	t.stack = []*readerDoc{body}
	t.link = -1
	t.note = ""
	t.restore = 0
	if body.pending {
		// Its whole read lands in a moment and is rendered then, as a
		// first showing (debounced while the cursor moves).
		t.doc, t.shown, t.want = nil, renderKey{}, renderKey{}
		t.vp.SetContent(t.c.Styles.Dim.Render("  Reading " + body.title + glyphEllip))
		return nil
	}
	return t.requestSoon()
}

// refresh re-requests the rendering after a resize or theme change,
// keeping the scroll position.
func (t *readTab) refresh() tea.Cmd {
	if t.top() == nil {
		return nil
	}
	t.flash.on = false // its line moves with the new width
	t.restore = t.vp.YOffset()
	return t.request()
}

// renderDelay debounces renders while the library cursor moves: holding
// the down key through fifty skills starts one glamour render, not fifty.
const renderDelay = 40 * time.Millisecond

// renderWantedMsg: the debounce elapsed; render doc if key is still
// wanted. It carries the document key was made from: rendering whatever
// is on top by then under key filed another skill's page in the cache as
// this one's rendering (the cursor had moved on to a skill still being
// read), and it was shown whenever this skill came back.
type renderWantedMsg struct {
	key renderKey
	doc *readerDoc
}

// requestSoon is request, but an uncached rendering starts only after
// renderDelay, and only if the document is still wanted then.
func (t *readTab) requestSoon() tea.Cmd {
	cmd := t.request()
	if cmd == nil {
		return nil
	}
	k, d := t.want, t.top()
	return tea.Tick(renderDelay, func(time.Time) tea.Msg { return renderWantedMsg{k, d} })
}

// request shows the top document's rendering at the current size and
// theme: at once from the cache, or by starting a render command.
func (t *readTab) request() tea.Cmd {
	d := t.top()
	if d == nil || t.width <= 0 {
		return nil
	}
	k := newRenderKey(d.id, d.markdown, t.width, t.c.Theme.GlamourStyle())
	t.want = k
	if rd, ok := t.c.Render.get(k); ok {
		t.apply(k, rd)
		return nil
	}
	if t.shown.doc != k.doc {
		// A different document: do not leave the old one on screen.
		t.doc = nil
		t.vp.SetContent(t.c.Styles.Dim.Render("  Rendering " + d.title + glyphEllip))
		t.shown = renderKey{}
	}
	return renderCmd(t.c.Render, d, k)
}

func (t *readTab) apply(k renderKey, rd *renderedDoc) {
	t.shown, t.doc = k, rd
	t.vp.SetLines(rd.lines)
	if t.restore >= 0 {
		t.vp.SetYOffset(t.restore)
		t.restore = -1
	}
	t.takeJump()
	t.search.refresh(rd.lines)
	if t.link >= len(rd.links) {
		t.link = len(rd.links) - 1
	}
}

func (t *readTab) Update(msg tea.Msg) tea.Cmd {
	cmd := t.update(msg)
	if timer := t.flashTimer(); timer != nil {
		return tea.Batch(cmd, timer)
	}
	return cmd
}

// openAtLine asks for the file fsPath to be shown at its line once it is.
func (t *readTab) openAtLine(entryID int, fsPath string, line int) {
	t.flash = flashMark{}
	if line > 0 {
		t.jump = pendingJump{docID: fileDocID(entryID, path.Clean(fsPath)), line: line}
	}
}

func (t *readTab) update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case flashDoneMsg:
		if msg.seq == t.flashSeq {
			t.flash.on = false
		}
	case renderWantedMsg:
		if msg.key == t.want && t.shown != t.want {
			return renderCmd(t.c.Render, msg.doc, msg.key)
		}
	case renderedMsg:
		if msg.key != t.want {
			return nil // stale: another size, theme or document since
		}
		if msg.err != nil {
			t.vp.SetContent(t.c.Styles.StatusError.Render("  Cannot render: " + sanitize.Line(msg.err.Error())))
			return nil
		}
		t.apply(msg.key, msg.doc)
	case fileOpenedMsg:
		if t.entry == nil || msg.entryID != t.entry.ID {
			return nil
		}
		if msg.err != nil {
			t.note = "Cannot open: " + sanitize.Line(msg.err.Error())
			t.jump = pendingJump{}
			return nil
		}
		t.note = ""
		// Re-opened after a change on disk: replace in place.
		if top := t.top(); top != nil && top.id == msg.doc.id {
			msg.doc.yOffset = top.yOffset
			t.stack[len(t.stack)-1] = msg.doc
			t.restore = top.yOffset
			return t.request()
		}
		if top := t.top(); top != nil {
			top.yOffset = t.vp.YOffset()
		}
		t.stack = append(t.stack, msg.doc)
		t.link = -1
		t.restore = 0
		return t.request()
	case GotoHeadingMsg:
		if len(t.stack) > 1 {
			t.stack = t.stack[:1]
			t.restore = t.top().yOffset
		}
		if msg.Heading == "" && msg.Slug == "" {
			// The top of the body.
			t.restore = 0
			t.vp.SetYOffset(0)
		}
		t.link = -1
		if top := t.top(); top != nil {
			t.jump = pendingJump{docID: top.id, ref: headingRef{slug: msg.Slug, name: msg.Heading}}
		}
		if cmd := t.request(); cmd != nil {
			return cmd
		}
		t.takeJump()
	case tea.KeyPressMsg:
		return t.handleKey(msg)
	case tea.MouseWheelMsg:
		t.vp.Update(msg)
	}
	return nil
}

func (t *readTab) handleKey(msg tea.KeyPressMsg) tea.Cmd {
	k := t.c.Keys
	if t.outline.open || (!t.search.typing && key.Matches(msg, k.Outline)) {
		if !t.outline.open {
			t.outline.toggle(t.doc, t.vp.YOffset())
			return nil
		}
		if y := t.outline.handle(msg, t.doc); y >= 0 {
			t.vp.SetYOffset(y)
		}
		return nil
	}
	if t.search.captures(msg) {
		var lines []string
		if t.doc != nil {
			lines = t.doc.lines
		}
		y, cmd := t.search.handle(msg, lines, t.vp.YOffset())
		t.scrollToMatch(y)
		return cmd
	}
	switch {
	case key.Matches(msg, k.NextHeading):
		t.jumpHeading(1)
	case key.Matches(msg, k.PrevHeading):
		t.jumpHeading(-1)
	case key.Matches(msg, k.NextLink):
		t.cycleLink(1)
	case key.Matches(msg, k.PrevLink):
		t.cycleLink(-1)
	case key.Matches(msg, k.Follow):
		if t.doc != nil && t.link >= 0 && t.link < len(t.doc.links) && t.entry != nil {
			return t.follow(t.doc.links[t.link])
		}
	case key.Matches(msg, k.ReaderBack):
		if len(t.stack) > 1 {
			t.stack = t.stack[:len(t.stack)-1]
			t.restore = t.top().yOffset
			t.link = -1
			t.note = ""
			return t.request()
		}
	default:
		t.vp.Update(msg)
	}
	return nil
}

// jumpHeading scrolls so the next (dir 1) or previous (-1) heading is the
// first line shown.
func (t *readTab) jumpHeading(dir int) {
	if t.doc == nil || len(t.doc.headings) == 0 {
		return
	}
	y := t.vp.YOffset()
	target := -1
	if dir > 0 {
		for _, l := range t.doc.headings {
			if l > y {
				target = l
				break
			}
		}
	} else {
		for i := len(t.doc.headings) - 1; i >= 0; i-- {
			if l := t.doc.headings[i]; l < y {
				target = l
				break
			}
		}
		if target < 0 {
			target = 0
		}
	}
	if target >= 0 {
		t.vp.SetYOffset(target)
	}
}

func (t *readTab) cycleLink(dir int) {
	if t.doc == nil || len(t.doc.links) == 0 {
		return
	}
	n := len(t.doc.links)
	t.link = ((t.link+dir)%n + n) % n
}

func (t *readTab) ShortHelp() []key.Binding {
	k := t.c.Keys
	if t.search.typing {
		return []key.Binding{k.FindTyped, k.CancelFind}
	}
	if t.outline.open {
		return []key.Binding{k.Down, k.Up, k.Follow, k.Outline}
	}
	bs := []key.Binding{k.Down, k.Up, k.Search}
	if t.search.query != "" {
		bs = append(bs, k.SearchNext, k.SearchPrev)
	}
	bs = append(bs, k.Outline, k.NextHeading, k.PrevHeading)
	if t.doc != nil && len(t.doc.links) > 0 {
		bs = append(bs, k.NextLink)
		if t.link >= 0 {
			bs = append(bs, k.Follow)
		}
	}
	if len(t.stack) > 1 && t.returnTo == "" {
		bs = append(bs, k.ReaderBack)
	}
	return bs
}

// FullHelp lists the keys that act now: the search's n, N and esc only
// while a search is in force (else they are the studio's), the prompt's
// and the outline's keys alone while they are open.
func (t *readTab) FullHelp() [][]key.Binding {
	k := t.c.Keys
	if t.search.typing || t.outline.open {
		return [][]key.Binding{t.ShortHelp()}
	}
	find := []key.Binding{k.Search}
	if t.search.query != "" {
		find = append(find, k.SearchNext, k.SearchPrev, k.ClearSearch)
	}
	return [][]key.Binding{
		{k.Down, k.Up, k.PageDown, k.PageUp, k.HalfDown, k.HalfUp, k.Top, k.Bottom},
		{k.NextHeading, k.PrevHeading, k.NextLink, k.PrevLink, k.Follow, k.ReaderBack},
		append(find, k.Outline, k.EditFile),
	}
}

// Typing: the search prompt takes every key.
func (t *readTab) Typing() bool { return t.search.typing }

func (t *readTab) View() string {
	if t.width <= 0 || t.height <= 0 {
		return ""
	}
	st := t.c.Styles
	// Breadcrumb and position.
	var crumbs []string
	for _, d := range t.stack {
		crumbs = append(crumbs, d.title)
	}
	crumb := st.Dim.Render(" " + strings.Join(crumbs, " › "))
	pos := ""
	if t.vp.TotalLineCount() > t.vp.Height() {
		pos = st.Dim.Render(fmt.Sprintf("%3.0f%% ", t.vp.ScrollPercent()*100))
	}
	if t.doc != nil && t.doc.partial != "" && !t.outline.open {
		// Said at the top too: the full note is at the end of the text.
		pos = st.Warning.Render(t.doc.partial) + " " + pos
	}
	var b strings.Builder
	b.WriteString(spread(crumb, pos, t.width))
	b.WriteString("\n")
	if t.outline.open && t.doc != nil {
		b.WriteString(fitLines(t.outline.view(t.doc, t.width, t.vp.Height()), t.width, t.vp.Height()))
	} else {
		b.WriteString(fitLines(t.visibleLines(), t.width, t.vp.Height()))
	}
	b.WriteString("\n")
	b.WriteString(fit(t.footer(), t.width))
	return b.String()
}

// footer shows the selected link, or how to find links, or a note.
func (t *readTab) footer() string {
	st := t.c.Styles
	k := t.c.Keys
	switch {
	case t.note != "":
		return st.StatusError.Render(" " + t.note)
	case t.search.active():
		return t.search.status()
	case t.flash.on:
		// The way back stays said: it is why the file is open.
		back := ""
		if t.returnTo != "" {
			back = " · " + st.Key.Render(k.QuizBack.Help().Key) + st.Dim.Render(" "+backTo(t.returnTo))
		}
		return " " + st.Key.Render("▸") + st.Dim.Render(fmt.Sprintf(" line %d of %s", t.flash.src, t.top().title)) + back
	case t.returnTo != "":
		return " " + st.Key.Render(k.QuizBack.Help().Key) + st.Dim.Render(" "+backTo(t.returnTo))
	case t.doc != nil && t.link >= 0 && t.link < len(t.doc.links):
		l := t.doc.links[t.link]
		return fmt.Sprintf(" %s %s %s  %s",
			st.Dim.Render(fmt.Sprintf("link %d/%d", t.link+1, len(t.doc.links))),
			st.Link.Render(l.text),
			st.Dim.Render("→ "+l.where(t.top().skillDir)),
			st.Dim.Render(k.Follow.Help().Key+" to open"))
	case t.doc != nil && len(t.doc.links) > 0:
		return st.Dim.Render(fmt.Sprintf(" %s to this skill's %s · %s/%s to pick one",
			plural(len(t.doc.links), "link", "links"), linkKinds(t.doc.links), k.PrevLink.Help().Key, k.NextLink.Help().Key))
	case len(t.stack) > 1:
		return st.Dim.Render(" " + k.ReaderBack.Help().Key + " to go back")
	}
	return ""
}

// visibleLines is the pager's view with the search's matches marked.
func (t *readTab) visibleLines() string {
	if (t.search.query == "" && !t.flash.on) || t.doc == nil {
		return t.vp.View()
	}
	y := t.vp.YOffset()
	end := min(y+t.vp.Height(), len(t.vp.lines))
	out := make([]string, 0, max(end-y, 0))
	for i := y; i < end; i++ {
		out = append(out, t.markFlash(i, t.search.highlight(i, t.vp.lines[i])))
	}
	return strings.Join(out, "\n")
}
