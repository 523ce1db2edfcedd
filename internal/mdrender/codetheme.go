package mdrender

import (
	"strings"
	"sync"

	"charm.land/glamour/v2/ansi"
	"github.com/alecthomas/chroma/v2"
	chromastyles "github.com/alecthomas/chroma/v2/styles"
)

// Code block colours, one chroma style per glamour style. glamour turns a
// style's Chroma colours into a chroma style registered as "charm" the
// first time any code block renders, so a process that rendered in dark
// first (the studio does, before the terminal says its background is
// light) drew every later light code block in dark's colours. And
// chroma's 256-colour formatter picks the nearest palette entry by
// walking a map: a colour halfway between two entries (dark's comments,
// #676767, between 241 and 242) came out as either, run to run. Each
// style gets a theme of its own here, its colours already palette
// entries, chosen with a fixed tie-break.

var (
	codeThemesMu sync.Mutex
	codeThemes   = map[string]string{} // glamour style name → chroma style name
)

// codeTheme registers, once, the chroma style for glamour style name and
// returns its name.
func codeTheme(name string, c *ansi.Chroma) string {
	codeThemesMu.Lock()
	defer codeThemesMu.Unlock()
	if theme, ok := codeThemes[name]; ok {
		return theme
	}
	theme := "skillstudio-" + name
	chromastyles.Register(chroma.MustNewStyle(theme, chroma.StyleEntries{
		chroma.Text:                chromaEntry(c.Text),
		chroma.Error:               chromaEntry(c.Error),
		chroma.Comment:             chromaEntry(c.Comment),
		chroma.CommentPreproc:      chromaEntry(c.CommentPreproc),
		chroma.Keyword:             chromaEntry(c.Keyword),
		chroma.KeywordReserved:     chromaEntry(c.KeywordReserved),
		chroma.KeywordNamespace:    chromaEntry(c.KeywordNamespace),
		chroma.KeywordType:         chromaEntry(c.KeywordType),
		chroma.Operator:            chromaEntry(c.Operator),
		chroma.Punctuation:         chromaEntry(c.Punctuation),
		chroma.Name:                chromaEntry(c.Name),
		chroma.NameBuiltin:         chromaEntry(c.NameBuiltin),
		chroma.NameTag:             chromaEntry(c.NameTag),
		chroma.NameAttribute:       chromaEntry(c.NameAttribute),
		chroma.NameClass:           chromaEntry(c.NameClass),
		chroma.NameConstant:        chromaEntry(c.NameConstant),
		chroma.NameDecorator:       chromaEntry(c.NameDecorator),
		chroma.NameException:       chromaEntry(c.NameException),
		chroma.NameFunction:        chromaEntry(c.NameFunction),
		chroma.NameOther:           chromaEntry(c.NameOther),
		chroma.Literal:             chromaEntry(c.Literal),
		chroma.LiteralNumber:       chromaEntry(c.LiteralNumber),
		chroma.LiteralDate:         chromaEntry(c.LiteralDate),
		chroma.LiteralString:       chromaEntry(c.LiteralString),
		chroma.LiteralStringEscape: chromaEntry(c.LiteralStringEscape),
		chroma.GenericDeleted:      chromaEntry(c.GenericDeleted),
		chroma.GenericEmph:         chromaEntry(c.GenericEmph),
		chroma.GenericInserted:     chromaEntry(c.GenericInserted),
		chroma.GenericStrong:       chromaEntry(c.GenericStrong),
		chroma.GenericSubheading:   chromaEntry(c.GenericSubheading),
		chroma.Background:          chromaEntry(c.Background),
	}))
	codeThemes[name] = theme
	return theme
}

// chromaEntry is a chroma style entry for s, as glamour writes one, with
// its colours snapped to the palette.
func chromaEntry(s ansi.StylePrimitive) string {
	var parts []string
	if s.Color != nil {
		parts = append(parts, paletteColour(*s.Color))
	}
	if s.BackgroundColor != nil {
		parts = append(parts, "bg:"+paletteColour(*s.BackgroundColor))
	}
	for _, f := range []struct {
		on   *bool
		word string
	}{{s.Italic, "italic"}, {s.Bold, "bold"}, {s.Underline, "underline"}} {
		if f.on != nil && *f.on {
			parts = append(parts, f.word)
		}
	}
	return strings.Join(parts, " ")
}

// paletteColour is the xterm 256-colour palette entry nearest to colour
// (by chroma's own distance, so every colour that was not a tie comes out
// as before), the lowest index winning a tie. A colour chroma cannot parse
// is left for chroma to judge.
func paletteColour(colour string) string {
	want := chroma.ParseColour(colour)
	if !want.IsSet() {
		return colour
	}
	palette := xtermPalette()
	best := palette[0]
	for _, p := range palette[1:] {
		if p.Distance(want) < best.Distance(want) {
			best = p
		}
	}
	return best.String()
}

// xtermPalette is the 256 colours of chroma's terminal256 formatter, in
// index order: the 16 system colours, the 6×6×6 cube and 24 greys.
var xtermPalette = sync.OnceValue(func() []chroma.Colour {
	p := make([]chroma.Colour, 0, 256)
	for _, hex := range []string{
		"#000000", "#800000", "#008000", "#808000", "#000080", "#800080", "#008080", "#c0c0c0",
		"#808080", "#ff0000", "#00ff00", "#ffff00", "#0000ff", "#ff00ff", "#00ffff", "#ffffff",
	} {
		p = append(p, chroma.MustParseColour(hex))
	}
	levels := [6]uint8{0, 0x5f, 0x87, 0xaf, 0xd7, 0xff}
	for _, r := range levels {
		for _, g := range levels {
			for _, b := range levels {
				p = append(p, chroma.NewColour(r, g, b))
			}
		}
	}
	for i := range 24 {
		v := uint8(8 + 10*i)
		p = append(p, chroma.NewColour(v, v, v))
	}
	return p
})
