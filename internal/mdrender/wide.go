package mdrender

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rivo/uniseg"
	"golang.org/x/text/unicode/norm"
	"golang.org/x/text/width"
)

// Wide text. The wrapper under glamour (x/ansi's Wrap) breaks lines only
// at spaces, so a run of Chinese, Japanese or Korean without spaces was
// one long word: it left the rest of the line blank (a list bullet alone
// on its line) and was then cut wherever the width fell. And it takes an
// ASCII letter as a whole cluster, so an accent written as a combining
// mark after it went to the start of the next line when the line broke
// there.
//
// So before parsing, the text is NFC-composed (e + U+0301 becomes é, one
// code point), and a line separator, U+2028 — which the wrapper takes as a
// space of no width and CommonMark as no space at all — is put at each
// place UAX #14 allows a line break next to a wide character (not before
// "。", not inside an emoji sequence). A separator the wrapper did not
// break at is taken out of the rendered text.

// lineSep is the break opportunity put between wide characters.
const lineSep = "\u2028"

// breakWide composes md and marks its break opportunities around wide
// characters.
func breakWide(md string) string {
	ascii := true
	for i := 0; i < len(md); i++ {
		if md[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return md
	}
	md = norm.NFC.String(md)
	if !hasWide(md) {
		return md
	}
	var b strings.Builder
	b.Grow(len(md) + len(md)/2)
	state := -1
	var prev rune
	for rest := md; rest != ""; {
		var seg string
		seg, rest, _, state = uniseg.FirstLineSegmentInString(rest, state)
		if prev != 0 && !unicode.IsSpace(prev) {
			if first, _ := utf8.DecodeRuneInString(seg); isWide(prev) || isWide(first) {
				b.WriteString(lineSep)
			}
		}
		b.WriteString(seg)
		prev, _ = utf8.DecodeLastRuneInString(seg)
	}
	return b.String()
}

func hasWide(s string) bool {
	for _, r := range s {
		if r >= 0x1100 && isWide(r) {
			return true
		}
	}
	return false
}

// isWide reports a character two cells wide: East Asian Wide or Fullwidth
// (ideographs, kana, Hangul syllables, most emoji).
func isWide(r rune) bool {
	switch width.LookupRune(r).Kind() {
	case width.EastAsianWide, width.EastAsianFullwidth:
		return true
	}
	return false
}
