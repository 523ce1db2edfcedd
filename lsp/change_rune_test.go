package lsp

import (
	"math"
	"testing"
	"unicode/utf8"

	"go.lsp.dev/protocol"
)

// FuzzChangesNeverSplitARune: ranged changes whose positions land inside
// a multi-byte character (UTF-8), inside a surrogate pair (UTF-16), past
// a line's end, past the end of the file, at 2^31 or 2^32-1, or between
// the \r and \n of a CRLF, applied batched or one by one, in every
// encoding, never leave a valid document invalid UTF-8 and agree with
// applying them one by one.
func FuzzChangesNeverSplitARune(f *testing.F) {
	f.Add("é😀\r\nx€\r\n", uint32(0), uint32(1), uint32(0), uint32(3), "y", uint32(1), uint32(2), "\r")
	f.Add("a\r\nb", uint32(0), uint32(1), uint32(1), uint32(0), "", uint32(0), uint32(math.MaxInt32+1), "😀")
	f.Add("😀😀", uint32(0), uint32(1), uint32(0), uint32(math.MaxUint32), "\n", uint32(7), uint32(0), "z")
	f.Fuzz(func(t *testing.T, doc string, l1, c1, l2, c2 uint32, text1 string, l3, c3 uint32, text2 string) {
		if !utf8.ValidString(doc) || !utf8.ValidString(text1) || !utf8.ValidString(text2) || len(doc) > 1024 {
			return
		}
		changes := []changeEvent{
			{Range: &protocol.Range{Start: protocol.Position{Line: l1 % 8, Character: c1}, End: protocol.Position{Line: l2 % 8, Character: c2}}, Text: text1},
			{Range: &protocol.Range{Start: protocol.Position{Line: l3 % 8, Character: c3}, End: protocol.Position{Line: l3 % 8, Character: c3}}, Text: text2},
		}
		for _, enc := range []posEncoding{encUTF16, encUTF8, encUTF32} {
			got, ok := applyChanges(doc, true, changes, enc)
			if !ok || !utf8.ValidString(got) {
				t.Fatalf("%s: %q with %+v gave %q (ok %v): a character split", enc, doc, changes, got, ok)
			}
			if want := oneByOne(doc, changes, enc); got != want {
				t.Fatalf("%s: %q with %+v: batched %q, one by one %q", enc, doc, changes, got, want)
			}
		}
	})
}
