package sniff

import (
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/encoding/unicode/utf32"
)

// Wide is a UTF-16 or UTF-32 encoding found by WideText.
type Wide struct {
	Name string // "UTF-16 LE", "UTF-16 BE", "UTF-32 LE" or "UTF-32 BE"
	enc  encoding.Encoding
}

// WideText reports whether b is UTF-16 or UTF-32 text rather than binary:
// by its byte-order mark, or, without one, by a head in which (nearly)
// every other byte is NUL, as ASCII text in UTF-16 is. Windows writes such
// files by default (PowerShell 5's > and Out-File, Notepad's "Unicode"),
// and a reader that only sees "a NUL byte" would call them binary and send
// the author looking for the wrong problem.
func WideText(b []byte) (Wide, bool) {
	switch {
	case hasPrefix(b, 0xFF, 0xFE, 0, 0): // before UTF-16 LE, whose BOM it starts with
		return Wide{"UTF-32 LE", utf32.UTF32(utf32.LittleEndian, utf32.ExpectBOM)}, true
	case hasPrefix(b, 0, 0, 0xFE, 0xFF):
		return Wide{"UTF-32 BE", utf32.UTF32(utf32.BigEndian, utf32.ExpectBOM)}, true
	case hasPrefix(b, 0xFF, 0xFE):
		return Wide{"UTF-16 LE", unicode.UTF16(unicode.LittleEndian, unicode.ExpectBOM)}, true
	case hasPrefix(b, 0xFE, 0xFF):
		return Wide{"UTF-16 BE", unicode.UTF16(unicode.BigEndian, unicode.ExpectBOM)}, true
	}
	switch alternatingNUL(b) {
	case 1:
		return Wide{"UTF-16 LE", unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM)}, true
	case 0:
		return Wide{"UTF-16 BE", unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM)}, true
	}
	return Wide{}, false
}

// Decode is b converted to UTF-8 (without the byte-order mark), for a
// viewer that shows the text while the checks report the encoding.
func (w Wide) Decode(b []byte) ([]byte, error) {
	return w.enc.NewDecoder().Bytes(b)
}

func hasPrefix(b []byte, p ...byte) bool {
	if len(b) < len(p) {
		return false
	}
	for i, c := range p {
		if b[i] != c {
			return false
		}
	}
	return true
}

// alternatingNUL is the position (0 or 1) of the NUL in nearly every byte
// pair of b's head, as in ASCII text in UTF-16 BE (0) or LE (1), or -1.
// At least 8 pairs are needed and 9 in 10 must fit: binary formats with
// the odd run of zeros do not.
func alternatingNUL(b []byte) int {
	head := b[:min(len(b), 512)&^1]
	pairs := len(head) / 2
	if pairs < 8 {
		return -1
	}
	var nulAt [2]int
	for i := 0; i < len(head); i += 2 {
		switch {
		case head[i] == 0 && head[i+1] != 0:
			nulAt[0]++
		case head[i+1] == 0 && head[i] != 0:
			nulAt[1]++
		}
	}
	for pos, n := range nulAt {
		if n*10 >= pairs*9 {
			return pos
		}
	}
	return -1
}
