// Package sniff tells text from binary content, the one way every reader
// does it: a NUL byte means binary (no text format a skill uses has one),
// and so does a head that is mostly not UTF-8. Readers that only need the
// NUL rule (a loader that reports where the NUL is) use NUL; viewers that
// decide whether to show a file use Binary.
package sniff

import (
	"bytes"
	"unicode/utf8"
)

// HeadLen is how much of a file the head checks look at: enough to catch
// every binary format in practice without reading a large file twice.
const HeadLen = 8192

// NUL returns the offset of the first NUL byte in b, or -1.
func NUL(b []byte) int {
	return bytes.IndexByte(b, 0) // vectorised: readers call it on every file
}

// NULInHead is NUL over the first HeadLen bytes of b only.
func NULInHead(b []byte) int {
	return NUL(b[:min(len(b), HeadLen)])
}

// Binary reports whether b looks binary: a NUL in its head, or a head
// in which more than one byte in ten is not part of valid UTF-8 (a file
// in Latin-1 with a few accents still counts as text).
func Binary(b []byte) bool {
	head := b[:min(len(b), HeadLen)]
	if NUL(head) >= 0 {
		return true
	}
	if utf8.Valid(head) {
		return false
	}
	bad := 0
	for i := 0; i < len(head); {
		r, n := utf8.DecodeRune(head[i:])
		if r == utf8.RuneError && n == 1 {
			bad++
		}
		i += n
	}
	return bad*10 > len(head)
}
