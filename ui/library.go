package ui

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/sahilm/fuzzy"

	"github.com/skillstudio/skillstudio/sanitize"
)

// sortMode orders the library.
type sortMode int

const (
	sortByName sortMode = iota
	sortByProblems
	sortByRisk // the security review's verdict (review_risk.go)
	numSortModes
)

func (s sortMode) String() string {
	switch s {
	case sortByProblems:
		return "by problems"
	case sortByRisk:
		return "by risk"
	}
	return "by name"
}

// libLine is one line of the library list: a group header or a skill.
type libLine struct {
	header string
	source string // a header's source label
	e      *Entry
	// nameMatch holds byte offsets in the row's name matched by the filter.
	nameMatch []int
}

// libraryPane is the list of every skill with its format, version,
// description and problems; `/` filters fuzzily, `s` sorts, `o` groups.
type libraryPane struct {
	c             *Common
	width, height int
	focused       bool
	reading       bool // a source is still being read (set by the studio before each frame)
	// failed says why a source could not be opened ("" when none failed;
	// set by the studio before each frame), for the empty list: the
	// status bar cuts a long error, and "No skills yet" sent a reviewer
	// whose registry answered 500 off to make a skill.
	failed string

	entries []*Entry
	sources []string // source labels in the order they were opened

	lines    []libLine
	cursor   int // index into lines; always a skill line when there is one
	offset   int // first visible line
	selected int // ID of the selected skill, or -1
	// touched is set by the user's first key or click; until then the
	// cursor stays on the top row while skills stream in, rather than
	// on whichever skill happened to be read first.
	touched bool

	filter    textinput.Model
	filtering bool // the filter input has the keyboard
	query     string
	sortBy    sortMode
	group     bool

	// Widest name, version and counts of all entries, kept by rebuild so
	// drawing a frame never walks the whole library.
	maxName, maxVersion, maxCounts int

	// matches is the latest filter result, for matchQuery; fuzzy
	// matching 5,000 skills runs in a command, so typing never waits.
	matches    []libLine
	matchQuery string
	// searches counts fuzzy searches started: one that a newer one has
	// replaced stops at its next chunk (typing into a 100,000-skill
	// library started a whole search per key, each run to its end).
	searches atomic.Uint64
	// filterProblem names a key:value word of the query that is not a
	// filter, with the ones that are.
	filterProblem string
	// riskQuery: the query in force has has:risk, so it is asked again
	// as reviews finish and an empty result says how many are pending.
	riskQuery bool

	// rows caches drawn rows (all but the selected one) until the next
	// rebuild, resize or theme change.
	rows map[int]string

	// sourceStatus, when set, is a source's status line for its group
	// header, styled (a remote source's "ok · 12 skills · cached").
	sourceStatus func(label string) string
	// sourceOrder is each source label's index, to order the groups.
	sourceOrder map[string]int
	// nameCount is how many entries carry each name, kept by rebuild: a
	// row whose name another skill shares says where it lives (four
	// api-design rows in a corpus were otherwise the same row).
	nameCount map[string]int
}

func newLibraryPane(c *Common) *libraryPane {
	ti := textinput.New()
	ti.Prompt = "/ "
	ti.Placeholder = `text, "exact", has:quiz, format:osloop, source:NAME…`
	ti.CharLimit = 200
	p := &libraryPane{c: c, selected: -1, filter: ti, focused: true}
	p.restyle()
	return p
}

// restyle applies the style sheet to the filter input (after a theme
// change too). The cursor does not blink: a blinking cursor redraws the
// screen twice a second for nothing.
func (p *libraryPane) restyle() {
	st := p.c.Styles
	s := textinput.DefaultStyles(st.Theme.Dark)
	s.Focused.Prompt, s.Blurred.Prompt = st.FilterPrompt, st.FilterPrompt
	s.Focused.Text, s.Blurred.Text = st.FilterText, st.FilterText
	s.Focused.Placeholder, s.Blurred.Placeholder = st.Dim, st.Dim
	s.Cursor.Blink = false
	p.filter.SetStyles(s)
	p.rows = nil
}

func (p *libraryPane) SetSize(w, h int) {
	if w != p.width {
		p.rows = nil
	}
	p.width, p.height = w, h
	p.filter.SetWidth(max(w-4, 1))
	p.clampOffset()
}

// listHeight is the number of rows below the pane's header line.
func (p *libraryPane) listHeight() int { return max(p.height-1, 0) }

// Selected returns the selected skill, or nil.
func (p *libraryPane) Selected() *Entry {
	if p.cursor < len(p.lines) {
		return p.lines[p.cursor].e
	}
	return nil
}

// add appends skills as they are read and keeps the selection; while a
// filter is on, it is run again to consider them.
func (p *libraryPane) add(es ...*Entry) tea.Cmd {
	for _, e := range es {
		if !slices.Contains(p.sources, e.Source) {
			p.sources = append(p.sources, e.Source)
			if p.sourceOrder == nil {
				p.sourceOrder = map[string]int{}
			}
			p.sourceOrder[e.Source] = e.src
		}
	}
	// Groups in the order the sources were named, whichever arrived
	// first (a remote index can beat a local folder).
	slices.SortStableFunc(p.sources, func(a, b string) int { return cmp.Compare(p.sourceOrder[a], p.sourceOrder[b]) })
	if order := p.order(); slices.IsSortedFunc(p.entries, order) {
		p.entries = mergeSorted(p.entries, es, order)
	} else {
		p.entries = append(p.entries, es...)
	}
	if !p.touched && p.query == "" {
		p.selected = -1
	}
	p.rebuild()
	risk := reviewEntries(p.c.Rules, es, p.sortBy == sortByRisk)
	if p.query != "" {
		return tea.Batch(p.filterCmd(), risk)
	}
	return risk
}

// removeSource drops a source's group and keeps only the entries given.
func (p *libraryPane) removeSource(label string, kept []*Entry) {
	p.entries = kept
	p.sources = slices.DeleteFunc(p.sources, func(s string) bool { return s == label })
	p.matches = slices.DeleteFunc(p.matches, func(l libLine) bool { return l.e != nil && l.e.Source == label })
	p.rebuild()
}

// refresh re-orders after counts changed (a re-lint), keeping the selection.
func (p *libraryPane) refresh() tea.Cmd {
	p.rebuild()
	risk := reviewEntries(p.c.Rules, p.entries, p.sortBy == sortByRisk)
	if p.query != "" {
		return tea.Batch(p.filterCmd(), risk)
	}
	return risk
}

// rebuild recomputes the visible lines from entries, filter, sort and
// grouping, then puts the cursor back on the selected skill.
// shows reports whether e is a row of the list as the filter in force
// leaves it (false while that filter's result has not come back).
func (p *libraryPane) shows(e *Entry) bool {
	if p.query == "" {
		return true
	}
	if p.matchQuery != p.query {
		return false
	}
	return slices.ContainsFunc(p.matches, func(l libLine) bool { return l.e == e })
}

func (p *libraryPane) rebuild() {
	p.maxName, p.maxVersion, p.maxCounts = 0, 0, 1
	if p.nameCount == nil {
		p.nameCount = make(map[string]int, len(p.entries))
	}
	clear(p.nameCount)
	for _, e := range p.entries {
		p.nameCount[e.row.name]++
		e.where = ""
		p.maxName = max(p.maxName, e.row.nameWidth)
		p.maxVersion = max(p.maxVersion, e.row.versionWidth)
		p.maxCounts = max(p.maxCounts, e.row.countsWidth)
	}
	p.placeNamesakes()
	p.rows = nil
	var ordered []libLine
	if p.query != "" {
		// The latest result, possibly for an older query until the
		// command for this one returns.
		ordered = slices.Clone(p.matches)
	} else {
		// Entries are kept in the sort's order (add merges batches in),
		// so a rebuild sorts only when a re-read or a new sort broke it.
		if order := p.order(); !slices.IsSortedFunc(p.entries, order) {
			p.entries = slices.Clone(p.entries)
			slices.SortStableFunc(p.entries, order)
		}
		ordered = make([]libLine, len(p.entries))
		for i, e := range p.entries {
			ordered[i] = libLine{e: e}
		}
	}
	if p.group && len(p.sources) > 1 {
		bySource := map[string][]libLine{}
		for _, l := range ordered {
			bySource[l.e.Source] = append(bySource[l.e.Source], l)
		}
		grouped := make([]libLine, 0, len(ordered)+len(p.sources))
		for _, src := range p.sources {
			if ls := bySource[src]; len(ls) > 0 {
				grouped = append(grouped, libLine{header: fmt.Sprintf("%s (%d)", src, len(ls)), source: src})
				grouped = append(grouped, ls...)
			}
		}
		ordered = grouped
	}
	p.lines = ordered
	p.cursor = 0
	found := false
	if p.selected >= 0 {
		for i, l := range p.lines {
			if l.e != nil && l.e.ID == p.selected {
				p.cursor, found = i, true
				break
			}
		}
	}
	if !found {
		p.cursor = p.nextSkillLine(0, 1)
		if e := p.Selected(); e != nil {
			p.selected = e.ID
		} else {
			p.selected = -1
		}
	}
	p.clampOffset()
}

func (p *libraryPane) sortEntries(es []*Entry) {
	slices.SortStableFunc(es, p.order())
}

// order is the comparison of the current sort.
func (p *libraryPane) order() func(a, b *Entry) int {
	switch p.sortBy {
	case sortByProblems:
		return func(a, b *Entry) int {
			if c := cmp.Compare(b.row.errors, a.row.errors); c != 0 {
				return c
			}
			if c := cmp.Compare(b.row.warnings, a.row.warnings); c != 0 {
				return c
			}
			return cmp.Compare(a.row.sortKey, b.row.sortKey)
		}
	case sortByRisk:
		return func(a, b *Entry) int {
			if c := compareRisk(a, b); c != 0 {
				return c
			}
			return cmp.Compare(a.row.sortKey, b.row.sortKey)
		}
	default:
		return func(a, b *Entry) int { return cmp.Compare(a.row.sortKey, b.row.sortKey) }
	}
}

// mergeSorted merges batch (sorted here) into sorted, both by order,
// keeping sorted's entries first among equals: a batch lands in O(n), so
// streaming n skills in batches costs O(n²/batch), not a sort per batch.
func mergeSorted(sorted, batch []*Entry, order func(a, b *Entry) int) []*Entry {
	batch = slices.Clone(batch)
	slices.SortStableFunc(batch, order)
	out := make([]*Entry, 0, len(sorted)+len(batch))
	i, j := 0, 0
	for i < len(sorted) && j < len(batch) {
		if order(batch[j], sorted[i]) < 0 {
			out = append(out, batch[j])
			j++
		} else {
			out = append(out, sorted[i])
			i++
		}
	}
	out = append(out, sorted[i:]...)
	return append(out, batch[j:]...)
}

// filterResultMsg: fuzzy matching for query finished.
type filterResultMsg struct {
	query string
	lines []libLine
}

// filterCmd matches the query against a snapshot of the entries' strings
// (entries may be re-read meanwhile; the snapshot is what was shown).
func (p *libraryPane) filterCmd() tea.Cmd {
	q := p.query
	fq := parseFilter(q)
	p.filterProblem, p.riskQuery = fq.problem, fq.risk
	var entries []*Entry
	if fq.problem != "" {
		// Show the problem, not a list that ignores part of the query.
		return func() tea.Msg { return filterResultMsg{query: q} }
	}
	for _, e := range p.entries {
		if len(fq.facts) == 0 && len(fq.strict) == 0 {
			entries = append(entries, e)
			continue
		}
		if fq.keep(e, e.row.haystack()) {
			entries = append(entries, e)
		}
	}
	if fq.fuzzy == "" {
		// Facts or strict words alone: every skill that has them, in
		// the library's order.
		p.sortEntries(entries)
		lines := make([]libLine, len(entries))
		for i, e := range entries {
			lines[i] = libLine{e: e}
		}
		return func() tea.Msg { return filterResultMsg{query: q, lines: lines} }
	}
	names := make([]string, len(entries))
	keywords := make([]string, len(entries))
	descs := make([]string, len(entries))
	for i, e := range entries {
		names[i] = e.row.name // cut to maxMatchName already
		keywords[i] = e.row.keywords
		descs[i] = e.row.desc
	}
	text := fq.fuzzy
	gen := p.searches.Add(1)
	stale := func() bool { return p.searches.Load() != gen }
	return func() tea.Msg {
		lines, ok := rankMatches(text, entries, names, keywords, descs, stale)
		if !ok {
			return nil // typed on since: the newer search answers
		}
		return filterResultMsg{query: q, lines: lines}
	}
}

// How many bytes of a name (with its keywords) and of a description
// fuzzy matching reads: past the spec's limits (64 and 1,024 characters)
// with room for some punctuation that is not ASCII. Text past them ranks
// nothing (`"exact"` words still search all of it); matching a library of
// 100,000 skills with 6 KB names and descriptions took 49 s per key.
const (
	maxMatchName = 256
	maxMatchDesc = 1536
)

// matchPrefix is s cut to at most n bytes, at the start of a character.
func matchPrefix(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// matchChunk is how many strings fuzzy matching takes between checks
// that its search is still wanted.
const matchChunk = 1024

// rankMatches puts fuzzy matches in the name first, best first, then
// skills whose keywords or description hold each query word at a word
// start (compactScore), best first: sahilm/fuzzy penalises every
// unmatched character, so one string per skill would rank short
// descriptions above exact names, and finds a short query's letters
// scattered through most long descriptions. It gives up (false) as soon
// as stale says a newer search replaced it.
func rankMatches(q string, entries []*Entry, names, keywords, descs []string, stale func() bool) ([]libLine, bool) {
	byName, ok := findChunked(q, names, stale)
	if !ok {
		return nil, false
	}
	out := make([]libLine, 0, len(byName))
	seen := make(map[int]bool, len(byName))
	for _, m := range byName {
		idx, ok := chunkMatch(names[m.Index], q)
		if !ok {
			continue // letters scattered through the name: a text match at best
		}
		if idx == nil {
			idx = m.MatchedIndexes
		}
		seen[m.Index] = true
		out = append(out, libLine{e: entries[m.Index], nameMatch: idx})
	}
	byText, ok := compactChunked(queryWords(q), keywords, descs, seen, stale)
	if !ok {
		return nil, false
	}
	for _, i := range byText {
		out = append(out, libLine{e: entries[i]})
	}
	return out, true
}

// compactChunked is compactScore over every skill not in skip, a chunk at
// a time, checking stale between chunks; it returns the matching indexes,
// best first (ties in the library's order).
func compactChunked(words []string, keywords, descs []string, skip map[int]bool, stale func() bool) ([]int, bool) {
	type hit struct{ i, score int }
	var hits []hit
	for lo := 0; lo < len(descs); lo += matchChunk {
		if stale() {
			return nil, false
		}
		for i := lo; i < min(lo+matchChunk, len(descs)); i++ {
			if skip[i] {
				continue
			}
			if score, ok := compactScore(words, keywords[i], descs[i]); ok {
				hits = append(hits, hit{i, score})
			}
		}
	}
	slices.SortStableFunc(hits, func(a, b hit) int { return cmp.Compare(b.score, a.score) })
	out := make([]int, len(hits))
	for k, h := range hits {
		out[k] = h.i
	}
	return out, true
}

// findChunked is fuzzy.Find over data a chunk at a time, checking stale
// between chunks. The order is fuzzy.Find's: matches in data's order,
// stably sorted by score.
func findChunked(q string, data []string, stale func() bool) (fuzzy.Matches, bool) {
	var all fuzzy.Matches
	for lo := 0; lo < len(data); lo += matchChunk {
		if stale() {
			return nil, false
		}
		hi := min(lo+matchChunk, len(data))
		for _, m := range fuzzy.FindNoSort(q, data[lo:hi]) {
			m.Index += lo
			all = append(all, m)
		}
	}
	slices.SortStableFunc(all, func(a, b fuzzy.Match) int { return cmp.Compare(b.Score, a.Score) })
	return all, true
}

// nextSkillLine finds the first skill line from i in direction dir,
// skipping group headers; it returns i clamped when there is none.
func (p *libraryPane) nextSkillLine(i, dir int) int {
	for j := i; j >= 0 && j < len(p.lines); j += dir {
		if p.lines[j].e != nil {
			return j
		}
	}
	// Nothing that way: look the other way from i.
	for j := i; j >= 0 && j < len(p.lines); j -= dir {
		if p.lines[j].e != nil {
			return j
		}
	}
	return 0
}

func (p *libraryPane) moveTo(i int, dir int) {
	if len(p.lines) == 0 {
		return
	}
	i = min(max(i, 0), len(p.lines)-1)
	p.cursor = p.nextSkillLine(i, dir)
	if e := p.Selected(); e != nil {
		p.selected = e.ID
	}
	p.clampOffset()
}

// clampOffset keeps the cursor (and the group header above it) visible.
func (p *libraryPane) clampOffset() {
	h := p.listHeight()
	if h <= 0 {
		p.offset = 0
		return
	}
	top := p.cursor
	if top > 0 && p.lines[top-1].header != "" {
		top-- // show the group header with its first skill
	}
	if top < p.offset {
		p.offset = top
	}
	if p.cursor >= p.offset+h {
		p.offset = p.cursor - h + 1
	}
	p.offset = max(min(p.offset, len(p.lines)-h), 0)
}

// Update handles the pane's messages. It does not announce a changed
// selection: the root model compares the pane's Selected with the skill
// pane after every message (Model.followSelection).
func (p *libraryPane) Update(msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case filterResultMsg:
		if msg.query != p.query {
			return nil // typed on since
		}
		if msg.query != p.matchQuery {
			p.selected = -1 // a new query starts at the best match
		}
		p.matches, p.matchQuery = msg.lines, msg.query
		p.rebuild()
	case riskReviewedMsg:
		cmd = msg.next
		if applyRisk(p.entries, msg) {
			p.rebuild()
			if p.riskQuery && p.query != "" {
				// has:risk's answer changed: ask again (a "no match"
				// while the reviews ran would otherwise stay).
				cmd = tea.Batch(cmd, p.filterCmd())
			}
		}
	case tea.KeyPressMsg:
		cmd = p.handleKey(msg)
	case tea.MouseWheelMsg:
		switch msg.Button {
		case tea.MouseWheelUp:
			p.moveTo(p.cursor-3, -1)
		case tea.MouseWheelDown:
			p.moveTo(p.cursor+3, 1)
		}
	case tea.MouseClickMsg:
		// Rows start one line below the pane's top (the header line);
		// the caller translates coordinates into the pane.
		if i := p.offset + msg.Y - 1; msg.Y >= 1 && i < len(p.lines) && p.lines[i].e != nil {
			p.moveTo(i, 1)
		}
	}
	return cmd
}

func (p *libraryPane) handleKey(msg tea.KeyPressMsg) tea.Cmd {
	k := p.c.Keys
	if p.filtering {
		switch {
		case key.Matches(msg, k.ClearFilter):
			p.filtering = false
			p.filter.Blur()
			p.filter.SetValue("")
			return p.setQuery("")
		case key.Matches(msg, k.AcceptInput):
			p.filtering = false
			p.filter.Blur()
			return nil
		case key.Matches(msg, k.InputUp):
			p.moveTo(p.cursor-1, -1)
			return nil
		case key.Matches(msg, k.InputDown):
			p.moveTo(p.cursor+1, 1)
			return nil
		}
		var cmd tea.Cmd
		p.filter, cmd = p.filter.Update(msg)
		return tea.Batch(cmd, p.setQuery(p.filter.Value()))
	}
	h := p.listHeight()
	switch {
	case key.Matches(msg, k.Filter):
		p.filtering = true
		return p.filter.Focus()
	case key.Matches(msg, k.ClearFilter):
		if p.query != "" {
			p.filter.SetValue("")
			return p.setQuery("")
		}
	case key.Matches(msg, k.Up):
		p.moveTo(p.cursor-1, -1)
	case key.Matches(msg, k.Down):
		p.moveTo(p.cursor+1, 1)
	case key.Matches(msg, k.PageUp):
		p.moveTo(p.cursor-h, -1)
	case key.Matches(msg, k.PageDown):
		p.moveTo(p.cursor+h, 1)
	case key.Matches(msg, k.HalfUp):
		p.moveTo(p.cursor-h/2, -1)
	case key.Matches(msg, k.HalfDown):
		p.moveTo(p.cursor+h/2, 1)
	case key.Matches(msg, k.Top):
		p.moveTo(0, 1)
	case key.Matches(msg, k.Bottom):
		p.moveTo(len(p.lines)-1, -1)
	case key.Matches(msg, k.Sort):
		p.sortBy = (p.sortBy + 1) % numSortModes
		p.rebuild()
		if p.sortBy == sortByRisk {
			// Sorting by risk needs every skill reviewed, remote ones too.
			return reviewEntries(p.c.Rules, p.entries, true)
		}
	case key.Matches(msg, k.Group):
		p.group = !p.group
		p.rebuild()
		if len(p.sources) < 2 {
			// Nothing changes on screen; say why rather than do nothing.
			text := "Only one source, so no groups yet: a adds a source."
			if !p.group {
				text = "Grouping by source is off."
			}
			return func() tea.Msg { return StatusMsg{Text: text} }
		}
	}
	return nil
}

func (p *libraryPane) setQuery(q string) tea.Cmd {
	if q == p.query {
		return nil
	}
	p.query = q
	if q == "" {
		p.matches, p.matchQuery = nil, ""
		p.riskQuery = false
		p.rebuild()
		return nil
	}
	cmd := p.filterCmd()
	if p.riskQuery {
		// has:risk needs every skill reviewed, remote ones too, as
		// sorting by risk does.
		return tea.Batch(cmd, reviewEntries(p.c.Rules, p.entries, true))
	}
	return cmd
}

// pendingRisk counts, under a has:risk query, the skills whose review
// is queued and not back (0 under any other query).
func (p *libraryPane) pendingRisk() int {
	if !p.riskQuery {
		return 0
	}
	n := 0
	for _, e := range p.entries {
		if e.loaded != nil && e.riskQueued == e.loaded && e.riskCurrent() == nil {
			n++
		}
	}
	return n
}

func (p *libraryPane) ShortHelp() []key.Binding {
	k := p.c.Keys
	if p.filtering {
		return []key.Binding{k.AcceptInput, k.ClearFilter}
	}
	if p.query != "" {
		// A filter in force: the one key that brings every skill back.
		return []key.Binding{k.Up, k.Down, k.Open, k.ClearFilter, k.Filter, k.Sort, k.Group}
	}
	return []key.Binding{k.Up, k.Down, k.Open, k.Filter, k.Sort, k.Group}
}

// Typing: the filter prompt takes every key.
func (p *libraryPane) Typing() bool { return p.filtering }

func (p *libraryPane) FullHelp() [][]key.Binding {
	k := p.c.Keys
	if p.filtering {
		return [][]key.Binding{p.ShortHelp()}
	}
	// esc does nothing without a filter in force, so it is listed only
	// with one; u and d move half a page here as in the reader.
	acts := []key.Binding{k.Open, k.Filter}
	if p.query != "" {
		acts = append(acts, k.ClearFilter)
	}
	return [][]key.Binding{
		{k.Up, k.Down, k.PageUp, k.PageDown, k.HalfUp, k.HalfDown, k.Top, k.Bottom},
		append(acts, k.Sort, k.Group, k.EditFile),
	}
}

// View draws the header line and the visible rows, each exactly width
// cells wide.
func (p *libraryPane) View() string {
	if p.width <= 0 || p.height <= 0 {
		return ""
	}
	st := p.c.Styles
	var b strings.Builder
	b.WriteString(p.headerLine())
	h := p.listHeight()
	if len(p.lines) == 0 && h > 0 {
		k := p.c.Keys
		// A first run in an empty folder: say what to do next.
		msg := "No skills yet. " + k.NewSkill.Help().Key + " makes one from a template; " +
			k.AddSource.Help().Key + " adds a source (a folder, a registry or a site)."
		switch {
		case p.reading:
			msg = "Reading the sources…"
		case p.failed != "":
			msg = p.failed + " " + k.RemoveSrc.Help().Key + " then " + k.Retry.Help().Key +
				" tries again; " + k.AddSource.Help().Key + " adds another source."
		}
		if p.query != "" {
			msg = "No skill matches " + sanitize.Line(p.query) + "." + factHint(p.query) + " esc clears the filter."
			if n := p.pendingRisk(); n > 0 {
				msg = fmt.Sprintf("No skill matches %s yet: %s still running; the list fills in as they finish. esc clears the filter.",
					sanitize.Line(p.query), plural(n, "review is", "reviews are"))
			}
		}
		if p.filterProblem != "" {
			msg = p.filterProblem
		}
		// Wrapped, not cut: the message is all the pane has to show.
		b.WriteString("\n" + fitLines(st.Dim.Render(indent(wrap(msg, p.width-2), " ")), p.width, h))
		return b.String()
	}
	cols := p.columns()
	for i := p.offset; i < p.offset+h; i++ {
		b.WriteString("\n")
		if i >= len(p.lines) {
			b.WriteString(strings.Repeat(" ", p.width))
			continue
		}
		l := p.lines[i]
		if l.header != "" {
			b.WriteString(p.headerRow(l))
			continue
		}
		if i == p.cursor {
			b.WriteString(p.rowView(l, cols, true))
			continue
		}
		if r, ok := p.rows[l.e.ID]; ok {
			b.WriteString(r)
			continue
		}
		r := p.rowView(l, cols, false)
		if p.rows == nil {
			p.rows = map[int]string{}
		}
		p.rows[l.e.ID] = r
		b.WriteString(r)
	}
	return b.String()
}

// headerRow is a group header: the source, its count and, for a remote
// source, its status line on the right.
func (p *libraryPane) headerRow(l libLine) string {
	st := p.c.Styles
	status := ""
	if p.sourceStatus != nil {
		status = p.sourceStatus(l.source)
	}
	left := " " + l.header
	if status == "" {
		return fit(st.GroupHeader.Render(ansi.Truncate(left, p.width, glyphEllip)), p.width)
	}
	room := p.width - ansi.StringWidth(left) - 2
	if room < 10 {
		return fit(st.GroupHeader.Render(ansi.Truncate(left, p.width, glyphEllip)), p.width)
	}
	return spread(st.GroupHeader.Render(left), ansi.Truncate(status, room-1, glyphEllip)+" ", p.width)
}

func (p *libraryPane) headerLine() string {
	st := p.c.Styles
	if p.filtering || p.query != "" {
		counted := fmt.Sprintf(" %d/%d", p.skillCount(), len(p.entries))
		if n := p.pendingRisk(); n > 0 && !p.filtering {
			counted += " · " + plural(n, "review pending", "reviews pending")
		}
		count := st.Dim.Render(counted)
		room := max(p.width-lipgloss.Width(count), 0)
		if p.filtering {
			return fit(ansi.Truncate(p.filter.View(), room, "")+count, p.width)
		}
		// Applied: the count stays where it was while typing, at the
		// right edge, and a query too long to show is cut visibly.
		in := st.FilterPrompt.Render("/ ") + st.FilterText.Render(sanitize.Line(p.query))
		in = ansi.Truncate(in, room, glyphEllip)
		return fit(in+strings.Repeat(" ", max(room-lipgloss.Width(in), 0))+count, p.width)
	}
	left := st.PaneHeader.Render(" " + plural(len(p.entries), "skill", "skills"))
	right := p.sortBy.String()
	if p.group && len(p.sources) > 1 {
		right += " · by source"
	}
	right = st.Dim.Render(right + " ")
	return spread(left, right, p.width)
}

func (p *libraryPane) skillCount() int {
	n := 0
	for _, l := range p.lines {
		if l.e != nil {
			n++
		}
	}
	return n
}

// columns are the widths of a row's parts at the pane's width.
type columns struct {
	name, badge, version, desc, counts int
}

// columns shares the width out: name, format badge and problem counts
// always; the description next; the version when there is room to spare.
func (p *libraryPane) columns() columns {
	w := p.width - 2 // cursor mark and a space
	c := columns{badge: 8, counts: p.maxCounts}
	longest, longestVersion := p.maxName, p.maxVersion
	c.name = min(longest, max(w*3/10, 14), 28)
	rest := w - c.name - 1 - c.badge - 1 - riskBadgeWidth - 1 - c.counts
	if v := min(longestVersion, 10); v > 0 && rest-v-1 >= 24 {
		c.version = v
		rest -= c.version + 1
	}
	if rest >= 6 {
		c.desc = rest - 1
	} else if rest < 0 {
		// Very narrow: give the name what is left.
		c.name = max(c.name+rest, 4)
	}
	return c
}

// countsWidth is the width of a row's problem counts ("✗12 ⚠3", "✓").
func countsWidth(r row) int {
	w := 0
	if r.errors > 0 {
		w += 1 + len(fmt.Sprint(r.errors))
	}
	if r.warnings > 0 {
		if w > 0 {
			w++
		}
		w += 1 + len(fmt.Sprint(r.warnings))
	}
	return max(w, 1)
}

// rowView draws one skill: cursor, name, badge, version, description,
// problem counts. Each part is styled on its own so the selection's
// background covers the whole row.
func (p *libraryPane) rowView(l libLine, c columns, selected bool) string {
	st := p.c.Styles
	e := l.e
	sel := func(s lipgloss.Style) lipgloss.Style {
		if !selected {
			return s
		}
		if p.focused {
			return s.Inherit(st.RowSelected)
		}
		return s.Inherit(st.RowSelectedDim)
	}
	gap := sel(st.Row).Render(" ")
	var b strings.Builder
	if selected && p.focused {
		b.WriteString(sel(st.Heading).Render(st.RowCursor))
	} else {
		b.WriteString(sel(st.Row).Render(" "))
	}
	b.WriteString(gap)
	b.WriteString(p.nameCell(e.row.name, l.nameMatch, c.name, sel))
	b.WriteString(gap)
	badge := st.FormatBadge(e.Candidate.Format)
	if bs, ok := st.Badge[e.Candidate.Format]; ok {
		badge = sel(bs).Render(pad(e.Candidate.Format.Label(), c.badge))
	}
	b.WriteString(badge)
	b.WriteString(gap)
	b.WriteString(riskBadge(st, e, sel))
	if c.version > 0 {
		b.WriteString(gap)
		b.WriteString(sel(st.Version).Render(pad(ansi.Truncate(e.row.version, c.version, "…"), c.version)))
	}
	if c.desc > 0 {
		b.WriteString(gap)
		if e.where != "" {
			// Where it lives first: the description may be the same too.
			where := sel(st.Dim).Render(ansi.Truncate(e.where+" · ", c.desc, "…"))
			b.WriteString(where)
			c.desc -= ansi.StringWidth(where)
		}
		mark, ms := trustMark(e, st)
		if mark != "" && c.desc <= len(mark)+8 {
			mark = e.trust().String() // the short form; the pane says why
		}
		if mark != "" && c.desc > len(mark)+4 {
			b.WriteString(sel(ms).Render(mark))
			b.WriteString(sel(st.Description).Render(pad(ansi.Truncate(" · "+e.row.desc, c.desc-len(mark), "…"), c.desc-len(mark))))
		} else {
			b.WriteString(sel(st.Description).Render(pad(ansi.Truncate(e.row.desc, c.desc, "…"), c.desc)))
		}
	}
	b.WriteString(gap)
	switch {
	case e.failed:
		b.WriteString(sel(st.Error).Render(pad("", c.counts-1) + glyphError))
	case e.stub:
		b.WriteString(sel(st.Dim).Render(pad("", c.counts-1) + glyphEllip))
	default:
		b.WriteString(p.countsCell(e.row, c.counts, sel))
	}
	return fit(b.String(), p.width)
}

func (p *libraryPane) nameCell(name string, match []int, width int, sel func(lipgloss.Style) lipgloss.Style) string {
	st := p.c.Styles
	name = ansi.Truncate(name, width, "…")
	if len(match) == 0 {
		return sel(st.Name).Render(pad(name, width))
	}
	var b strings.Builder
	hit := make(map[int]bool, len(match))
	for _, i := range match {
		hit[i] = true
	}
	for i, r := range name {
		if hit[i] {
			b.WriteString(sel(st.Match).Render(string(r)))
		} else {
			b.WriteString(sel(st.Name).Render(string(r)))
		}
	}
	if w := ansi.StringWidth(name); w < width {
		b.WriteString(sel(st.Name).Render(strings.Repeat(" ", width-w)))
	}
	return b.String()
}

// countsCell: ✗ errors and ⚠ warnings, or a ✓ when clean, right-aligned.
func (p *libraryPane) countsCell(r row, cellWidth int, sel func(lipgloss.Style) lipgloss.Style) string {
	st := p.c.Styles
	var parts []string
	width := 0
	if r.errors > 0 {
		s := fmt.Sprintf("%s%d", glyphError, r.errors)
		parts, width = append(parts, sel(st.Error).Render(s)), width+ansi.StringWidth(s)
	}
	if r.warnings > 0 {
		s := fmt.Sprintf("%s%d", glyphWarning, r.warnings)
		if width > 0 {
			parts, width = append(parts, sel(st.Row).Render(" ")), width+1
		}
		parts, width = append(parts, sel(st.Warning).Render(s)), width+ansi.StringWidth(s)
	}
	if len(parts) == 0 {
		parts, width = append(parts, sel(st.OK).Render(glyphOK)), 1
	}
	lead := ""
	if width < cellWidth {
		lead = sel(st.Row).Render(strings.Repeat(" ", cellWidth-width))
	}
	return lead + strings.Join(parts, "")
}
