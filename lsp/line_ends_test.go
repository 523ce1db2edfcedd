package lsp

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"go.lsp.dev/protocol"
)

// specLineEnd is a line end as the LSP specification lists them.
var specLineEnd = regexp.MustCompile(`\r\n|\r|\n`)

// specPos is the LSP position of byte offset off, worked out from the
// specification's words alone: line ends counted, then UTF-16 units.
func specPos(data string, off int) protocol.Position {
	head := data[:off]
	ends := specLineEnd.FindAllStringIndex(head, -1)
	lineStart := 0
	if len(ends) > 0 {
		lineStart = ends[len(ends)-1][1]
	}
	// A "\r" at off's left whose "\n" is at off: off is inside the
	// line end, on the line the "\r" ends.
	if off > 0 && off < len(data) && data[off-1] == '\r' && data[off] == '\n' {
		return protocol.Position{Line: uint32(len(ends) - 1), Character: uint32(utf16Len(data[startOfLast(ends) : off-1]))}
	}
	return protocol.Position{Line: uint32(len(ends)), Character: uint32(utf16Len(data[lineStart:off]))}
}

func startOfLast(ends [][]int) int {
	if len(ends) < 2 {
		return 0
	}
	return ends[len(ends)-2][1]
}

var lineEndPieces = []string{"a", "é", "😀", "e\u0301", "\n", "\r\n", "\r", "\r\r\n", "word ", "\t"}

func randLineEndText(rng *rand.Rand, n int) string {
	var b strings.Builder
	for range n {
		b.WriteString(lineEndPieces[rng.IntN(len(lineEndPieces))])
	}
	return b.String()
}

// The LSP ends a line at "\n", "\r\n" and a lone "\r": the server split
// at "\n" alone, so every position after a lone "\r" (a classic Mac file,
// a pasted fragment) was on the wrong line in a client that follows the
// specification. Lines, positions and offsets match the spec's own words.
func TestLinesEndWhereTheSpecSays(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for range 2000 {
		data := randLineEndText(rng, rng.IntN(30))
		tx := newText(data)
		want := specLineEnd.Split(data, -1)
		if tx.lineCount() != len(want) {
			t.Fatalf("%q: %d lines, want %d", data, tx.lineCount(), len(want))
		}
		for i, l := range want {
			if got := tx.line(i); got != l {
				t.Fatalf("%q: line %d = %q, want %q", data, i, got, l)
			}
		}
		for off := 0; off <= len(data); off++ {
			if off < len(data) && !utf8.RuneStart(data[off]) {
				continue
			}
			p := tx.pos(off)
			if want := specPos(data, off); p != want && !(off > 0 && data[off-1] == '\r' && off < len(data) && data[off] == '\n') {
				t.Fatalf("%q: pos(%d) = %+v, want %+v", data, off, p, want)
			}
			if back := tx.offset(p); back != off && !(off > 0 && data[off-1] == '\r' && off < len(data) && data[off] == '\n') {
				t.Fatalf("%q: offset(pos(%d)) = %d", data, off, back)
			}
		}
	}
}

// A finding's line and column are the CLI's (lines end at "\n" alone,
// columns in UTF-16 units): the server shows it on the character the CLI
// names, at the position the spec gives that character.
func TestFindingsLandWhereTheCLIPoints(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for range 2000 {
		data := randLineEndText(rng, rng.IntN(30))
		tx := newText(data)
		for off := 0; off <= len(data); off++ {
			if off < len(data) && !utf8.RuneStart(data[off]) {
				continue
			}
			if off > 0 && data[off-1] == '\r' && off < len(data) && data[off] == '\n' {
				continue // inside a CRLF: no character starts there
			}
			// What the CLI prints: 1-based line by "\n", UTF-16 column.
			line := strings.Count(data[:off], "\n") + 1
			col := utf16Len(data[strings.LastIndexByte(data[:off], '\n')+1:off]) + 1
			if got, want := tx.at(line, col), specPos(data, off); got != want {
				t.Fatalf("%q: CLI %d:%d at %+v, want %+v", data, line, col, got, want)
			}
		}
	}
}

// End to end: a finding after lone "\r"s is on the line the spec gives,
// its disable action goes above the line the reader counts (so it
// silences the finding), and the outline's heading is where the editor
// shows it.
func TestLoneCRInAnOpenBuffer(t *testing.T) {
	root := t.TempDir()
	c := newClient(t, root)
	rel := "s/mac/SKILL.md"
	doc := "---\nname: mac\ndescription: Has lone carriage returns for the line end test of the server.\n---\n\nIntro.\r\rMore.\n# Mac\n\r😀 See [ref](missing.md).\n"
	writeFiles(t, root, map[string]string{rel: doc})
	c.open(rel, doc)
	var link protocol.Diagnostic
	for _, d := range c.waitFor(rel, hasCode("skillmd/link")) {
		if d.Code == "skillmd/link" {
			link = d
		}
	}
	// Lines 0-3 frontmatter, 4 blank, 5 Intro., 6 blank, 7 More., 8 # Mac,
	// 9 blank, 10 the link after 😀(2) and a space and "See ". (The
	// readers see no heading in "Intro.\r\r# Mac": the CLI's view.)
	if want := (protocol.Position{Line: 10, Character: 7}); link.Range.Start != want {
		t.Errorf("skillmd/link at %+v, want %+v", link.Range.Start, want)
	}
	if link.Range.End.Line != 10 {
		t.Errorf("skillmd/link ends at %+v: past its line", link.Range.End)
	}
	var actions []protocol.CodeAction
	c.call(protocol.MethodTextDocumentCodeAction, &protocol.CodeActionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: c.uri(rel)},
		Range:        protocol.Range{Start: protocol.Position{Line: 10}, End: protocol.Position{Line: 10}},
	}, &actions)
	var disable *protocol.CodeAction
	for i, a := range actions {
		if a.Title == "Disable skillmd/link for this line" {
			disable = &actions[i]
		}
	}
	if disable == nil {
		t.Fatalf("no disable action for line 10 in %+v", actions)
	}
	var syms []protocol.DocumentSymbol
	c.call(protocol.MethodTextDocumentDocumentSymbol, &protocol.DocumentSymbolParams{TextDocument: protocol.TextDocumentIdentifier{URI: c.uri(rel)}}, &syms)
	found := false
	for _, s := range syms {
		if s.Name == "Mac" {
			found = true
			if s.Range.Start.Line != 8 {
				t.Errorf("heading Mac on line %d, want 8", s.Range.Start.Line)
			}
		}
	}
	if !found {
		t.Errorf("no heading Mac in %+v", syms)
	}
	disabled := applyEdits(doc, disable.Edit.Changes[c.uri(rel)])
	c.change(rel, disabled)
	if got := c.waitFor(rel, not(hasCode("skillmd/link"))); hasCode("library/unused-suppression")(got) {
		t.Errorf("after disabling: %s (%q)", codes(got), disabled)
	}
}

// FuzzTextPositions: for any text, every character's position is the
// spec's, and a finding's CLI line and column land on it.
func FuzzTextPositions(f *testing.F) {
	for _, s := range []string{"", "a\rb", "\r\r\n\n", "é\r😀\ne\u0301\r\n", "\xff\r\x80"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data string) {
		if len(data) > 4096 {
			return
		}
		tx := newText(data)
		if tx.lineCount() != len(specLineEnd.Split(data, -1)) {
			t.Fatalf("%q: %d lines", data, tx.lineCount())
		}
		for off := 0; off <= len(data); off++ {
			if off < len(data) && !utf8.RuneStart(data[off]) || off > 0 && data[off-1] == '\r' && off < len(data) && data[off] == '\n' {
				continue
			}
			if !utf8.ValidString(data[:off]) {
				continue // an invalid byte's units are the decoder's to choose
			}
			want := specPos(data, off)
			if got := tx.pos(off); got != want {
				t.Fatalf("%q: pos(%d) = %+v, want %+v", data, off, got, want)
			}
			line := strings.Count(data[:off], "\n") + 1
			col := utf16Len(data[strings.LastIndexByte(data[:off], '\n')+1:off]) + 1
			if got := tx.at(line, col); got != want {
				t.Fatalf("%q: CLI %d:%d at %+v, want %+v", data, line, col, got, want)
			}
		}
	})
}
