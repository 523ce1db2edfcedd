package lsp

import (
	"context"
	"sort"
	"strings"
	"testing"
	"time"
	"unicode/utf16"
	"unicode/utf8"

	"go.lsp.dev/protocol"
)

// unitsOf counts s as a client in encoding enc does, computed apart from
// the server's own code (utf16.Encode, RuneCount), so the test does not
// check the server against itself.
func unitsOf(s, enc string) int {
	switch enc {
	case "utf-8":
		return len(s)
	case "utf-32":
		return utf8.RuneCountInString(s)
	}
	return len(utf16.Encode([]rune(s)))
}

// offsetOf is the byte offset of position p in an LF text, for a client in enc.
func offsetOf(text string, p protocol.Position, enc string) int {
	lines := strings.SplitAfter(text, "\n")
	off := 0
	for i := 0; i < int(p.Line) && i < len(lines); i++ {
		off += len(lines[i])
	}
	if int(p.Line) >= len(lines) {
		return len(text)
	}
	l := strings.TrimSuffix(lines[p.Line], "\n")
	for i := range l {
		if unitsOf(l[:i], enc) >= int(p.Character) {
			return off + i
		}
	}
	return off + len(l)
}

// applyEditsIn applies edits whose positions count enc's units.
func applyEditsIn(text string, edits []protocol.TextEdit, enc string) string {
	sort.Slice(edits, func(i, j int) bool {
		return offsetOf(text, edits[i].Range.Start, enc) > offsetOf(text, edits[j].Range.Start, enc)
	})
	for _, e := range edits {
		text = text[:offsetOf(text, e.Range.Start, enc)] + e.NewText + text[offsetOf(text, e.Range.End, enc):]
	}
	return text
}

// A client that offers UTF-8 or UTF-32 (Neovim, Helix, Emacs count bytes
// or characters natively) is given the first it lists it can take, and
// every position both ways counts in it: a finding after an emoji and
// CJK text, a fix's edit on such a line, a ranged change sent in it, and
// a symbol's range. Before, the server said utf-16 whatever was offered;
// a client that takes the answer at its word was right, but one asking
// for UTF-8 converted nothing and every squiggle after 😀 moved.
func TestPositionEncodings(t *testing.T) {
	for _, tc := range []struct {
		offered []string
		want    string
	}{
		{nil, "utf-16"},
		{[]string{"utf-16"}, "utf-16"},
		{[]string{"utf-8", "utf-16"}, "utf-8"},
		{[]string{"utf-32", "utf-8", "utf-16"}, "utf-32"},
		{[]string{"latin-1", "utf-32"}, "utf-32"}, // an unknown one is passed over
	} {
		t.Run(tc.want+"/"+strings.Join(tc.offered, ","), func(t *testing.T) {
			root := t.TempDir()
			caps := map[string]any{}
			if tc.offered != nil {
				caps["general"] = map[string]any{"positionEncodings": tc.offered}
			}
			c := newClientWith(t, 5*time.Millisecond, caps, root)
			if got := c.init.Capabilities.PositionEncoding; got != tc.want {
				t.Fatalf("positionEncoding %q, want %q", got, tc.want)
			}
			enc := tc.want
			rel := "s/wide/SKILL.md"
			body := "😀 漢字 é See [ref](missing.md)."
			doc := "---\nname: wide\ndescription: 😀 漢字 Use when: testing encodings\n---\n\n# Wide\n\n" + body + "\n"
			writeFiles(t, root, map[string]string{rel: doc})
			c.open(rel, doc)
			ds := c.waitFor(rel, hasCode("skillmd/link"))
			want := protocol.Range{
				Start: protocol.Position{Line: 7, Character: uint32(unitsOf(body[:strings.Index(body, "[")], enc))},
				End:   protocol.Position{Line: 7, Character: uint32(unitsOf(body, enc))},
			}
			for _, d := range ds {
				if d.Code == "skillmd/link" && d.Range != want {
					t.Errorf("skillmd/link at %+v, want %+v", d.Range, want)
				}
			}

			// The fix quotes the description: its edit's positions are in enc.
			var actions []protocol.CodeAction
			c.call(protocol.MethodTextDocumentCodeAction, &protocol.CodeActionParams{
				TextDocument: protocol.TextDocumentIdentifier{URI: c.uri(rel)},
				Range:        protocol.Range{Start: protocol.Position{Line: 2}, End: protocol.Position{Line: 2, Character: 40}},
			}, &actions)
			fixed := ""
			for _, a := range actions {
				if strings.Contains(a.Title, "skillmd/description-colon") && !strings.HasPrefix(a.Title, "Disable") {
					fixed = applyEditsIn(doc, a.Edit.Changes[c.uri(rel)], enc)
				}
			}
			if !strings.Contains(fixed, `description: "😀 漢字 Use when: testing encodings"`+"\n") {
				t.Errorf("the fix in %s gave:\n%s", enc, fixed)
			}

			// A ranged change in enc: the link's target, after the wide text, is
			// made to name a file that exists.
			writeFiles(t, root, map[string]string{"s/wide/ok.md": "# Ok\n"})
			at := strings.Index(body, "missing.md")
			r := protocol.Range{
				Start: protocol.Position{Line: 7, Character: uint32(unitsOf(body[:at], enc))},
				End:   protocol.Position{Line: 7, Character: uint32(unitsOf(body[:at+len("missing.md")], enc))},
			}
			c.ver++
			c.conn.Notify(context.Background(), protocol.MethodTextDocumentDidChange, &didChangeParams{
				TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: c.uri(rel)}, Version: c.ver},
				ContentChanges: []changeEvent{{Range: &r, Text: "ok.md"}},
			})
			c.waitFor(rel, not(hasCode("skillmd/link")))

			// A symbol's range ends at its line's end, counted in enc.
			var syms []protocol.DocumentSymbol
			c.call(protocol.MethodTextDocumentDocumentSymbol, &protocol.DocumentSymbolParams{TextDocument: protocol.TextDocumentIdentifier{URI: c.uri(rel)}}, &syms)
			for _, s := range syms {
				if s.Name == "description" && s.Range.End.Character != uint32(unitsOf("description: 😀 漢字 Use when: testing encodings", enc)) {
					t.Errorf("the description symbol ends at %d", s.Range.End.Character)
				}
			}
		})
	}
}

// An encoding's head of a line never splits a character: a UTF-8 position
// inside 😀's four bytes takes the whole of it, as a UTF-16 position
// inside its surrogate pair does.
func TestBytesInKeepsCharactersWhole(t *testing.T) {
	l := "a😀b"
	for _, tc := range []struct {
		enc   posEncoding
		units int
		want  int
	}{
		{encUTF8, 1, 1}, {encUTF8, 2, 5}, {encUTF8, 5, 5}, {encUTF8, 9, 6}, {encUTF8, -1, 0},
		{encUTF16, 2, 5}, {encUTF16, 3, 5}, {encUTF16, 4, 6},
		{encUTF32, 1, 1}, {encUTF32, 2, 5}, {encUTF32, 3, 6}, {encUTF32, 7, 6},
	} {
		if got := tc.enc.bytesIn(l, tc.units); got != tc.want {
			t.Errorf("%s bytesIn(%q, %d) = %d, want %d", tc.enc, l, tc.units, got, tc.want)
		}
	}
}
