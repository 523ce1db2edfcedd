package ui

import (
	"fmt"
	"os"
	"runtime/debug"
	"slices"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/skillstudio/skillstudio/internal/theme"
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/registry"
	"github.com/skillstudio/skillstudio/sanitize"
)

// Minimum window size; below it the studio asks for a bigger window.
const (
	minWidth  = 60
	minHeight = 16
	// splitWidth is the width from which library and skill are shown side
	// by side; narrower, one pane at a time.
	splitWidth = 100
)

type focus int

const (
	focusLibrary focus = iota
	focusSkill
)

// Model is the studio's root: it owns the window, global keys, loading,
// live lint and the status bar, and forwards the rest to the focused pane.
type Model struct {
	c    *Common
	opts Options

	lib   *libraryPane
	skill *skillPane
	help  help.Model
	spin  spinner.Model
	focus focus
	// screen is a full-window screen (new skill, add source) while open.
	screen Screen
	// pendingNew is the main file of a skill just created with `n`,
	// selected as soon as a batch brings it in (new_select.go).
	pendingNew string
	// followGone is the skill the pane showed when its file went away,
	// opened again if a rescan finds it renamed (gone_follow.go).
	followGone *goneShown
	// confirm is a yes/no question waiting for its key (sources.go).
	confirm *confirmation
	// pendingPull is a pull asked for while its skill is being reviewed
	// (pull_confirm.go).
	pendingPull *pendingPull

	ld      loader
	entries map[int]*Entry
	loaded  bool // every source searched and read once
	watcher *registry.Watcher
	// watchStarting: a watcher is being made; skills that arrive
	// meanwhile wait in watchQueue for it.
	watchStarting bool
	watchQueue    []*Entry
	// watchAdding counts commands still adding skills to the watcher:
	// "live" is shown only when every skill listed is watched, so a save
	// made once it shows is never missed.
	watchAdding int

	builds map[int]BuildResult

	notice string // lasting: the embedded-library notice
	// noticeShort says the same in fewer words, for a bar too narrow
	// for notice (80 columns beside the counts).
	noticeShort string
	// configErr is why the configuration read again did not read, shown
	// until it reads; configNotes are findings about it (Lint tab).
	configErr   string
	configNotes []model.Diagnostic
	// nestedErr is the first configNotes error (a nested project file
	// that does not read), shown as configErr is.
	nestedErr string
	// nestedSeen are the folders whose .skillstudio.yaml the watcher
	// follows (nestedConfigFiles), so a rescan adds only new ones.
	nestedSeen map[string]bool
	status     string // until the next key
	statusErr  bool
	themeFixed bool
	sized      bool
}

// New makes a studio. It does no I/O: Init starts the loading commands.
func New(opts Options) *Model {
	// The CLI has resolved flag, environment and config already
	// (theme.Resolve); an unknown name here follows the terminal.
	choice, _ := theme.Resolve(opts.Theme, "", nil)
	choice.NoColor = choice.NoColor || opts.NoColor
	t, fixed := ThemeOf(choice), choice.Fixed
	if opts.Open == nil {
		opts.Open = registry.OpenLocal
	}
	c := NewCommon(t)
	c.Builder = opts.Builder
	c.Rules = opts.Config
	if opts.ReviewConfig != nil {
		c.Rules = opts.ReviewConfig
	}
	if opts.WorkDir != "" {
		c.WorkDir = opts.WorkDir
	}
	m := &Model{
		c:          c,
		opts:       opts,
		lib:        newLibraryPane(c),
		skill:      newSkillPane(c),
		help:       help.New(),
		spin:       spinner.New(spinner.WithSpinner(spinner.MiniDot)),
		entries:    map[int]*Entry{},
		builds:     map[int]BuildResult{},
		themeFixed: fixed,
	}
	m.ld.known = map[string]int{}
	c.Library = m
	m.lib.sourceStatus = m.styledSourceStatus
	m.skill.hydrate = func(e *Entry) tea.Cmd { return e.hydrate(m.readerOptions(), m.opts.Config) }
	m.help.Styles = c.Styles.Help
	m.spin.Style = c.Styles.StatusNotice
	return m
}

// Init starts loading and, unless the theme is fixed, asks the terminal
// for its background colour.
func (m *Model) Init() tea.Cmd {
	cmds := []tea.Cmd{m.startLoading(), m.spin.Tick}
	m.askConsent()
	if !m.themeFixed && !m.c.Theme.NoColor {
		cmds = append(cmds, tea.RequestBackgroundColor)
	}
	return tea.Batch(cmds...)
}

func (m *Model) setStatus(text string, isErr bool) {
	m.status, m.statusErr = sanitize.Line(text), isErr
}

// Update handles app-wide messages and keys, and forwards the rest. After
// every message the skill pane is made to follow the library's selection:
// the library's cursor is the one owner of "the selected skill", so two
// navigation keys in one input read can never leave the preview (and what
// enter opens) one skill behind the highlight (what p and D act on).
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	msg, ok := cleanInput(msg)
	if !ok {
		return m, nil
	}
	cmd := m.update(msg)
	if follow := m.followSelection(); follow != nil {
		cmd = tea.Batch(cmd, follow)
	}
	return m, cmd
}

// followSelection shows the library's selected skill in the skill pane
// when the pane shows another one. Called synchronously from Update, never
// through a message, so no key can be handled in between.
func (m *Model) followSelection() tea.Cmd {
	sel := m.lib.Selected()
	cur := m.skill.entry
	switch {
	case sel == nil && cur == nil:
		return nil
	case sel != nil && cur != nil && sel.ID == cur.ID:
		return nil
	case sel == nil:
		return m.skill.setEntry(nil, false)
	}
	return tea.Batch(m.skill.setEntry(sel, false), m.buildCmd(sel))
}

func (m *Model) update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.c.Width, m.c.Height = msg.Width, msg.Height
		m.sized = true
		m.layout()
		return m.skill.refresh()
	case tea.BackgroundColorMsg:
		if m.themeFixed || m.c.Theme.NoColor || msg.IsDark() == m.c.Theme.Dark {
			return nil
		}
		m.setTheme(Theme{Dark: msg.IsDark()})
		return m.skill.refresh()
	case spinner.TickMsg:
		if !m.loading() && !m.streaming() {
			return nil // stop ticking once loaded
		}
		var cmd tea.Cmd
		m.spin, cmd = m.spin.Update(msg)
		return cmd

	case sourceFoundMsg:
		return m.onSourceFound(msg)
	case batchLoadedMsg:
		return m.onBatchLoaded(msg)
	case sourceReadMsg:
		return m.onSourceRead(msg)
	case libraryCheckedMsg:
		return m.onLibraryChecked(msg)
	case watchStartedMsg:
		return m.onWatchStarted(msg)
	case watchAddedMsg:
		m.watchAdding--
		return nil
	case skillsChangedMsg:
		return m.onSkillsChanged(msg)
	case configReadMsg:
		return m.onConfigRead(msg)
	case relintedMsg:
		return m.onRelinted(msg)
	case skillReloadedMsg:
		return m.onSkillReloaded(msg)
	case skillHydratedMsg:
		return m.onSkillHydrated(msg)
	case editorDoneMsg:
		if msg.err != nil {
			m.setStatus(editorFailure(msg.editor, msg.err), true)
		}
		if e := m.entries[msg.entryID]; e != nil {
			return reloadCmd(e, m.readerOptions(), m.opts.Config)
		}
		return nil
	case buildDoneMsg:
		prev := m.builds[msg.entryID].Err
		m.builds[msg.entryID] = msg.result
		if e := m.skill.entry; e != nil && e.ID == msg.entryID && (prev != nil || msg.result.Err != nil) {
			return m.skill.retab("Lint") // it shows a failed build whole
		}
		return nil
	case StatusMsg:
		m.setStatus(msg.Text, msg.Error)
		return nil
	case remoteEventMsg:
		return m.onRemoteEvent(msg)
	case pulledMsg:
		return m.onPulled(msg)
	case configSavedMsg:
		m.onConfigSaved(msg)
		return nil
	case RescanMsg:
		var cmds []tea.Cmd
		for i, s := range m.ld.sources {
			if s.err == nil && !s.embedded && !s.remote && !s.removed {
				cmds = append(cmds, m.streamLocal(i))
			}
		}
		return tea.Batch(cmds...)
	case AddSourceMsg:
		return m.onAddSource(msg)
	case OpenSkillMsg:
		return m.onOpenSkill(msg)
	case returnToMsg:
		if e := m.entries[msg.entryID]; e != nil {
			return tea.Batch(m.selectEntry(e), m.skill.activate(msg.tab))
		}
		return nil
	case NewSkillWrittenMsg:
		return m.onNewSkillWritten(msg)
	case CloseScreenMsg:
		m.screen = nil
		return nil
	case OpenFileMsg, GotoHeadingMsg:
		m.focus = focusSkill
		m.syncFocus()
		return m.skill.Update(msg)
	case renderedMsg, renderWantedMsg, fileOpenedMsg, agentReportMsg:
		return m.skill.Update(msg)
	case filterResultMsg:
		return m.lib.Update(msg)
	case riskReviewedMsg:
		return tea.Batch(m.lib.Update(msg), m.skill.Update(msg), m.onReviewedForPull())

	case tea.KeyPressMsg:
		m.lib.touched = true
		return m.handleKey(msg)
	case tea.MouseClickMsg, tea.MouseWheelMsg:
		if m.tooSmall() {
			return nil
		}
	}
	switch msg := msg.(type) {
	case tea.MouseClickMsg:
		m.lib.touched = true
		return m.handleMouse(msg, msg.Mouse())
	case tea.MouseWheelMsg:
		m.lib.touched = true
		return m.handleMouse(msg, msg.Mouse())
	}
	if m.screen != nil {
		return m.screen.Update(msg)
	}
	if m.focus == focusLibrary {
		return m.lib.Update(msg)
	}
	return m.skill.Update(msg)
}

func (m *Model) setTheme(t Theme) {
	m.c.SetTheme(t)
	m.help.Styles = m.c.Styles.Help
	m.spin.Style = m.c.Styles.StatusNotice
	m.lib.restyle()
	// Tabs with pre-drawn content redraw at their size.
	m.layout()
}

func (m *Model) handleKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.c.Keys
	if key.Matches(msg, k.ForceQuit) {
		return tea.Quit
	}
	if m.tooSmall() {
		// Nothing is shown but the "window too small" notice: no key may
		// act on a screen the user cannot see. q still quits.
		if key.Matches(msg, k.Quit) {
			return tea.Quit
		}
		return nil
	}
	m.status = ""
	if m.screen != nil {
		return m.screen.Update(msg)
	}
	if m.confirm != nil {
		if key.Matches(msg, k.Help) {
			// ? looks for the answers (the help lists them): it is not one.
			m.help.ShowAll = !m.help.ShowAll
			m.layout()
			return nil
		}
		return m.answerConfirm(msg)
	}
	if m.focus == focusLibrary && m.lib.filtering {
		return m.lib.Update(msg)
	}
	if m.focus == focusSkill && m.skill.capturesKey(msg) {
		return m.skill.Update(msg)
	}
	switch {
	case key.Matches(msg, k.Quit):
		return tea.Quit
	case key.Matches(msg, k.Help):
		m.help.ShowAll = !m.help.ShowAll
		m.layout()
		return nil
	case key.Matches(msg, k.NewSkill):
		return m.openScreen(screens.newSkill)
	case key.Matches(msg, k.AddSource):
		return m.openScreen(screens.addSource)
	case key.Matches(msg, k.Pull):
		return m.pull()
	case key.Matches(msg, k.EditFile) && (m.focus == focusLibrary || !m.skill.tabEditsSelection()):
		return m.editSelected()
	case key.Matches(msg, k.RemoveSrc) && m.focus == focusLibrary:
		return m.askRemoveSource()
	case key.Matches(msg, k.NextTab), key.Matches(msg, k.PrevTab), key.Matches(msg, k.TabNumber):
		// Tabs switch from either pane; from the library they also move
		// the focus to the skill when only one pane fits.
		if !m.split() {
			m.focus = focusSkill
			m.syncFocus()
		}
		return m.skill.Update(msg)
	}
	if m.focus == focusLibrary {
		if key.Matches(msg, k.Open) && m.lib.Selected() != nil {
			m.focus = focusSkill
			m.syncFocus()
			return nil
		}
		return m.lib.Update(msg)
	}
	if key.Matches(msg, k.Back) {
		m.focus = focusLibrary
		m.syncFocus()
		return nil
	}
	return m.skill.Update(msg)
}

func (m *Model) openScreen(f ScreenFactory) tea.Cmd {
	ctx := ScreenContext{Selected: m.lib.Selected()}
	if e := ctx.Selected; e != nil && e.Base.Local {
		ctx.Dir = e.Base.Root
	} else {
		for _, s := range m.ld.sources {
			if s.err == nil && s.opened.Base.Local {
				ctx.Dir = s.opened.Base.Root
				break
			}
		}
	}
	m.screen = f(m.c, ctx)
	m.screen.SetSize(m.c.Width, m.c.Height-1)
	return m.screen.Init()
}

// onOpenSkill selects a skill by ID or name and shows its Read tab; a
// quiz's load-skill keeps a way back to the quiz.
func (m *Model) onOpenSkill(msg OpenSkillMsg) tea.Cmd {
	e := m.entries[msg.ID]
	if e == nil || msg.ID == 0 {
		e = m.EntryNamed(msg.Name, m.skill.entry)
	}
	if e == nil {
		m.setStatus(fmt.Sprintf("No skill named %q in this library.", msg.Name), true)
		return nil
	}
	var ret *returnPoint
	if msg.Return {
		ret = m.skill.markReturn(1)
	}
	// Show the Read tab before the skill changes: handing the new skill
	// to the tab that is active (the Quiz tab, when the target has a quiz
	// too) would start that tab afresh and throw the run away.
	if _, ri := m.skill.readTab(); ri >= 0 {
		m.skill.active = ri
	}
	cmd := tea.Batch(m.selectEntry(e), m.skill.showTab("Read"))
	if ret != nil && ret.entryID != e.ID {
		m.skill.setReturn(ret)
	}
	return cmd
}

// selectEntry selects e in the library (clearing a filter that hides it)
// and shows it in the focused skill pane.
func (m *Model) selectEntry(e *Entry) tea.Cmd {
	// The filter goes only when it hides e: a quiz's way back to a skill
	// the filter shows kept losing the reader's /has:quiz.
	var said tea.Cmd
	if m.lib.query != "" && !m.lib.shows(e) {
		said = statusCmd(fmt.Sprintf("Filter %q cleared: it hid %s.", sanitize.Line(m.lib.query), e.row.name), false)
		m.lib.filter.SetValue("")
		m.lib.setQuery("")
	}
	m.lib.selected = e.ID
	m.lib.rebuild()
	m.focus = focusSkill
	m.syncFocus()
	if m.skill.entry == e {
		return said
	}
	return tea.Batch(m.skill.setEntry(e, false), m.buildCmd(e), said)
}

// EntryNamed finds a skill by name for tabs (LibraryLookup): one from
// near's source first, then any.
func (m *Model) EntryNamed(name string, near *Entry) *Entry {
	var first *Entry
	for _, e := range m.lib.entries {
		if e.Skill == nil || e.Skill.Name != name {
			continue
		}
		if near == nil || e.Source == near.Source {
			return e
		}
		if first == nil {
			first = e
		}
	}
	return first
}

// handleMouse focuses and forwards to the pane under the pointer.
func (m *Model) handleMouse(msg tea.Msg, mouse tea.Mouse) tea.Cmd {
	if m.screen != nil {
		return m.screen.Update(msg)
	}
	l := m.geometry()
	y := mouse.Y - l.top - 1 // inside the pane's border
	switch {
	case l.libW > 0 && mouse.X < l.libW:
		if _, click := msg.(tea.MouseClickMsg); click {
			m.focus = focusLibrary
			m.syncFocus()
			c := msg.(tea.MouseClickMsg)
			c.Y = y
			return m.lib.Update(c)
		}
		return m.lib.Update(msg)
	case l.skillW > 0:
		if _, click := msg.(tea.MouseClickMsg); click {
			m.focus = focusSkill
			m.syncFocus()
			return nil
		}
		return m.skill.Update(msg)
	}
	return nil
}

func (m *Model) split() bool { return m.c.Width >= splitWidth }

func (m *Model) syncFocus() {
	m.lib.focused = m.focus == focusLibrary
	m.skill.focused = m.focus == focusSkill
	m.layout()
}

// geometry is where things go at the current size.
type geometry struct {
	top          int // first line of the panes
	panesH       int // height of the panes, borders included
	libW, skillW int // outer widths; 0 when hidden
	helpH        int
}

func (m *Model) geometry() geometry {
	w, h := m.c.Width, m.c.Height
	g := geometry{top: 1}
	m.help.SetWidth(w)
	// A help still too tall (fullHelpBands found no layout that fits) is
	// cut, never drawn past the window's last line.
	g.helpH = min(lipgloss.Height(m.helpView()), max(h-g.top-1-minPanesH, 1))
	g.panesH = max(h-g.top-1-g.helpH, 3)
	switch {
	case m.split():
		g.libW = min(max(w*9/20, 44), 72)
		g.skillW = w - g.libW
	case m.focus == focusLibrary:
		g.libW = w
	default:
		g.skillW = w
	}
	return g
}

// layout gives each pane its inner size.
func (m *Model) layout() {
	if !m.sized {
		return
	}
	g := m.geometry()
	m.lib.focused = m.focus == focusLibrary
	m.skill.focused = m.focus == focusSkill
	if g.libW > 0 {
		m.lib.SetSize(g.libW-2, g.panesH-2)
	}
	switch {
	case g.skillW > 0:
		m.skill.SetSize(g.skillW-2, g.panesH-2)
	case m.c.Width > 2:
		// Hidden behind the full-width library: sized as it will be
		// shown, so what it renders meanwhile (the first skill) is not
		// drawn for a zero width and left blank when it is opened.
		m.skill.SetSize(m.c.Width-2, g.panesH-2)
	}
	if m.screen != nil {
		m.screen.SetSize(m.c.Width, m.c.Height-1)
	}
}

// helpKeys is the help bar's content: the focused pane's keys, then the
// global ones.
func (m *Model) helpKeys() help.KeyMap {
	var focused help.KeyMap = m.lib
	switch {
	case m.screen != nil:
		focused = m.screen
	case m.confirm != nil:
		// The question takes the next key, whatever it is: the pane's
		// keys (and ?) would only answer no.
		focused = confirmKeys{c: m.confirm, k: m.c.Keys}
	case m.focus == focusSkill:
		focused = m.skill
	}
	h := helpKeys{focused: focused, k: m.c.Keys, libFocused: m.focus == focusLibrary && m.screen == nil}
	h.canEdit = m.screen == nil && m.lib.Selected() != nil
	if e := m.lib.Selected(); e != nil && !e.Base.Local && !e.stub && m.screen == nil {
		h.canPull = true
	}
	return h
}

type helpKeys struct {
	focused    help.KeyMap
	k          *KeyMap
	libFocused bool
	canPull    bool // the selected skill is remote or built in
	canEdit    bool // a skill is selected: e opens it (or says why not)
}

func (h helpKeys) ShortHelp() []key.Binding {
	claims := keyClaims{}
	bs := claims.claim(h.focused.ShortHelp())
	if isTyping(h.focused) {
		return bs
	}
	var more []key.Binding
	if h.libFocused {
		more = append(more, h.k.NextTab)
	}
	if h.canPull {
		more = append(more, h.k.Pull)
	}
	return append(bs, claims.claim(append(more, h.k.Help, h.k.Quit))...)
}

func (h helpKeys) FullHelp() [][]key.Binding {
	claims := keyClaims{}
	cols := claims.claimColumns(h.focused.FullHelp())
	if isTyping(h.focused) {
		return append(cols, claims.claim([]key.Binding{h.k.ForceQuit}))
	}
	if h.libFocused && len(cols) > 0 {
		// Tabs switch from the library too; under its keys, not in a
		// column of their own, so the global keys still fit 80 columns.
		last := len(cols) - 1
		cols[last] = append(slices.Clone(cols[last]), claims.claim([]key.Binding{h.k.NextTab, h.k.PrevTab, h.k.TabNumber})...)
	}
	// The same key closes what it opened.
	fewer := key.NewBinding(key.WithKeys(h.k.Help.Keys()...), key.WithHelp(h.k.Help.Help().Key, "fewer keys"))
	global := []key.Binding{h.k.NewSkill, h.k.AddSource}
	if h.canEdit {
		global = append(global, h.k.EditFile) // unless the tab's own enter/e came first
	}
	if h.libFocused {
		global = append(global, h.k.RemoveSrc) // D works from the library only
	}
	return append(cols, claims.claim(append(global, h.k.Pull, fewer, h.k.Quit, h.k.ForceQuit)))
}

// fitShortHelp drops, last first, the bindings that are not kept until
// the one-line help fits its width. Cut by the help's own ellipsis, the
// line lost its end, and with it the keys a newcomer needs most: `?` for
// the rest, `q` to leave, `esc` back to the library (80 columns showed
// neither in the library nor in the skill pane).
func fitShortHelp(hm help.Model, bs []key.Binding, keep ...key.Binding) []key.Binding {
	w := hm.Width()
	if w <= 0 {
		return bs
	}
	kept := func(b key.Binding) bool {
		for _, k := range keep {
			if b.Help() == k.Help() {
				return true
			}
		}
		return false
	}
	hm.SetWidth(0) // measure the whole line, uncut
	bs = slices.Clone(bs)
	for lipgloss.Width(hm.ShortHelpView(bs)) > w {
		i := len(bs) - 1
		for i >= 0 && kept(bs[i]) {
			i--
		}
		if i < 0 {
			break // only kept keys left: the help's ellipsis cuts them
		}
		bs = slices.Delete(bs, i, i+1)
	}
	return bs
}

// helpView is the help under the panes. The full help's columns that do
// not fit the window's width go on to further bands below, rather than
// being cut with an ellipsis (which hid the global keys, `?` and `q`
// among them, whenever the skill pane had the focus); a column taller
// than the window leaves room for is split into shorter ones side by
// side (fullHelpBands), so at 60×20 the help no longer runs off the
// bottom of the window with `?`, `q` and the legend.
func (m *Model) helpView() string {
	keys := m.helpKeys()
	if !m.help.ShowAll {
		k := m.c.Keys
		return m.help.ShortHelpView(fitShortHelp(m.help, keys.ShortHelp(), k.Back, k.Help, k.Quit, k.ForceQuit))
	}
	var legend string
	if m.focus == focusLibrary && m.screen == nil {
		// The rows' one-cell marks are not keys: say what they mean here,
		// where a newcomer looks for what the screen shows.
		// Wrapped, not cut: at 60 columns its end was lost.
		legend = m.c.Styles.Dim.Render(wrap("◆ ◇ · beside a skill's format: its review found an error, a warning, nothing", m.help.Width()))
	}
	room := m.c.Height - 2 - minPanesH - lipgloss.Height(legend) // title and status bar; the panes' least
	if legend == "" {
		room++ // lipgloss.Height("") is 1
	}
	bands := m.fullHelpBands(keys.FullHelp(), max(room, 1))
	if legend != "" {
		bands = append(bands, legend)
	}
	return strings.Join(bands, "\n")
}

// minPanesH is the least height the panes keep under a tall help: their
// borders and a line of each.
const minPanesH = 3

// fullHelpBands lays the help's columns out in bands as wide as the
// window, splitting columns taller than some height h into pieces: the
// tallest h whose bands fit in room lines, so columns stay whole when
// they can. When none fits, the layout that is least tall.
func (m *Model) fullHelpBands(groups [][]key.Binding, room int) []string {
	tallest := 0
	for _, g := range groups {
		tallest = max(tallest, len(g))
	}
	var best []string
	for h := tallest; h >= 1; h-- {
		bands := m.packHelp(splitColumns(groups, h))
		if len(bands) > 0 && helpHeight(bands) <= room {
			return bands
		}
		if best == nil || helpHeight(bands) < helpHeight(best) {
			best = bands
		}
	}
	return best
}

// splitColumns cuts each column taller than h keys into as few pieces as
// that takes, of even heights (8 keys under 6 are 4 and 4, not 6 and a
// lone 2).
func splitColumns(groups [][]key.Binding, h int) [][]key.Binding {
	var out [][]key.Binding
	for _, g := range groups {
		pieces := (len(g) + h - 1) / h
		if pieces <= 1 {
			out = append(out, g)
			continue
		}
		size := (len(g) + pieces - 1) / pieces
		for len(g) > size {
			out = append(out, g[:size])
			g = g[size:]
		}
		out = append(out, g)
	}
	return out
}

// packHelp puts columns side by side, starting a new band where the next
// would pass the window's width.
func (m *Model) packHelp(groups [][]key.Binding) []string {
	sepW := lipgloss.Width(m.help.FullSeparator)
	var bands []string
	var band [][]key.Binding
	bandW := 0
	for _, g := range groups {
		gw := lipgloss.Width(m.help.FullHelpView([][]key.Binding{g}))
		if gw == 0 {
			continue
		}
		if len(band) > 0 && bandW+sepW+gw > m.help.Width() {
			bands = append(bands, m.help.FullHelpView(band))
			band, bandW = nil, 0
		}
		if len(band) > 0 {
			bandW += sepW
		}
		band = append(band, g)
		bandW += gw
	}
	if len(band) > 0 {
		bands = append(bands, m.help.FullHelpView(band))
	}
	return bands
}

func helpHeight(bands []string) int {
	n := 0
	for _, b := range bands {
		n += lipgloss.Height(b)
	}
	return n
}

// View draws the window: title, panes, status bar, help.
func (m *Model) View() tea.View {
	v := tea.NewView(m.render())
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	v.WindowTitle = "skillstudio"
	return v
}

func (m *Model) render() string {
	w, h := m.c.Width, m.c.Height
	st := m.c.Styles
	if !m.sized {
		return ""
	}
	if m.tooSmall() {
		msg := fmt.Sprintf("skillstudio needs a window of at least %d×%d.\nThis one is %d×%d: make it bigger, or press q to quit.", minWidth, minHeight, w, h)
		// Cut to the window: wrapped into a few columns the notice is
		// taller than a window that short (79 lines at 1×1).
		return fitLines(lipgloss.Place(w, h, lipgloss.Center, lipgloss.Center, st.TooSmall.Render(wrap(msg, max(w-2, 1)))), w, h)
	}
	var b strings.Builder
	b.WriteString(m.titleBar() + "\n")
	if m.screen != nil {
		b.WriteString(fitLines(m.screen.View(), w, h-1))
		return b.String()
	}
	g := m.geometry()
	var panes []string
	if g.libW > 0 {
		// "No skills yet" only once every source is read, a remote one
		// too: told to make a skill while a registry's index was still on
		// its way, a reviewer thought the registry empty.
		m.lib.reading = m.loading() || m.streaming()
		m.lib.failed = m.failedSourceLine()
		view := m.lib.View()
		if g.skillW == 0 && m.confirm != nil && m.confirm.detail != "" {
			// One pane (80 columns, the library focused): the evidence
			// behind the question goes there, or nothing shows it.
			view = m.confirmDetail(g.libW-2, g.panesH-2)
		}
		panes = append(panes, m.frame(view, g.libW, g.panesH, m.focus == focusLibrary))
	}
	if g.skillW > 0 {
		view := m.skill.View()
		if m.confirm != nil && m.confirm.detail != "" {
			view = m.confirmDetail(g.skillW-2, g.panesH-2)
		}
		panes = append(panes, m.frame(view, g.skillW, g.panesH, m.focus == focusSkill))
	}
	b.WriteString(lipgloss.JoinHorizontal(lipgloss.Top, panes...) + "\n")
	b.WriteString(m.statusBar() + "\n")
	b.WriteString(fitLines(m.helpView(), w, g.helpH))
	return b.String()
}

// frame draws a pane's border, highlighted when focused.
func (m *Model) frame(content string, w, h int, focused bool) string {
	style := m.c.Styles.Pane
	if focused {
		style = m.c.Styles.PaneActive
	}
	return style.Render(fitLines(content, w-2, h-2))
}

func (m *Model) titleBar() string {
	st := m.c.Styles
	left := " " + st.AppTitle.Render("◆ skillstudio")
	var labels []string
	for i, s := range m.ld.sources {
		if i == 0 && m.notice != "" {
			continue // the empty default folder the notice talks about
		}
		if s.removed {
			continue
		}
		label := s.label
		if s.remote {
			label += " (" + s.status.String() + ")"
		}
		labels = append(labels, label)
	}
	room := m.c.Width - lipgloss.Width(left) - 2
	right := st.TitleBar.Render(ansi.Truncate(strings.Join(labels, ", "), max(room-1, 0), glyphEllip) + " ")
	return spread(left, right, m.c.Width)
}

// statusBar: loading progress or a message on the left; counts and the
// selected .xgs.js skill's last build on the right.
func (m *Model) statusBar() string {
	st := m.c.Styles
	w := m.c.Width
	var left string
	switch {
	case m.confirm != nil:
		left = st.StatusError.Render(" " + m.confirm.question)
	case m.status != "":
		style := st.StatusNotice
		if m.statusErr {
			style = st.StatusError
		}
		left = style.Render(" " + m.status)
	case m.configErr != "":
		left = st.StatusError.Render(" " + m.configErr)
	case m.nestedErr != "":
		left = st.StatusError.Render(" " + m.nestedErr)
	case m.loading() && m.searching():
		left = " " + m.spin.View() + st.StatusNotice.Render(fmt.Sprintf(" Reading skills %d (still searching)", m.ld.done))
	case m.loading():
		left = " " + m.spin.View() + st.StatusNotice.Render(fmt.Sprintf(" Reading skills %d/%d", m.ld.done, m.ld.total))
	case m.streaming():
		left = " " + m.spin.View() + st.StatusNotice.Render(" "+m.streamingLine())
	}
	right := m.countsSummary(countsFull)
	if left == "" && m.notice != "" {
		text := m.notice
		if m.noticeShort != "" && lipgloss.Width(" "+text)+lipgloss.Width(right)+1 > w {
			text = m.noticeShort
		}
		left = st.StatusNotice.Render(" " + text)
	}
	// The counts give way before the left side is cut: "(Lint tab)" and
	// "live" first, then the library findings and the ✗ ⚠ counts (the
	// rows show them too); the number of skills stays. At 60 columns the
	// examples' notice read "No skills here: showing the …".
	for level := countsFull + 1; level <= countsLeast && left != "" && lipgloss.Width(left)+lipgloss.Width(right)+1 > w; level++ {
		right = m.countsSummary(level)
	}
	if b := m.buildStatus(); b != "" {
		// A long build error is cut to the room left, never pushing the
		// whole right side (and so the counts) off the bar.
		room := w - lipgloss.Width(left) - lipgloss.Width(right) - 4
		if room >= 12 {
			right = ansi.Truncate(b, room, glyphEllip) + st.Dim.Render(" · ") + right
		}
	}
	if (m.confirm != nil || m.status != "") && lipgloss.Width(left)+lipgloss.Width(right)+1 > w {
		// A message or a question is read once: it wins over the counts.
		return fit(left, w)
	}
	return spread(fit(left, max(w-lipgloss.Width(right)-1, 0)), right, w)
}

// countsLevel is how much of the counts the status bar has room for.
type countsLevel int

const (
	countsFull    countsLevel = iota
	countsNoAside             // without "(Lint tab)" and "live"
	countsNoLib               // without the library findings
	countsLeast               // the number of skills alone
)

func (m *Model) countsSummary(level countsLevel) string {
	st := m.c.Styles
	errs, warns := 0, 0
	for _, e := range m.lib.entries {
		errs += e.row.errors
		warns += e.row.warnings
	}
	s := st.StatusRight.Render(plural(len(m.lib.entries), "skill", "skills"))
	if level >= countsLeast {
		return s + " "
	}
	if errs > 0 {
		s += st.Dim.Render(" · ") + st.Error.Render(fmt.Sprintf("%s%d", glyphError, errs))
	}
	if warns > 0 {
		s += st.Dim.Render(" · ") + st.Warning.Render(fmt.Sprintf("%s%d", glyphWarning, warns))
	}
	if n := len(m.allLibraryFindings()); n > 0 && level < countsNoLib {
		s += st.Dim.Render(" · ") + st.Warning.Render(plural(n, "library finding", "library findings"))
		if level < countsNoAside {
			s += st.Dim.Render(" (Lint tab)")
		}
	}
	if m.watcher != nil && m.watchAdding == 0 && level < countsNoAside {
		s += st.Dim.Render(" · live")
	}
	return s + " "
}

// studioGCPercent is the garbage collector's target for the studio: a
// long-lived process that holds a whole library and reads, checks and
// reviews it in the background, where Go's default (100: the heap may grow
// to twice what is live) made the peak twice the library. At 50 the peak
// at 10k generated skills is about 120 MiB instead of about 150, for
// about a fifth more CPU while loading. GOGC, when set, wins.
const studioGCPercent = 50

// Run starts a studio on the terminal and returns when it quits.
func Run(opts Options) error {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(studioGCPercent)
	}
	m := New(opts)
	defer m.Close()
	p := tea.NewProgram(m, tea.WithOutput(os.Stdout))
	_, err := p.Run()
	return err
}

// tooSmall says the window is below the minimum size: the studio shows
// only a notice and ignores keys but q.
func (m *Model) tooSmall() bool {
	return m.sized && (m.c.Width < minWidth || m.c.Height < minHeight)
}
