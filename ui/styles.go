package ui

import (
	"image/color"

	"charm.land/bubbles/v2/help"
	"charm.land/lipgloss/v2"

	"github.com/skillstudio/skillstudio/internal/theme"
	"github.com/skillstudio/skillstudio/model"
)

// Theme is the palette choice: dark or light background, and whether
// colour is allowed at all (NO_COLOR).
type Theme struct {
	Dark    bool
	NoColor bool
}

// ThemeOf is the studio's palette for a resolved choice (internal/theme,
// the one place flags, SKILLSTUDIO_THEME, config and NO_COLOR are read).
func ThemeOf(c theme.Choice) Theme { return Theme{Dark: c.Dark, NoColor: c.NoColor} }

// GlamourStyle is the glamour standard style matching the theme.
func (t Theme) GlamourStyle() string {
	switch {
	case t.NoColor:
		return "notty"
	case t.Dark:
		return "dark"
	}
	return "light"
}

// String names the theme for cache keys and tests.
func (t Theme) String() string { return t.GlamourStyle() }

// Styles is the studio's one style sheet. Every colour the studio shows is
// chosen here, from the theme; screens only pick a named style.
type Styles struct {
	Theme Theme

	AppTitle   lipgloss.Style
	TitleBar   lipgloss.Style
	Pane       lipgloss.Style
	PaneActive lipgloss.Style

	// Library rows.
	Row            lipgloss.Style
	RowSelected    lipgloss.Style
	RowSelectedDim lipgloss.Style // the selection while the pane is not focused
	RowCursor      string
	Name           lipgloss.Style
	Match          lipgloss.Style
	Version        lipgloss.Style
	Description    lipgloss.Style
	GroupHeader    lipgloss.Style
	PaneHeader     lipgloss.Style
	Badge          map[model.Format]lipgloss.Style

	// Severities and verdicts.
	Error   lipgloss.Style
	Warning lipgloss.Style
	Info    lipgloss.Style
	OK      lipgloss.Style

	// General text.
	Dim     lipgloss.Style
	Muted   lipgloss.Style
	Bold    lipgloss.Style
	Heading lipgloss.Style
	Code    lipgloss.Style
	Star    lipgloss.Style
	Key     lipgloss.Style
	Over    lipgloss.Style // a size over its budget
	Link    lipgloss.Style

	// Tabs.
	TabActive   lipgloss.Style
	TabInactive lipgloss.Style
	TabGap      lipgloss.Style

	// Filter prompt and text.
	FilterPrompt lipgloss.Style
	FilterText   lipgloss.Style

	// Status bar.
	Status       lipgloss.Style
	StatusNotice lipgloss.Style
	StatusError  lipgloss.Style
	// SearchMatch marks matches of a search in the reader; SearchCurrent
	// the one n/N moved to.
	SearchMatch, SearchCurrent lipgloss.Style
	StatusRight                lipgloss.Style

	Help help.Styles

	// TooSmall is the whole-window message below the minimum size.
	TooSmall lipgloss.Style
}

// palette holds the few colours the style sheet is built from.
type palette struct {
	fg, dim, muted, subtle, accent, accent2, selBg, selFg, border, borderActive color.Color
	err, warn, info, ok                                                         color.Color
	xgs, skillmd, osloop                                                        color.Color
}

func paletteFor(dark bool) palette {
	ld := lipgloss.LightDark(dark)
	c := lipgloss.Color
	return palette{
		fg:           ld(c("#1F2328"), c("#E6E6E6")),
		dim:          ld(c("#6E7781"), c("#8B949E")),
		muted:        ld(c("#8C959F"), c("#6E7681")),
		subtle:       ld(c("#D0D7DE"), c("#30363D")),
		accent:       ld(c("#8250DF"), c("#B392F0")),
		accent2:      ld(c("#0969DA"), c("#79C0FF")),
		selBg:        ld(c("#DDF4FF"), c("#2D333B")),
		selFg:        ld(c("#0A3069"), c("#FFFFFF")),
		border:       ld(c("#D0D7DE"), c("#3D444D")),
		borderActive: ld(c("#8250DF"), c("#B392F0")),
		err:          ld(c("#CF222E"), c("#FF7B72")),
		warn:         ld(c("#9A6700"), c("#E3B341")),
		info:         ld(c("#0969DA"), c("#79C0FF")),
		ok:           ld(c("#1A7F37"), c("#56D364")),
		xgs:          ld(c("#BC4C00"), c("#FFA657")),
		skillmd:      ld(c("#0550AE"), c("#79C0FF")),
		osloop:       ld(c("#116329"), c("#7EE787")),
	}
}

// NewStyles builds the style sheet for a theme.
func NewStyles(t Theme) *Styles {
	if t.NoColor {
		return monoStyles(t)
	}
	p := paletteFor(t.Dark)
	s := lipgloss.NewStyle
	st := &Styles{Theme: t}
	st.AppTitle = s().Bold(true).Foreground(p.accent)
	st.TitleBar = s().Foreground(p.dim)
	st.Pane = s().Border(lipgloss.RoundedBorder()).BorderForeground(p.border)
	st.PaneActive = s().Border(lipgloss.RoundedBorder()).BorderForeground(p.borderActive)

	st.Row = s().Foreground(p.fg)
	st.RowSelected = s().Background(p.selBg).Foreground(p.selFg).Bold(true)
	st.RowSelectedDim = s().Background(p.subtle).Foreground(p.fg)
	st.RowCursor = "▌"
	st.Name = s().Foreground(p.fg).Bold(true)
	st.Match = s().Foreground(p.accent).Underline(true)
	st.Version = s().Foreground(p.dim)
	st.Description = s().Foreground(p.dim)
	st.GroupHeader = s().Foreground(p.accent2).Bold(true)
	st.PaneHeader = s().Foreground(p.dim)
	st.Badge = map[model.Format]lipgloss.Style{
		model.FormatXGS:     s().Foreground(p.xgs),
		model.FormatSkillMD: s().Foreground(p.skillmd),
		model.FormatOSLoop:  s().Foreground(p.osloop),
	}

	st.Error = s().Foreground(p.err).Bold(true)
	st.Warning = s().Foreground(p.warn).Bold(true)
	st.Info = s().Foreground(p.info)
	st.OK = s().Foreground(p.ok)

	st.Dim = s().Foreground(p.dim)
	st.Muted = s().Foreground(p.muted)
	st.Bold = s().Bold(true).Foreground(p.fg)
	st.Heading = s().Bold(true).Foreground(p.accent)
	st.Code = s().Foreground(p.accent2)
	st.Star = s().Foreground(p.warn).Bold(true)
	st.Key = s().Foreground(p.fg).Bold(true)
	st.Over = s().Foreground(p.err).Bold(true).Underline(true)
	st.Link = s().Foreground(p.accent2).Underline(true)

	st.TabActive = s().Bold(true).Foreground(p.selFg).Background(p.accent).Padding(0, 1)
	st.TabInactive = s().Foreground(p.dim).Padding(0, 1)
	st.TabGap = s().Foreground(p.border)

	st.FilterPrompt = s().Foreground(p.accent).Bold(true)
	st.FilterText = s().Foreground(p.fg)

	st.Status = s().Foreground(p.dim)
	st.StatusNotice = s().Foreground(p.accent2)
	// A colour of its own rather than reverse video, which some terminals
	// and renderers draw faintly or not at all.
	st.SearchMatch = s().Background(lipgloss.LightDark(t.Dark)(lipgloss.Color("#FFE58F"), lipgloss.Color("#5C4813"))).Foreground(p.fg)
	st.SearchCurrent = s().Background(p.warn).Foreground(p.selFg).Bold(true)
	st.StatusError = s().Foreground(p.err)
	st.StatusRight = s().Foreground(p.dim)

	st.Help = help.DefaultStyles(t.Dark)
	st.TooSmall = s().Foreground(p.warn).Bold(true)
	return st
}

// monoStyles: NO_COLOR keeps emphasis (bold, reverse, underline) so focus
// and selection stay visible without a single colour.
func monoStyles(t Theme) *Styles {
	s := lipgloss.NewStyle
	plain := s()
	st := &Styles{Theme: t}
	st.AppTitle = s().Bold(true)
	st.TitleBar = plain
	st.Pane = s().Border(lipgloss.NormalBorder())
	st.PaneActive = s().Border(lipgloss.ThickBorder())
	st.Row = plain
	st.RowSelected = s().Reverse(true)
	st.RowSelectedDim = s().Underline(true)
	st.RowCursor = ">"
	st.Name = s().Bold(true)
	st.Match = s().Underline(true)
	st.Version, st.Description, st.PaneHeader = plain, plain, plain
	st.GroupHeader = s().Bold(true).Underline(true)
	st.Badge = map[model.Format]lipgloss.Style{model.FormatXGS: plain, model.FormatSkillMD: plain, model.FormatOSLoop: plain}
	st.Error, st.Warning = s().Bold(true), s().Bold(true)
	st.Info, st.OK = plain, plain
	st.Dim, st.Muted = plain, plain
	st.Bold, st.Heading = s().Bold(true), s().Bold(true).Underline(true)
	st.Code, st.Star, st.Key = plain, s().Bold(true), s().Bold(true)
	st.Over = s().Bold(true).Underline(true)
	st.Link = s().Underline(true)
	st.TabActive = s().Reverse(true).Padding(0, 1)
	st.TabInactive = s().Padding(0, 1)
	st.TabGap = plain
	st.FilterPrompt, st.FilterText = s().Bold(true), plain
	st.Status, st.StatusNotice, st.StatusRight = plain, plain, plain
	st.StatusError = s().Bold(true)
	st.SearchMatch = s().Reverse(true)
	st.SearchCurrent = s().Reverse(true).Bold(true).Underline(true)
	st.Help = help.Styles{
		Ellipsis: plain, ShortKey: s().Bold(true), ShortDesc: plain, ShortSeparator: plain,
		FullKey: s().Bold(true), FullDesc: plain, FullSeparator: plain,
	}
	st.TooSmall = s().Bold(true)
	return st
}

// FormatBadge is a format's label in its colour, padded to a fixed width
// so columns line up.
func (st *Styles) FormatBadge(f model.Format) string {
	const badgeWidth = 8 // len("SKILL.md")
	label := f.Label()
	for len(label) < badgeWidth {
		label += " "
	}
	if b, ok := st.Badge[f]; ok {
		return b.Render(label)
	}
	return label
}

// SeverityStyle is the style of a severity's marks.
func (st *Styles) SeverityStyle(s model.Severity) lipgloss.Style {
	switch s {
	case model.SeverityError:
		return st.Error
	case model.SeverityWarning:
		return st.Warning
	}
	return st.Info
}
