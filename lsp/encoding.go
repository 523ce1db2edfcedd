package lsp

import (
	"slices"
	"sync/atomic"
	"unicode/utf8"
)

// posEncoding is what a position's character offset counts (LSP 3.17's
// PositionEncodingKind). UTF-16 code units are the default every client
// must take; a client that offers UTF-8 or UTF-32 in
// general.positionEncodings is given the first of those it lists (its
// order is its preference), as counting bytes or characters is what the
// editor does natively (Neovim, Helix, Emacs) and converting costs it.
type posEncoding uint32

const (
	encUTF16 posEncoding = iota // the zero value: the protocol's default
	encUTF8
	encUTF32
)

// String is the encoding's name in the protocol.
func (e posEncoding) String() string {
	switch e {
	case encUTF8:
		return "utf-8"
	case encUTF32:
		return "utf-32"
	}
	return "utf-16"
}

// pickEncoding is the first encoding the client offers that the server
// counts in; UTF-16 when it offers none (or nothing known).
func pickEncoding(offered []string) posEncoding {
	for _, name := range offered {
		if e, ok := encodingNamed(name); ok {
			return e
		}
	}
	return encUTF16
}

func encodingNamed(name string) (posEncoding, bool) {
	i := slices.Index([]string{"utf-16", "utf-8", "utf-32"}, name)
	return posEncoding(max(i, 0)), i >= 0
}

// len is how many units s is in e.
func (e posEncoding) len(s string) int {
	switch e {
	case encUTF8:
		return len(s)
	case encUTF32:
		return utf8.RuneCountInString(s)
	}
	return utf16Len(s)
}

// bytesIn is the byte length of the longest head of l holding at most
// units of e, except that a position inside a character (a surrogate pair
// in UTF-16, a multi-byte sequence in UTF-8) takes the whole character:
// the text is never split inside one.
func (e posEncoding) bytesIn(l string, units int) int {
	if e != encUTF8 {
		return unitsIn(l, units, e)
	}
	if units >= len(l) {
		return len(l)
	}
	i := max(units, 0)
	for i < len(l) && !utf8.RuneStart(l[i]) {
		i++
	}
	return i
}

// sharedEncoding is the encoding a server settled on at initialize, read
// by every handler (atomically: they run on other goroutines).
type sharedEncoding struct{ v atomic.Uint32 }

func (s *sharedEncoding) get() posEncoding  { return posEncoding(s.v.Load()) }
func (s *sharedEncoding) set(e posEncoding) { s.v.Store(uint32(e)) }
